import Foundation
import FlipbookQuartz

/// The scroll view's pan: UIKit's pan, plus the touch-down and lift a scroll view needs
/// (`isTracking`, stopping a deceleration).
@preconcurrency @MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let first = liveTouches.allSatisfy { touches.contains($0) }
        super.touchesBegan(touches, with: event)
        if first, state == .possible { scrollView?.fingerDidTouchDown() }
    }

    override func reset() {
        super.reset()
        scrollView?.fingerDidLift()
    }

    /// A pan that fails (the drag goes along an axis the content cannot scroll, or another
    /// recognizer won the touches) ends the scroll view's tracking at once, finger down or not:
    /// the touch will not scroll it, so `isTracking` is false from then on, as UIKit's scroll
    /// view stops tracking when its pan fails (docs/Semantics.md, "Scroll views").
    override func commit(_ s: UIGestureRecognizer.State) {
        super.commit(s)
        if s == .failed { scrollView?.fingerDidLift() }
    }
}

/// Holds a touch-down back from the content for `delay` (or until the finger lifts), so a
/// drag can become a scroll without the content ever seeing the touch: UIKit's
/// `delaysContentTouches`. It fails (the content then gets the held touch) unless the touch
/// stopped a moving scroll view or `touchesShouldBegin(_:with:in:)` says no; then it
/// recognizes and the content's touch is cancelled before it began. It never prevents or is
/// prevented by the pan.
@preconcurrency @MainActor
final class ScrollViewDelayRecognizer: UIGestureRecognizer {
    /// How long a still finger is held back from the content (UIKit: about 150 ms).
    static let delay: CFTimeInterval = 0.15

    weak var scrollView: UIScrollView?
    private var timer: MediaClockToken?

    init() {
        super.init(target: nil, action: nil)
        delaysTouchesBegan = true
        delaysTouchesEnded = true
        cancelsTouchesInView = true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, timer == nil else { return }
        if scrollView?.touchStoppedMotion == true {
            state = .ended
            return
        }
        timer = (scrollView?.ownClock ?? MediaClock.main).schedule(after: Self.delay) { [weak self] in
            guard let self, self.state == .possible, self.isInvolved else { return }
            self.decide(touches, event)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        decide(touches, event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    private func decide(_ touches: Set<UITouch>, _ event: UIEvent) {
        timer.cancelAndClear()
        if let sv = scrollView, let touch = touches.first, let view = touch.view, view !== sv,
            !sv.touchesShouldBegin(touches, with: event, in: view)
        {
            state = .ended
        } else {
            state = .failed
        }
    }

    override func reset() {
        super.reset()
        timer.cancelAndClear()
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// What a drag remembers between its pan actions.
struct ScrollDrag {
    /// The offset the finger would give without rubber-banding, at the pan's start.
    var startOffset: CGPoint = .zero
    /// The pan's translation at its start (the content does not jump by the hysteresis).
    var startTranslation: CGPoint = .zero
    /// The axes the drag moves: both, or one under `isDirectionalLockEnabled`.
    var movesX = true
    var movesY = true
}
