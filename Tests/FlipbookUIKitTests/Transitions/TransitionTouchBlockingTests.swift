import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UIKit ignores interaction events while a view-controller transition runs on its own, and
/// lets them through while an interaction drives it (docs/Semantics.md, "Touches and gesture
/// recognizers"; the app-wide switch is `UIApplication.isIgnoringInteractionEvents`).
@Suite(.freshRuntime) @MainActor
struct TransitionTouchBlockingTests {
    @Test func aNonInteractiveTransitionDropsNewTouchesUntilItEnds() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let target = TouchRecordingView("v", rec, frame: CGRect(x: 0, y: 100, width: 300, height: 300))
        vc.view.addSubview(target)
        let presented = RecordingRootController(rec)
        presented.modalPresentationStyle = .overFullScreen
        let held = app.touchDown(at: CGPoint(x: 50, y: 150))  // down before the transition
        vc.present(presented, animated: true)
        #expect(UIApplication.shared.isIgnoringInteractionEvents)
        held.move(to: CGPoint(x: 60, y: 150))  // a touch already down carries on
        held.lift()
        app.tap(at: CGPoint(x: 50, y: 150))  // dropped: the presentation is animating
        MediaClock.main.runUntilIdle()
        #expect(!UIApplication.shared.isIgnoringInteractionEvents)
        app.tap(at: CGPoint(x: 50, y: 150))  // reaches the presented screen
        #expect(rec.events == ["v began", "v moved", "v ended", "presented began", "presented ended"])
    }

    /// A controller whose root view records its touches as "presented".
    final class RecordingRootController: UIViewController {
        let recorder: EventRecorder
        init(_ recorder: EventRecorder) {
            self.recorder = recorder
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func loadView() { view = TouchRecordingView("presented", recorder, frame: UIScreen.main.bounds) }
    }

    @Test func anInteractiveTransitionLetsTouchesThroughUntilItsFinishPlaysOnItsOwn() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let fixture = PercentDrivenFixture(interaction: interaction)
        fixture.a.present(fixture.b, animated: true)
        interaction.update(0.4)
        #expect(!UIApplication.shared.isIgnoringInteractionEvents)  // a finger drives it
        interaction.finish()
        MediaClock.main.advanceFrames(1)
        #expect(UIApplication.shared.isIgnoringInteractionEvents)  // the rest plays on its own
        MediaClock.main.runUntilIdle()
        #expect(!UIApplication.shared.isIgnoringInteractionEvents)
        #expect(fixture.a.presentedViewController === fixture.b)
    }
}
