// PanelKit, as `flipbook port` wrote it (Ported/PanelKit): optional behaviour properties read
// with the default behaviour's own values as the fallback, a recognizer keeping a `Selector?`
// testing hook, an accessibility-action subclass forwarding its target and selector, an
// `objc_sync_enter` lock and key-path KVC on a label.
import XCTest
import Flipbook

final class PanelKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheDefaultBehaviourAnswersThroughTheProtocolAndDirectly() {
        let panel = PanelViewController()
        _ = AppDriver(rootViewController: panel, device: .iPhone15)
        XCTAssertEqual(panel.settleDuration, 0.4)
        XCTAssertEqual(panel.rubberBandLimit, 24)
        XCTAssertEqual(panel.redirection, 0.5)
    }

    func testAnchorActionsCallTheirTargetWithThemselves() {
        let panel = PanelViewController()
        let app = AppDriver(rootViewController: panel, device: .iPhone15)
        app.run(until: 0.1)
        // The nil title made no action, as the failable initialiser says.
        XCTAssertEqual(panel.anchorActions.map(\.name), ["Move to tip", "Move to half"])
        XCTAssertTrue(app.performAccessibilityCustomAction(named: "Move to tip", on: panel.surface))
        XCTAssertEqual(panel.events.filter { $0.hasPrefix("anchor") }, ["anchor 0"])
        app.run(until: 0.1 + panel.settleDuration + 0.05)
        XCTAssertEqual(panel.surface.frame.minY, panel.view.bounds.height * 0.8, accuracy: 0.01)
        XCTAssertFalse(app.performAccessibilityCustomAction(named: "Move to nowhere", on: panel.surface))
    }

    func testTheTestingHookNeverSendsItsSelector() {
        let panel = PanelViewController()
        let app = AppDriver(rootViewController: panel, device: .iPhone15)
        app.run(until: 0.1)
        let before = panel.surface.frame
        panel.pan.simulatePan(translation: CGPoint(x: 0, y: -100))
        app.run(until: 0.2)
        XCTAssertEqual(panel.surface.frame, before)
        XCTAssertFalse(panel.events.contains("settle"))
    }

    func testTheOnceLockRunsItsBlockOnceAndIsRecursive() {
        let panel = PanelViewController()
        _ = AppDriver(rootViewController: panel, device: .iPhone15)
        XCTAssertFalse(panel.events.contains("setup again"))
        let token = NSObject()
        XCTAssertEqual(objc_sync_enter(token), OBJC_SYNC_SUCCESS)
        XCTAssertEqual(objc_sync_enter(token), OBJC_SYNC_SUCCESS, "the thread holding the lock takes it again")
        XCTAssertEqual(objc_sync_exit(token), OBJC_SYNC_SUCCESS)
        XCTAssertEqual(objc_sync_exit(token), OBJC_SYNC_SUCCESS)
        XCTAssertEqual(objc_sync_exit(token), OBJC_SYNC_NOT_OWNING_THREAD_ERROR, "not held any more")
    }

    func testADraggedPanelSettlesOnTheBehavioursDuration() {
        let panel = PanelViewController()
        let app = AppDriver(rootViewController: panel, device: .iPhone15)
        app.run(until: 0.1)
        let bounds = panel.view.bounds
        app.drag(from: CGPoint(x: bounds.midX, y: bounds.midY + 40), to: CGPoint(x: bounds.midX, y: bounds.height * 0.3),
                 duration: 0.3)
        var frames: [RenderedImage] = []
        for t in [0.25, 0.5, 0.65, 1.0] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(panel.events.filter { $0 == "settle" }.count, 1)
        XCTAssertEqual(panel.surface.frame.minY, bounds.height * 0.2, accuracy: 0.01)
        Corpus.assertFilmstrip(frames, named: "PanelKitTests/drag-settles")
    }

    func testKeyPathCodingOnALabelIsReportedAndChangesNothing() {
        let label = PanelGrabberLabel()
        label.alpha = 0.5
        label.forwardProperties()
        XCTAssertEqual(label.inner.alpha, 1, "key-value coding needs the Objective-C runtime for a view's properties")
        // A layer answers its own key paths, also through an NSObject reference.
        let layer: NSObject = CALayer()
        layer.setValue(0.25, forKeyPath: "opacity")
        XCTAssertEqual((layer.value(forKeyPath: "opacity") as? NSNumber)?.floatValue, 0.25)
    }

    /// The grabber class kept as a metatype and the generic decoration factory make the class
    /// they are given, with its own initialiser, as UIKit's `-init` does.
    func testViewsChosenByClassAreMadeAsThatClass() {
        let panel = PanelViewController()
        let app = AppDriver(rootViewController: panel, device: .iPhone15)
        app.run(until: 0.1)
        panel.installGrabber()
        XCTAssertTrue(type(of: panel.grabber!) == PanelGrabberView.self)
        XCTAssertEqual(panel.grabber?.frame.height, 5)
        panel.grabberType = PanelPillGrabberView.self
        panel.installGrabber()
        XCTAssertTrue(panel.grabber is PanelPillGrabberView)
        XCTAssertEqual(panel.grabber?.frame.height, 8)
        XCTAssertEqual(panel.grabber?.layer.cornerRadius, 4)
        let pill = makePanelDecoration(PanelPillGrabberView.self)
        XCTAssertEqual(pill.layer.cornerRadius, 4)
        XCTAssertFalse(pill.isUserInteractionEnabled)
        XCTAssertTrue(type(of: makePanelDecoration(UIView.self)) == UIView.self)
        XCTAssertTrue(type(of: makePanelDecoration(PanelGrabberLabel.self)) == PanelGrabberLabel.self)
    }

    /// The drag recognizer's router hands each delegate message to the first of the app's proxy
    /// and the panel that implements it: with no proxy the panel decides; a proxy that implements
    /// `gestureRecognizerShouldBegin` decides alone; what the proxy does not implement still
    /// reaches the panel.
    func testTheRouterHandsEachMessageToTheFirstThatImplementsIt() {
        final class Blocker: NSObject, UIGestureRecognizerDelegate {
            var asked = 0
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                asked += 1
                return false
            }
        }
        let panel = PanelDragController()
        let app = AppDriver(rootViewController: panel, device: .iPhone15)
        app.run(until: 0.1)
        let bounds = panel.view.bounds
        app.at(0.2) {
            app.drag(from: CGPoint(x: bounds.midX, y: bounds.midY + 60), to: CGPoint(x: bounds.midX, y: bounds.midY + 260),
                     duration: 0.3)
        }
        var frames: [RenderedImage] = []
        for t in [0.3, 0.4, 0.6] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(panel.events, ["panel should begin", "began"])
        XCTAssertEqual(panel.offset.value, 200, accuracy: 0.5)
        XCTAssertEqual(panel.surface.transform.ty, panel.offset.value)
        Corpus.assertFilmstrip(frames, named: "PanelKitTests/drag-router")

        let blocker = Blocker()
        panel.drag.delegateProxy = blocker
        XCTAssertTrue(panel.drag.delegate === panel.drag.router, "setting the proxy sets the router again")
        // On the surface where the first drag left it (200 points lower).
        app.drag(from: CGPoint(x: bounds.midX, y: bounds.midY + 260), to: CGPoint(x: bounds.midX, y: bounds.midY + 360),
                 duration: 0.3)
        app.run(until: 1.2)
        XCTAssertEqual(blocker.asked, 1)
        XCTAssertEqual(panel.events, ["panel should begin", "began"], "the panel was not asked, and the drag did not begin")
        XCTAssertTrue(panel.drag.delegate!.gestureRecognizer(panel.drag, shouldRecognizeSimultaneouslyWith: UIPanGestureRecognizer()))
        XCTAssertEqual(panel.events.last, "panel simultaneous")
        withExtendedLifetime(blocker) {}
    }

    /// Setting any delegate but the router raises `NSInvalidArgumentException`: reported as iOS's
    /// console reports an uncaught exception, and the router stays.
    func testSettingAnotherDelegateRaisesAndKeepsTheRouter() {
        let panel = PanelDragController()
        _ = AppDriver(rootViewController: panel, device: .iPhone15)
        let messages = FlipbookDiagnostics.capture { panel.drag.delegate = panel }
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages[0].hasPrefix("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', "
            + "reason: 'PanelDragRecognizer's delegate must be its router."), messages[0])
        XCTAssertTrue(panel.drag.delegate === panel.drag.router)
    }

    /// The offset's unfair lock, and the damping from `CoreGraphics.log` (now `Flipbook.log`):
    /// ln(rate) / (-4π · 0.001).
    func testTheOffsetLockAndTheDamping() {
        let offset = PanelDragOffset()
        XCTAssertTrue(offset.tryWrite(12))
        XCTAssertEqual(offset.value, 12)
        offset.value = -3
        XCTAssertEqual(offset.value, -3)
        XCTAssertEqual(offset.dampingRatio(decelerationRate: 0.998), log(0.998) / (-4 * .pi * 0.001), accuracy: 1e-12)
        XCTAssertEqual(offset.dampingRatio(decelerationRate: 0.998), 0.15931, accuracy: 1e-5)
        XCTAssertEqual(offset.log, ["damping for 0.998", "damping for 0.998"])
    }
}
