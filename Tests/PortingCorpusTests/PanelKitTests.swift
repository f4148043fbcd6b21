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
}
