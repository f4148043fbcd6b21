import Foundation
import FlipbookQuartz

/// The window's side of touch delivery (UIKit's window → recognizers → views step, headless):
/// what `UIWindow.sendEvent(_:)` does with the changes the app's touches event carries.
///
/// Each change (`TouchChange`: a touch and the `TouchSample` it changed to) goes first to the
/// touch's recognizers, which track it through their own methods (`beginTracking(_:)`,
/// `endTracking(_:)`) and hand state changes to the `GestureArbiter`; then to the touch's view,
/// whose phases wait while a recognizer that delays them is still possible
/// (`delaysTouchesBegan`, `delaysTouchesEnded`) and stop once a recognizer that cancels touches
/// in view recognizes (the view gets `touchesCancelled` if it had begun). A held phase is a
/// value; when it reaches the view the touch shows that phase (`UITouch.presenting(_:_:)`)
/// for the length of the call, so `location(in:)` and `phase` read inside `touchesBegan` are
/// the began phase's, as on iOS.
///
/// The arbiter's decisions flow on down: a recognizer that fails releases held phases
/// (`releaseHeldPhases()`), one that recognizes cancels its view touches
/// (`cancelViewTouches(of:)`). Nothing here calls back into `TouchRouter`.
@preconcurrency @MainActor
final class TouchDelivery {
    /// The app's touches event (shared with `TouchRouter`, which fills it).
    let event: UIEvent

    init(event: UIEvent) { self.event = event }

    private var arbiter: GestureArbiter { UIApplication.shared.gestureArbiter }

    /// `UIWindow.sendEvent(_:)`: the changes of this window's touches go to their recognizers,
    /// then to their views.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        guard event === self.event, let changes = event.changes else { return }
        for change in changes where change.touch.window === window {
            let touch = change.touch
            deliverToRecognizers(change, in: window)
            touch.holdForView(change.sample)
            releaseHeld(touch)
        }
        arbiter.resetFinished()
    }

    private func deliverToRecognizers(_ change: TouchChange, in window: UIWindow) {
        let touch = change.touch
        let phase = change.sample.phase
        for r in touch.recognizers {
            guard r.isReceiving else { continue }
            guard r.view?.window === window else {
                arbiter.stop(r)
                continue
            }
            if phase == .began {
                r.beginTracking(touch)
                arbiter.noteInvolved(r)
            }
            guard r.isTracking(touch) else { continue }
            r.noteTouches(in: window)
            let set: Set<UITouch> = [touch]
            arbiter.deliver {
                switch phase {
                case .began: r.touchesBegan(set, with: event)
                case .moved, .stationary: r.touchesMoved(set, with: event)
                case .ended: r.touchesEnded(set, with: event)
                case .cancelled: r.touchesCancelled(set, with: event)
                default: break
                }
            }
            if phase == .ended || phase == .cancelled { r.endTracking(touch) }
        }
    }

    /// Delivers whatever recognizers no longer hold back, for every touch of the event.
    func releaseHeldPhases() {
        for t in event.touchList where !t.heldPhases.isEmpty { releaseHeld(t) }
        // Released outside a delivery (a recognizer failed on a timer): the finished touches go.
        if event.changes == nil { event.dropLiftedTouches() }
    }

    private func releaseHeld(_ touch: UITouch) {
        while let s = touch.heldPhases.first {
            if !touch.deliversToViews {
                touch.dropHeldPhases()
                break
            }
            if !touch.viewHasBegun {
                if s.phase == .cancelled {
                    touch.endForViewUnbegun()
                    break
                }
                if isHeld(touch, by: \.delaysTouchesBegan) { break }
            }
            if s.phase == .ended && isHeld(touch, by: \.delaysTouchesEnded) { break }
            _ = touch.takeHeldPhase()
            send(s, of: touch)
        }
    }

    private func isHeld(_ touch: UITouch, by flag: KeyPath<UIGestureRecognizer, Bool>) -> Bool {
        touch.recognizers.contains { r in
            r[keyPath: flag] && r.isEnabled && r.committedState == .possible && r.hasReceived(touch)
        }
    }

    /// The view's touches of `r` are cancelled: `r` recognized and cancels touches in view.
    func cancelViewTouches(of r: UIGestureRecognizer) {
        for t in r.sequenceTouches where t.deliversToViews && !t.viewHasEnded {
            t.cancelForView()
            if t.viewHasBegun {
                var s = t.shown
                s.phase = .cancelled
                send(s, of: t)
            }
        }
    }

    /// Sends one phase of `touch` to its view, the touch showing that phase for the call
    /// (dropped when the view left the touch's window).
    private func send(_ s: TouchSample, of touch: UITouch) {
        guard let view = touch.view, view.window === touch.window, touch.window != nil else {
            touch.loseView()
            return
        }
        touch.noteViewReceives(s.phase)
        let set: Set<UITouch> = [touch]
        touch.presenting(s) {
            switch s.phase {
            case .began: view.touchesBegan(set, with: event)
            case .moved, .stationary: view.touchesMoved(set, with: event)
            case .ended: view.touchesEnded(set, with: event)
            case .cancelled: view.touchesCancelled(set, with: event)
            default: break
            }
        }
    }
}
