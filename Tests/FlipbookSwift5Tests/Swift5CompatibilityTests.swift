// An XCTest target written as iOS test targets are: plain (nonisolated) test methods in the
// Swift 5 language mode that make views and run a transition, with no `@MainActor` and no
// `await`. It compiles because Flipbook's UIKit is main-actor isolated with `@preconcurrency`,
// as the iOS SDK's is (docs/Testing.md, "XCTest").
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class Swift5CompatibilityTests: XCTestCase {
    func testAnNSObjectAnimatorPresentsAndDismisses() {
        let host = BubbleHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        let animator = host.coordinator.animator
        host.presentDetail()
        app.advance(by: 0.2)
        XCTAssertEqual(animator.log, ["duration", "animate"])
        XCTAssertNotNil(animator.bubble.superview, "the bubble grows in the container")
        let halfway = animator.bubble.layer.presentation()?.transform.m11 ?? 0
        XCTAssertGreaterThan(halfway, 0.05)
        XCTAssertLessThan(halfway, 0.999)
        app.advance(by: 0.5)
        XCTAssertEqual(animator.log, ["duration", "animate", "completed true"])
        XCTAssertNotNil(host.presentedViewController)

        host.dismiss(animated: true)
        app.advance(by: 1)
        XCTAssertNil(host.presentedViewController)
        XCTAssertNil(animator.bubble.superview)
    }

    func testAConstraintSubclassIsMadeWithTheClassicInitializer() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(box)
        let width = LabelledConstraint(item: box, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 120)
        width.label = "width"
        let height = LabelledConstraint(item: box, attribute: .height, relatedBy: .equal, toItem: root.view, attribute: .height, multiplier: 0.5, constant: 0)
        NSLayoutConstraint.activate([width, height])
        app.advance(by: 0.1)
        XCTAssertEqual(box.frame.width, 120)
        XCTAssertEqual(box.frame.height, root.view.bounds.height / 2)
        XCTAssertEqual(width.label, "width")
    }

    func testUIKitClassesAreNSObjects() {
        let a = UIView()
        let b = UIView()
        XCTAssertTrue(TransitionUtilities.isSameView(a, a))
        XCTAssertFalse(TransitionUtilities.isSameView(a, b))
        XCTAssertTrue(a.isKind(of: UIResponder.self))
        XCTAssertTrue(UIViewController().isKind(of: UIResponder.self))
        let objects: [NSObject] = [a, CALayer(), CABasicAnimation(keyPath: "opacity"), UIPanGestureRecognizer(),
                                   UIColor.red, UITraitCollection(), UIDynamicAnimator(), UIViewPropertyAnimator(duration: 1, curve: .linear)]
        XCTAssertEqual(Set(objects).count, objects.count)
        XCTAssertEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.red, "colours compare by value")
        XCTAssertEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash, UIColor.red.hash)
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
    }

    func testALayerSubclassCopiesItsPropertyIntoThePresentationLayer() {
        let view = ProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = try! XCTUnwrap(view.layer as? ProgressLayer)
        layer.progress = 0.75
        let app = AppDriver(rootViewController: UIViewController())
        app.rootViewController?.view.addSubview(view)
        app.advanceFrames(1)
        let presentation = layer.presentation()
        XCTAssertEqual(presentation?.progress, 0.75)
        XCTAssertTrue(presentation.map { type(of: $0) == ProgressLayer.self } ?? false)
    }

    func testARecognizerSubclassUsesTheDesignatedInitializer() {
        let pan = VerticalPanGestureRecognizer(direction: "down")
        XCTAssertEqual(pan.direction, "down")
        XCTAssertEqual(pan.state, .possible)
    }

    func testADisplayLinkHoldsItsTargetUntilInvalidated() {
        let app = AppDriver(rootViewController: UIViewController())
        weak var weakCounter: FrameCounter?
        do {
            let counter = FrameCounter()
            weakCounter = counter
            counter.start()
        }
        app.advanceFrames(3)
        XCTAssertEqual(weakCounter?.frames, 3, "the link keeps its target alive and fires each frame")
        weakCounter?.stop()
        XCTAssertNil(weakCounter, "invalidate() releases the target")
    }

    // The other forms iOS test targets use (docs/Testing.md, "XCTest"): a main-actor test method
    // and an async one. A `@MainActor` test *class* cannot run on Linux: SwiftPM's generated test
    // list casts each method to a nonisolated function type and traps at launch.
    @MainActor func testAMainActorMethodRunsATransition() {
        let host = BubbleHostViewController()
        let app = AppDriver(rootViewController: host)
        host.presentDetail()
        app.advance(by: 1)
        XCTAssertEqual(host.coordinator.animator.log, ["duration", "animate", "completed true"])
    }

    @MainActor func testAnAsyncMainActorMethodAwaitsAndRuns() async {
        await Task.yield()
        let app = AppDriver(rootViewController: BubbleHostViewController())
        app.advanceFrames(2)
        XCTAssertEqual(app.time, 2.0 / 60, accuracy: 1e-9)
    }
}
