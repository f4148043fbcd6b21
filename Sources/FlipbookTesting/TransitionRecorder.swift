import Foundation
import Flipbook

/// Records what happens in a custom view-controller transition, call by call, with the clock
/// time of each call.
///
/// Install the recorder as the transitioning delegate in place of the real one; it forwards
/// every question to the real delegate and wraps what that delegate returns, so the history
/// holds:
///
/// - each delegate question and its answer (`delegate animationController(forPresented:) -> FlipAnimator`),
/// - the animators' calls (`FlipAnimator transitionDuration(using:) -> 0.6`,
///   `FlipAnimator animateTransition(using:)`, `FlipAnimator animationEnded(true)`),
/// - the interaction controllers' start (`SwipeInteraction startInteractiveTransition(_:)`),
/// - every call made on the transition context, by whoever makes it
///   (`context updateInteractiveTransition(0.5)`, `context finishInteractiveTransition()`,
///   `context cancelInteractiveTransition()`, `context completeTransition(true)`),
/// - your own entries: `record(_:)`, and completion handlers made by `completion(_:)`.
///
/// ```swift
/// let recorder = TransitionRecorder(wrapping: card)     // card vends the animators
/// card.transitioningDelegate = recorder
/// deck.present(card, animated: true, completion: recorder.completion("presented"))
/// MediaClock.main.runUntilIdle()
/// #expect(recorder.history.events == [
///     "delegate animationController(forPresented:) -> FlipAnimator",
///     "FlipAnimator transitionDuration(using:) -> 0.6", …])
/// print(recorder.history)     // one line per entry: "  0.617  context completeTransition(true)"
/// ```
///
/// Times are seconds of `MediaClock.main` since the recorder was made, rounded to the
/// millisecond. The recorder keeps the real delegate (strongly) and the wrappers it hands out;
/// UIKit keeps `transitioningDelegate` weakly, so keep the recorder alive for the test.
///
/// The wrappers pass the real transition context on unchanged (so animators and
/// `UIPercentDrivenInteractiveTransition` behave exactly as without the recorder) and listen to
/// it instead. The delegate's `interactionController…(using:)` questions get the real
/// animator, not its wrapper. What a wrapper does not forward: diagnostics name the wrapper's
/// type (`RecordingAnimator`), and a stalled interaction that Flipbook cancels after 30 s is
/// cancelled on the context rather than through the interaction controller.
@MainActor
public final class TransitionRecorder: UIViewControllerTransitioningDelegate {
    /// One entry of a history: when and what.
    public struct Entry: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// Seconds since the recorder was made, rounded to the millisecond.
        public var time: CFTimeInterval
        /// What happened, e.g. `context completeTransition(true)`.
        public var event: String

        public init(time: CFTimeInterval, event: String) {
            self.time = (time * 1000).rounded() / 1000
            self.event = event
        }

        /// `  0.617  context completeTransition(true)`.
        public var description: String { String(format: "%7.3f  ", time) + event }
    }

    /// A recorded history: entries in the order they happened. Compare whole histories (times
    /// included) with `==`, or only the events with `events`; print it to read it.
    public struct History: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var entries: [Entry]

        public init(_ entries: [Entry] = []) { self.entries = entries }

        /// The events without their times.
        public var events: [String] { entries.map(\.event) }

        /// One entry per line.
        public var description: String { entries.map(\.description).joined(separator: "\n") }
    }

    /// The delegate whose answers are recorded.
    public let wrapped: UIViewControllerTransitioningDelegate
    /// What has been recorded so far.
    public private(set) var history = History()
    /// Time zero of the history, in media time.
    public private(set) var origin: CFTimeInterval
    /// Wrappers handed out (UIKit holds interaction controllers weakly).
    private var wrappers: [AnyObject] = []
    /// The context last listened to (an interactive transition shows it to two wrappers).
    private weak var listenedContext: ViewControllerTransitionContext?

    /// A recorder standing in for `delegate`; time zero is now.
    public init(wrapping delegate: UIViewControllerTransitioningDelegate) {
        wrapped = delegate
        origin = MediaClock.main.now
    }

    /// Adds an entry at the current time.
    public func record(_ event: String) {
        history.entries.append(Entry(time: MediaClock.main.now - origin, event: event))
    }

    /// A completion handler that records `"completion <name>"` when called, e.g. for
    /// `present(_:animated:completion:)` or `dismiss(animated:completion:)`.
    public func completion(_ name: String) -> () -> Void {
        { [weak self] in self?.record("completion \(name)") }
    }

    /// Forgets the history, and makes now time zero.
    public func reset() {
        history = History()
        origin = MediaClock.main.now
    }

    // MARK: UIViewControllerTransitioningDelegate

    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        let answer = wrapped.animationController(forPresented: presented, presenting: presenting, source: source)
        record("delegate animationController(forPresented:) -> \(Self.name(answer))")
        return wrap(answer)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let answer = wrapped.animationController(forDismissed: dismissed)
        record("delegate animationController(forDismissed:) -> \(Self.name(answer))")
        return wrap(answer)
    }

    public func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        let answer = wrapped.interactionControllerForPresentation(using: Self.unwrapped(animator))
        record("delegate interactionControllerForPresentation(using:) -> \(Self.name(answer))")
        return wrap(answer)
    }

    public func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        let answer = wrapped.interactionControllerForDismissal(using: Self.unwrapped(animator))
        record("delegate interactionControllerForDismissal(using:) -> \(Self.name(answer))")
        return wrap(answer)
    }

    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let answer = wrapped.presentationController(forPresented: presented, presenting: presenting, source: source)
        record("delegate presentationController(forPresented:) -> \(Self.name(answer))")
        return answer
    }

    // MARK: Wrapping

    static func name(_ object: AnyObject?) -> String { object.map { String(describing: type(of: $0)) } ?? "nil" }

    static func unwrapped(_ animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerAnimatedTransitioning {
        (animator as? RecordingAnimator)?.inner ?? animator
    }

    private func wrap(_ animator: UIViewControllerAnimatedTransitioning?) -> UIViewControllerAnimatedTransitioning? {
        guard let animator else { return nil }
        let wrapper = RecordingAnimator(animator, recorder: self)
        wrappers.append(wrapper)
        return wrapper
    }

    private func wrap(_ interaction: UIViewControllerInteractiveTransitioning?) -> UIViewControllerInteractiveTransitioning? {
        guard let interaction else { return nil }
        let wrapper = RecordingInteractionController(interaction, recorder: self)
        wrappers.append(wrapper)
        return wrapper
    }

    /// Records the calls made on `context` from now on (a context Flipbook made; others are
    /// not observed). A context is listened to once however many wrappers see it.
    func listen(to context: UIViewControllerContextTransitioning) {
        guard let context = context as? ViewControllerTransitionContext, context !== listenedContext else { return }
        listenedContext = context
        let previous = context.callObserver
        context.callObserver = { [weak self] call in
            previous?(call)
            self?.record("context \(call)")
        }
    }
}

/// Forwards to an animator, recording each call.
@MainActor
final class RecordingAnimator: UIViewControllerAnimatedTransitioning {
    let inner: UIViewControllerAnimatedTransitioning
    private let name: String
    private weak var recorder: TransitionRecorder?

    init(_ inner: UIViewControllerAnimatedTransitioning, recorder: TransitionRecorder) {
        self.inner = inner
        name = TransitionRecorder.name(inner)
        self.recorder = recorder
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        let duration = inner.transitionDuration(using: transitionContext)
        recorder?.record("\(name) transitionDuration(using:) -> \(duration)")
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        recorder?.listen(to: transitionContext)
        recorder?.record("\(name) animateTransition(using:)")
        inner.animateTransition(using: transitionContext)
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        inner.interruptibleAnimator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) {
        recorder?.record("\(name) animationEnded(\(transitionCompleted))")
        inner.animationEnded(transitionCompleted)
    }
}

/// Forwards to an interaction controller, recording its start.
@MainActor
final class RecordingInteractionController: UIViewControllerInteractiveTransitioning {
    let inner: UIViewControllerInteractiveTransitioning
    private let name: String
    private weak var recorder: TransitionRecorder?

    init(_ inner: UIViewControllerInteractiveTransitioning, recorder: TransitionRecorder) {
        self.inner = inner
        name = TransitionRecorder.name(inner)
        self.recorder = recorder
    }

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        recorder?.listen(to: transitionContext)
        recorder?.record("\(name) startInteractiveTransition(_:)")
        inner.startInteractiveTransition(transitionContext)
    }

    var completionSpeed: CGFloat { inner.completionSpeed }
    var wantsInteractiveStart: Bool { inner.wantsInteractiveStart }
    var completionCurve: UIView.AnimationCurve { inner.completionCurve }
}
