// Key-value observing by string key as a 2015 menu animator does it (an NSObject that follows a
// button's frame with `addObserver(_:forKeyPath:options:context:)` and an override of
// `observeValue(forKeyPath:of:change:context:)`), compiled in the Swift 5 language mode and
// written as `flipbook port` leaves it: `override` and the `super` call dropped, the class
// conforming to `FlipbookKeyValueObserver` (docs/Divergences.md, "Key-value observing by
// string key"). On iOS the override itself is the way in, so this file is Flipbook's only.
#if !canImport(UIKit)
import XCTest
import Flipbook

private var menuButtonContext: UInt8 = 0

/// The conformance in the class declaration.
open class MenuButtonFollower: NSObject, FlipbookKeyValueObserver {
    var button: UIView?
    var followed: [CGFloat] = []

    func start() {
        button?.addObserver(self, forKeyPath: "frame", options: .new, context: &menuButtonContext)
    }

    func stop() {
        button?.removeObserver(self, forKeyPath: "frame")
    }

    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        if context == &menuButtonContext {
            if let frame = (change?[NSKeyValueChangeKey.newKey] as? NSValue)?.cgRectValue {
                followed.append(frame.origin.y)
            }
        }
    }
}

/// The conformance in an extension: the class's members stay nonisolated.
final class OffsetFollower: NSObject {
    var scroll: UIScrollView?
    var offsets: [CGFloat] = []

    func start() { scroll?.addObserver(self, forKeyPath: "contentOffset", options: [.new, .old], context: nil) }
    func stop() { scroll?.removeObserver(self, forKeyPath: "contentOffset", context: nil) }
}

extension OffsetFollower: FlipbookKeyValueObserver {
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard keyPath == "contentOffset", let offset = change?[.newKey] as? CGPoint else { return }
        offsets.append(offset.y)
    }
}

final class StringKeyObservingSwift5Tests: XCTestCase {
    func testAFollowerHearsTheFrameUntilItStops() {
        let follower = MenuButtonFollower()
        let button = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        follower.button = button
        follower.start()
        button.frame = CGRect(x: 0, y: 20, width: 30, height: 30)
        follower.stop()
        button.frame = CGRect(x: 0, y: 60, width: 30, height: 30)
        XCTAssertEqual(follower.followed, [20])
    }

    func testAnExtensionConformanceHearsTheOffset() {
        let follower = OffsetFollower()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 500)
        follower.scroll = scroll
        follower.start()
        scroll.contentOffset = CGPoint(x: 0, y: 30)
        follower.stop()
        scroll.contentOffset = CGPoint(x: 0, y: 60)
        XCTAssertEqual(follower.offsets, [30])
    }
}
#endif
