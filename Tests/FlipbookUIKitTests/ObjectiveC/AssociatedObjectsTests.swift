import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

nonisolated(unsafe) private var transitionKey: UInt8 = 0
nonisolated(unsafe) private var otherKey: UInt8 = 0

/// The runtime's associated objects, as iOS transition code uses them (state hung on a view
/// controller it does not own).
@Suite(.freshRuntime) @MainActor struct AssociatedObjectsTests {
    final class Tracked: NSObject, NSCopying {
        let onDeinit: () -> Void
        var copies = 0
        init(_ onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
        func copy(with zone: NSZone? = nil) -> Any { copies += 1; return Tracked() }
        deinit { onDeinit() }
    }

    @Test func setGetReplaceAndRemoveByKey() {
        let controller = UIViewController()
        let value = Tracked()
        objc_setAssociatedObject(controller, &transitionKey, value, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(controller, &transitionKey) as? Tracked === value)
        #expect(objc_getAssociatedObject(controller, &otherKey) == nil, "keys compare by address")
        objc_setAssociatedObject(controller, &transitionKey, "text", .OBJC_ASSOCIATION_COPY_NONATOMIC)
        #expect(objc_getAssociatedObject(controller, &transitionKey) as? String == "text")
        objc_setAssociatedObject(controller, &transitionKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(controller, &transitionKey) == nil)
    }

    @Test func retainedValuesAreReleasedWithTheirObject() {
        var log: [String] = []
        do {
            let view = UIView()
            let layer = CALayer()
            let plain = NSObject()
            objc_setAssociatedObject(view, &transitionKey, Tracked { log.append("view's") }, .OBJC_ASSOCIATION_RETAIN)
            objc_setAssociatedObject(layer, &transitionKey, Tracked { log.append("layer's") }, .OBJC_ASSOCIATION_RETAIN)
            objc_setAssociatedObject(plain, &transitionKey, Tracked { log.append("plain's") }, .OBJC_ASSOCIATION_RETAIN)
            #expect(log.isEmpty)
        }
        #expect(log.sorted() == ["layer's", "view's"], "hosts release their values when they go")
        // Any other object's values go at the next call that makes a table.
        objc_setAssociatedObject(NSObject(), &otherKey, 1, .OBJC_ASSOCIATION_RETAIN)
        #expect(log.sorted() == ["layer's", "plain's", "view's"])
    }

    @Test func assignDoesNotRetainAndCopyCopies() {
        let controller = UIViewController()
        do {
            let value = Tracked()
            objc_setAssociatedObject(controller, &transitionKey, value, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(controller, &transitionKey) as? Tracked === value)
        }
        #expect(objc_getAssociatedObject(controller, &transitionKey) == nil, "an assigned value is not kept alive")
        let original = Tracked()
        objc_setAssociatedObject(controller, &otherKey, original, .OBJC_ASSOCIATION_COPY)
        #expect(original.copies == 1)
        #expect(objc_getAssociatedObject(controller, &otherKey) as? Tracked !== original)
    }

    @Test func removeAssociatedObjectsClearsEveryKey() {
        var released = 0
        let view = UIView()
        objc_setAssociatedObject(view, &transitionKey, Tracked { released += 1 }, .OBJC_ASSOCIATION_RETAIN)
        objc_setAssociatedObject(view, &otherKey, Tracked { released += 1 }, .OBJC_ASSOCIATION_RETAIN)
        objc_removeAssociatedObjects(view)
        #expect(released == 2)
        #expect(objc_getAssociatedObject(view, &transitionKey) == nil)
    }

    @Test func aValueThatIsNotAnObjectIsReported() {
        let reports = FlipbookDiagnostics.capture {
            objc_setAssociatedObject(42, &transitionKey, "x", .OBJC_ASSOCIATION_RETAIN)
        }
        #expect(reports.contains { $0.contains("not a class instance") })
        #expect(objc_getAssociatedObject(42, &transitionKey) == nil)
    }
}
