import Foundation
import Flipbook

/// Records what happens in view-controller transitions, call by call, with the clock time of
/// each call.
///
/// Two ways to attach it:
///
/// - **As the transitioning delegate** (`TransitionRecorder(wrapping: realDelegate)`), in place
///   of the real one: it forwards every question to the real delegate and wraps what that
///   delegate returns, so the history also holds each delegate question and its answer and
///   every call UIKit or an interaction controller makes on the animator. It records the
///   transitions of the controllers the delegate is asked about (and of those you `track(_:)`).
/// - **To an app** (`TransitionRecorder(app: driver)`): every transition in the driver's window
///   (presentations, dismissals, pushes, pops), with the calls UIKit makes on the animators
///   and interaction controllers, whoever supplied them.
///
/// Either way the history holds:
///
/// - the delegate's questions and answers (`delegate animationController(forPresented:) -> FlipAnimator`),
/// - the animators' calls (`FlipAnimator transitionDuration(using:) -> 0.6`,
///   `FlipAnimator animateTransition(using:)`, `FlipAnimator animationEnded(true)`),
/// - the interaction controllers' start (`SwipeInteraction startInteractiveTransition(_:)`),
/// - every call made on the transition context, by whoever makes it
///   (`context updateInteractiveTransition(0.5)`, `context finishInteractiveTransition()`,
///   `context cancelInteractiveTransition()`, `context completeTransition(true)`),
/// - the appearance callbacks of the controllers involved (`DetailViewController viewWillAppear(true)`),
/// - the presentation controller's transition hooks
///   (`presentationController presentationTransitionWillBegin()`, `… DidEnd(true)`),
/// - the coordinator's completion blocks (`coordinator completions (2)`),
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
/// `recording` chooses what is recorded (all of it by default). Times are seconds of
/// `MediaClock.main` (the app's clock, for a recorder attached to an app) since the recorder
/// was made, rounded to the millisecond. The recorder hears the transitions of its app's
/// runtime (the current one for a wrapping recorder, and the runtime of each controller it is
/// asked about or tracks), as the transition probe's observers live in the runtime. Controllers are
/// named by their type, or by the name given with `name(_:as:)`. The recorder keeps the real
/// delegate (strongly) and the wrappers it hands out; UIKit keeps `transitioningDelegate`
/// weakly, so keep the recorder alive for the test.
///
/// The wrappers pass the real transition context on unchanged (so animators and
/// `UIPercentDrivenInteractiveTransition` behave exactly as without the recorder). The
/// delegate's `interactionController…(using:)` questions get the real animator, not its
/// wrapper. What a wrapper does not forward: diagnostics name the wrapper's type
/// (`RecordingAnimator`), and a stalled interaction that Flipbook cancels after 30 s is
/// cancelled on the context rather than through the interaction controller.
@preconcurrency @MainActor
public final class TransitionRecorder: NSObject, UIViewControllerTransitioningDelegate {
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
    /// included) with `==`, or only the events with `events`; print it to read it, and
    /// `difference(from:)` to see what changed.
    public struct History: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var entries: [Entry]

        public init(_ entries: [Entry] = []) { self.entries = entries }

        /// The events without their times.
        public var events: [String] { entries.map(\.event) }

        /// One entry per line.
        public var description: String { entries.map(\.description).joined(separator: "\n") }

        /// The two histories line by line, as a diff: unchanged lines start with two spaces,
        /// lines only in `expected` with `- `, lines only in this history with `+ `. Empty when
        /// they are equal.
        public func difference(from expected: History) -> String {
            guard self != expected else { return "" }
            let old = expected.entries.map(\.description), new = entries.map(\.description)
            let diff = new.difference(from: old)
            var removed = Set<Int>(), inserted = Set<Int>()
            for change in diff {
                switch change {
                case let .remove(offset, _, _): removed.insert(offset)
                case let .insert(offset, _, _): inserted.insert(offset)
                }
            }
            var lines: [String] = []
            var i = 0, j = 0
            while i < old.count || j < new.count {
                if i < old.count, removed.contains(i) {
                    lines.append("- " + old[i]); i += 1
                } else if j < new.count, inserted.contains(j) {
                    lines.append("+ " + new[j]); j += 1
                } else {
                    if j < new.count { lines.append("  " + new[j]) }
                    i += 1; j += 1
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// What a recorder records.
    public struct Recording: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The transitioning delegate's questions and answers (wrapping recorders only).
        public static let delegate = Recording(rawValue: 1 << 0)
        /// Calls on animators and interaction controllers (duration, animate, start, ended).
        public static let animator = Recording(rawValue: 1 << 1)
        /// Calls on the transition context (complete, update, finish, cancel, pause).
        public static let context = Recording(rawValue: 1 << 2)
        /// Appearance callbacks of the controllers involved.
        public static let appearance = Recording(rawValue: 1 << 3)
        /// The presentation controller's transition hooks.
        public static let presentationController = Recording(rawValue: 1 << 4)
        /// The coordinator's completion blocks, and handlers made by `completion(_:)`.
        public static let completions = Recording(rawValue: 1 << 5)

        public static let all: Recording = [.delegate, .animator, .context, .appearance, .presentationController, .completions]
    }

    /// The delegate whose answers are recorded (nil for a recorder attached to an app).
    public let wrapped: UIViewControllerTransitioningDelegate?
    /// The window whose transitions are all recorded (a recorder attached to an app).
    public private(set) weak var window: UIWindow?
    /// What is recorded from now on (default: everything). Your own `record(_:)` entries always are.
    public var recording: Recording = .all
    /// What has been recorded so far.
    public private(set) var history = History()
    /// Time zero of the history, in media time.
    public private(set) var origin: CFTimeInterval
    /// Wrappers handed out (UIKit holds interaction controllers weakly).
    private var wrappers: [AnyObject] = []
    /// Controllers whose transitions and appearance callbacks are recorded.
    private var tracked: [ObjectIdentifier: WeakController] = [:]
    /// Transitions being recorded.
    private var contexts: [ObjectIdentifier: WeakContext] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    /// The probe observers installed, one per runtime listened to.
    private var listening: [Listening] = []
    /// The clock times are read on: the app's (a recorder attached to an app), else the one
    /// current when the recorder was made.
    private let clock: MediaClock

    /// A recorder standing in for `delegate`; time zero is now.
    public init(wrapping delegate: UIViewControllerTransitioningDelegate) {
        wrapped = delegate
        clock = MediaClock.main
        origin = clock.now
        super.init()
        listen(in: AppRuntime.current)
    }

    /// A recorder of every transition in `app`'s window; time zero is now.
    public init(app: AppDriver) {
        wrapped = nil
        window = app.window
        clock = app.runtime.clock
        origin = clock.now
        super.init()
        listen(in: app.runtime)
    }

    isolated deinit {
        for entry in listening { TransitionProbe.removeObserver(entry.token) }
    }

    /// Adds an entry at the current time (recorded whatever `recording` says).
    public func record(_ event: String) {
        history.entries.append(Entry(time: clock.now - origin, event: event))
    }

    /// A completion handler that records `"completion <name>"` when called, e.g. for
    /// `present(_:animated:completion:)` or `dismiss(animated:completion:)`.
    public func completion(_ name: String) -> () -> Void {
        { [weak self] in
            guard let self, self.recording.contains(.completions) else { return }
            self.record("completion \(name)")
        }
    }

    /// Forgets the history, and makes now time zero.
    public func reset() {
        history = History()
        origin = clock.now
    }

    /// Records the transitions and appearance callbacks of `controller` from now on.
    public func track(_ controller: UIViewController) {
        tracked[ObjectIdentifier(controller)] = WeakController(controller)
        // A controller of another app (in a window of another runtime) is heard in its runtime.
        if let window = controller.viewIfLoaded?.window { listen(in: AppRuntime.owning(window)) }
    }

    /// Names `controller` `name` in the history instead of by its type (to tell apart two
    /// controllers of one type). Also tracks it.
    public func name(_ controller: UIViewController, as name: String) {
        names[ObjectIdentifier(controller)] = name
        track(controller)
    }

    // MARK: UIViewControllerTransitioningDelegate

    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        track(presented)
        track(presenting)
        let answer = wrapped?.animationController(forPresented: presented, presenting: presenting, source: source)
        return wrap(recordedAnswer("animationController(forPresented:)", answer))
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        track(dismissed)
        if let presenter = dismissed.presentingViewController { track(presenter) }
        let answer = wrapped?.animationController(forDismissed: dismissed)
        return wrap(recordedAnswer("animationController(forDismissed:)", answer))
    }

    public func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        let answer = wrapped?.interactionControllerForPresentation(using: Self.unwrapped(animator))
        return wrap(recordedAnswer("interactionControllerForPresentation(using:)", answer))
    }

    public func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        let answer = wrapped?.interactionControllerForDismissal(using: Self.unwrapped(animator))
        return wrap(recordedAnswer("interactionControllerForDismissal(using:)", answer))
    }

    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        track(presented)
        if let presenting { track(presenting) }
        let answer = wrapped?.presentationController(forPresented: presented, presenting: presenting, source: source)
        return recordedAnswer("presentationController(forPresented:)", answer)
    }

    func recordAnimator(_ event: String) {
        if recording.contains(.animator) { record(event) }
    }

    /// Records the wrapped delegate's `answer` to `question` ("delegate question -> its type")
    /// when recording `.delegate`, and returns it.
    private func recordedAnswer<Answer>(_ question: String, _ answer: Answer?) -> Answer? {
        if recording.contains(.delegate) { record("delegate \(question) -> \(Self.name(answer.map { $0 as AnyObject }))") }
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

    /// Records the transition of `context` (a wrapper saw it).
    func listen(to context: UIViewControllerContextTransitioning) {
        guard let context = context as? ViewControllerTransitionContext else { return }
        contexts[ObjectIdentifier(context)] = WeakContext(context)
    }

    // MARK: The probe

    /// Listens to the transitions of `runtime`'s app (the probe's observers live in the
    /// runtime), once per runtime.
    private func listen(in runtime: AppRuntime) {
        guard !listening.contains(where: { $0.runtime === runtime }) else { return }
        let token = TransitionProbe.addObserver(in: runtime) { [weak self] event in self?.observe(event) }
        listening.append(Listening(runtime: runtime, token: token))
    }

    private struct Listening {
        weak var runtime: AppRuntime?
        let token: TransitionProbe.ObserverToken
    }

    func displayName(_ controller: UIViewController) -> String {
        names[ObjectIdentifier(controller)] ?? String(describing: type(of: controller))
    }

    /// Whether `controller` is one whose callbacks are recorded.
    private func involves(_ controller: UIViewController) -> Bool {
        if tracked[ObjectIdentifier(controller)]?.controller === controller { return true }
        guard let window, let root = window.rootViewController else {
            return TransitionProbe.runningContexts.contains { involves($0) && Self.participants($0).contains { $0 === controller } }
        }
        if Self.reachable(from: root).contains(where: { $0 === controller }) {
            track(controller)
            return true
        }
        return false
    }

    private func involves(_ context: ViewControllerTransitionContext) -> Bool {
        if contexts[ObjectIdentifier(context)]?.context === context { return true }
        let yes: Bool
        if let window {
            yes = context.containerView.window === window
                || Self.participants(context).contains { tracked[ObjectIdentifier($0)]?.controller === $0 }
        } else {
            yes = Self.participants(context).contains { tracked[ObjectIdentifier($0)]?.controller === $0 }
        }
        if yes { contexts[ObjectIdentifier(context)] = WeakContext(context) }
        return yes
    }

    static func participants(_ context: ViewControllerTransitionContext) -> [UIViewController] {
        [context.viewController(forKey: .from), context.viewController(forKey: .to)].compactMap { $0 }
    }

    /// Every controller reachable from `root` through children and presentations.
    static func reachable(from root: UIViewController) -> [UIViewController] {
        var out: [UIViewController] = []
        var queue = [root]
        while let vc = queue.popLast() {
            guard !out.contains(where: { $0 === vc }) else { continue }
            out.append(vc)
            queue += vc.children
            if let presented = vc.ownPresentedViewController { queue.append(presented) }
        }
        return out
    }

    private func observe(_ event: TransitionProbe.Event) {
        switch event {
        case let .began(context):
            _ = involves(context)
        case let .animatorCall(context, callee, call):
            // A wrapper records its own calls.
            guard recording.contains(.animator), !(callee is RecordingAnimator),
                  !(callee is RecordingInteractionController), involves(context) else { return }
            record("\(Self.name(callee)) \(call)")
        case let .contextCall(context, call):
            guard recording.contains(.context), involves(context) else { return }
            record("context \(call)")
        case let .appearance(controller, call):
            guard recording.contains(.appearance), involves(controller) else { return }
            record("\(displayName(controller)) \(call)")
        case let .presentationHook(controller, hook):
            guard recording.contains(.presentationController), involves(controller.presentedViewController) else { return }
            record("presentationController \(hook)")
        case let .coordinatorCompletions(context, count):
            guard recording.contains(.completions), involves(context) else { return }
            record("coordinator completions (\(count))")
        case let .animationEnded(context, completed):
            let transition = context.snapshot
            guard recording.contains(.animator), !(transition.animator is RecordingAnimator), involves(context)
            else { return }
            record("\(transition.animatorName) animationEnded(\(completed))")
        case .ended:
            break
        }
    }
}

@preconcurrency @MainActor
struct WeakController {
    weak var controller: UIViewController?
    init(_ controller: UIViewController) { self.controller = controller }
}

@preconcurrency @MainActor
struct WeakContext {
    weak var context: ViewControllerTransitionContext?
    init(_ context: ViewControllerTransitionContext) { self.context = context }
}

/// What a recording wrapper holds: the object it forwards to, that object's type name (for
/// the record) and the recorder.
@preconcurrency @MainActor
class RecordingWrapper<Inner>: NSObject {
    let inner: Inner
    fileprivate let name: String
    fileprivate weak var recorder: TransitionRecorder?

    init(_ inner: Inner, recorder: TransitionRecorder) {
        self.inner = inner
        name = TransitionRecorder.name(inner as AnyObject)
        self.recorder = recorder
    }
}

/// Forwards to an animator, recording each call.
@preconcurrency @MainActor
final class RecordingAnimator: RecordingWrapper<UIViewControllerAnimatedTransitioning>,
    UIViewControllerAnimatedTransitioning
{
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        let duration = inner.transitionDuration(using: transitionContext)
        recorder?.recordAnimator("\(name) transitionDuration(using:) -> \(duration)")
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        recorder?.listen(to: transitionContext)
        recorder?.recordAnimator("\(name) animateTransition(using:)")
        inner.animateTransition(using: transitionContext)
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        inner.interruptibleAnimator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) {
        recorder?.recordAnimator("\(name) animationEnded(\(transitionCompleted))")
        inner.animationEnded(transitionCompleted)
    }
}

/// Forwards to an interaction controller, recording its start.
@preconcurrency @MainActor
final class RecordingInteractionController: RecordingWrapper<UIViewControllerInteractiveTransitioning>,
    UIViewControllerInteractiveTransitioning
{
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        recorder?.listen(to: transitionContext)
        recorder?.recordAnimator("\(name) startInteractiveTransition(_:)")
        inner.startInteractiveTransition(transitionContext)
    }

    var completionSpeed: CGFloat { inner.completionSpeed }
    var wantsInteractiveStart: Bool { inner.wantsInteractiveStart }
    var completionCurve: UIView.AnimationCurve { inner.completionCurve }
}
