import Foundation
import Flipbook
import Testing

/// Checks, while your test runs, the rules every view-controller transition must keep, and
/// says which one broke, where, in words.
///
/// ```swift
/// let app = AppDriver(rootViewController: home)
/// let invariants = TransitionInvariants(app: app)     // watches app's window from now on
/// home.present(detail, animated: true)
/// app.runScript()
/// invariants.recordIssues()                           // each violation becomes a test failure
/// ```
///
/// or, for every test of a suite, the trait: `@Suite(.freshRuntime, .transitionInvariants)`.
///
/// The rules (`Rule`):
///
/// - `completeTransitionOnce`: `completeTransition(_:)` is called exactly once per transition.
/// - `animationEndedOnce`: the animator's `animationEnded(_:)` is called once, after the
///   transition ends, with whether it completed.
/// - `appearance`: appearance callbacks are balanced: when no transition runs, every
///   controller on screen has appeared (`viewDidAppear`) and every one off screen has
///   disappeared, none is half way.
/// - `hierarchy`: after each transition the views are where the presentation style puts them
///   (docs/Semantics.md, "Presentation styles"): the presented view in its container in the
///   window; the presenting view gone for `.fullScreen` and `.currentContext`, still in the
///   window for the other styles; a navigation controller's top view alone in its content area.
/// - `leftBehind`: no view is left behind by a finished transition: the losing side's view is
///   out of the container, a finished dismissal's container is out of the window, and the
///   window holds nothing but the root view and the containers of live presentations.
/// - `links`: `presentedViewController`/`presentingViewController` point at each other,
///   navigation stacks and children agree, and `isBeingPresented`/`isBeingDismissed` are false
///   between transitions.
/// - `released`: `checkReleased()` finds no controller (or its view) alive after it left the
///   screen for good and your test let go of it (the checker holds weak references only).
///
/// Checks run after every transition ends (that transition's rules) and whenever no
/// transition is running (the whole window); call `check()` to check the whole window now.
/// The checker also keeps every `FlipbookDiagnostics` report made in the runtime it watches
/// while it watches (`diagnostics`).
@preconcurrency @MainActor
public final class TransitionInvariants {
    /// A rule a transition must keep.
    public enum Rule: String, Sendable, CaseIterable, Hashable {
        case completeTransitionOnce, animationEndedOnce, appearance, hierarchy, leftBehind, links, released
    }

    /// One broken rule.
    public struct Violation: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var rule: Rule
        /// What is wrong, naming the controllers by type: `after the presentation of <Detail> (.fullScreen): …`.
        public var message: String
        /// Seconds since the checker was made.
        public var time: CFTimeInterval

        /// `[hierarchy] 0.500 s: after the presentation of <Detail> …`.
        public var description: String { "[\(rule.rawValue)] \(String(format: "%.3f", time)) s: \(message)" }
    }

    /// The rules checked (default: all of them).
    public var rules = Set(Rule.allCases)
    /// Every violation found so far, in order (the same one is not repeated).
    public private(set) var violations: [Violation] = []
    /// Every diagnostic reported in the watched runtime while the checker watched.
    public private(set) var diagnostics: [String] = []
    /// The window watched (nil: every window a transition runs in).
    public private(set) weak var window: UIWindow?

    private let origin: CFTimeInterval
    /// The clock of the runtime watched (violation times are read on it).
    private let clock: MediaClock
    private var probeToken: TransitionProbe.ObserverToken?
    private var diagnosticsToken: Int?
    private var transitions: [ObjectIdentifier: Watched] = [:]
    /// Windows transitions ran in (when no window is given).
    private var windows: [WeakWindow] = []
    /// Controllers seen on screen, with their views, for `checkReleased()`.
    private var seen: [ObjectIdentifier: Seen] = [:]
    private var recordedCount = 0
    private var reported: Set<String> = []

    /// Watches the transitions in `app`'s window from now on.
    public convenience init(app: AppDriver) { self.init(window: app.window) }

    /// Watches the transitions in `window`, or (nil) in every window of the current runtime
    /// (under `.freshRuntime`, the test's) that one runs in. It listens in `window`'s runtime
    /// (the current one without a window), and keeps the diagnostics reported there.
    public init(window: UIWindow? = nil) {
        self.window = window
        let runtime = window.map { AppRuntime.owning($0) } ?? AppRuntime.current
        clock = runtime.clock
        origin = clock.now
        probeToken = TransitionProbe.addObserver(in: runtime) { [weak self] event in self?.observe(event) }
        diagnosticsToken = runtime.run {
            FlipbookDiagnostics.addObserver { [weak self] report in self?.diagnostics.append(report.message) }
        }
    }

    isolated deinit { stop() }

    /// Stops watching (violations and diagnostics stay readable).
    public func stop() {
        if let probeToken { TransitionProbe.removeObserver(probeToken) }
        if let diagnosticsToken { FlipbookDiagnostics.removeObserver(diagnosticsToken) }
        probeToken = nil
        diagnosticsToken = nil
    }

    /// Records each violation not recorded before as a Swift Testing issue.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        for violation in violations.dropFirst(recordedCount) {
            Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
        }
        recordedCount = violations.count
    }

    /// The violations as text, one per line ("no violations" when there are none).
    public var summary: String {
        violations.isEmpty ? "no violations" : violations.map(\.description).joined(separator: "\n")
    }

    // MARK: Watching

    @preconcurrency @MainActor
    private final class Watched {
        weak var context: ViewControllerTransitionContext?
        weak var from: UIViewController?
        weak var to: UIViewController?
        weak var container: UIView?
        let kind: ViewControllerTransitionKind
        let style: UIModalPresentationStyle?
        let removesPresenter: Bool
        let hasAnimator: Bool
        let animatorName: String
        var completeCalls = 0
        var animationEnded: [Bool] = []
        var ended = false

        init(_ context: ViewControllerTransitionContext) {
            let transition = context.snapshot
            self.context = context
            from = transition.fromViewController
            to = transition.toViewController
            container = transition.containerView
            kind = transition.kind
            // Only a modal transition's controller has a presentation controller (reading
            // `presentationController` of any other would create one).
            let presented = transition.presentedViewController
            style = presented?.presentedStyle
            removesPresenter = presented.flatMap { ownPresentationController($0) }?.shouldRemovePresentersView ?? false
            hasAnimator = transition.animator != nil
            animatorName = transition.animatorName
        }

        var subject: String {
            let moved = kind == .dismissal ? from : to
            return "the \(kind.noun) of \(name(moved))" + (style.map { " (.\($0.appleName))" } ?? "")
        }
    }

    private struct Seen {
        weak var controller: UIViewController?
        weak var view: UIView?
        var name: String
    }

    private func observe(_ event: TransitionProbe.Event) {
        switch event {
        case let .began(context):
            // The container, or else a controller's view (a chained dismissal's container can be
            // out of the window already), says where the transition runs.
            let w = context.containerView.window ?? [context.viewController(forKey: .to), context.viewController(forKey: .from)]
                .lazy.compactMap { $0.flatMap(windowOf) }.first
            guard inScope(w) else { return }
            if window == nil, let w, !windows.contains(where: { $0.window === w }) {
                windows.append(WeakWindow(w))
            }
            transitions = transitions.filter { $0.value.context != nil }
            transitions[ObjectIdentifier(context)] = Watched(context)
        case let .contextCall(context, .completeTransition):
            guard let watched = transitions[ObjectIdentifier(context)], watched.context === context else { return }
            watched.completeCalls += 1
            if watched.completeCalls > 1 {
                violate(.completeTransitionOnce,
                    "\(watched.animatorName) called completeTransition(_:) \(watched.completeCalls) times for "
                        + "\(watched.subject); call it exactly once.")
            }
        case let .animationEnded(context, completed):
            guard let watched = transitions[ObjectIdentifier(context)], watched.context === context else { return }
            watched.animationEnded.append(completed)
            if watched.animationEnded.count > 1 {
                violate(.animationEndedOnce,
                    "animationEnded(_:) was called \(watched.animationEnded.count) times for \(watched.subject).")
            }
        case let .ended(context, didComplete):
            guard let watched = transitions[ObjectIdentifier(context)], watched.context === context, !watched.ended
            else { return }
            watched.ended = true
            transitionEnded(watched, context: context, didComplete: didComplete)
            check()
        case .contextCall, .animatorCall, .appearance, .presentationHook, .coordinatorCompletions:
            break
        }
    }

    private func inScope(_ w: UIWindow?) -> Bool {
        guard let window else { return w != nil }
        return w === window
    }

    private func violate(_ rule: Rule, _ message: String) {
        guard rules.contains(rule), reported.insert("\(rule.rawValue)|\(message)").inserted else { return }
        violations.append(Violation(rule: rule, message: message, time: clock.now - origin))
    }

    // MARK: One transition

    private func transitionEnded(_ t: Watched, context: ViewControllerTransitionContext, didComplete: Bool) {
        if t.hasAnimator {
            if t.animationEnded.isEmpty {
                violate(.animationEndedOnce, "animationEnded(_:) was not called after \(t.subject) ended.")
            } else if t.animationEnded[0] != didComplete {
                violate(.animationEndedOnce,
                    "animationEnded(\(t.animationEnded[0])) after \(t.subject) \(didComplete ? "completed" : "was cancelled").")
            }
        }
        guard let from = t.from, let to = t.to else { return }
        // Something started from a completion handler changes the picture: leave it to the
        // checks made when everything has settled.
        let busy = TransitionProbe.runningContexts.contains { c in
            [c.viewController(forKey: .from), c.viewController(forKey: .to)].contains { $0 === from || $0 === to }
        }
        guard !busy else { return }
        let after = "after \(t.subject) \(didComplete ? "completed" : "was cancelled")"
        let winner = didComplete ? to : from
        let loserView = didComplete ? context.view(forKey: .from) : context.view(forKey: .to)
        if let container = t.container, let loserView, loserView !== winner.viewIfLoaded, loserView.isDescendant(of: container),
           container.window != nil
        {
            violate(.leftBehind, "\(after): \(viewName(loserView)) is still in the transition's container view.")
        }
        switch t.kind {
        case .presentation:
            if didComplete {
                if to.ownPresentingViewController !== from || from.ownPresentedViewController !== to {
                    violate(.links, "\(after): \(name(from)) and \(name(to)) are not linked as presenting and presented.")
                }
                if let container = t.container, container.window == nil {
                    violate(.hierarchy, "\(after): the container view is not in the window.")
                }
                if let shown = ownPresentationController(to)?.presentedView, let container = t.container,
                   !shown.isDescendant(of: container)
                {
                    violate(.hierarchy, "\(after): the presented view is not in the container view.")
                }
                if t.removesPresenter, from.viewIfLoaded?.window != nil {
                    violate(.hierarchy, "\(after): the presenting view (\(name(from))) is still in the window.")
                }
            } else {
                if to.ownPresentingViewController != nil || from.ownPresentedViewController === to {
                    violate(.links, "\(after): \(name(to)) is still linked to \(name(from)).")
                }
                if to.viewIfLoaded?.window != nil {
                    violate(.leftBehind, "\(after): the presented view is still in the window.")
                }
                if let container = t.container, container.window != nil {
                    violate(.leftBehind, "\(after): the container view is still in the window.")
                }
            }
        case .dismissal:
            if didComplete {
                if from.ownPresentingViewController != nil || to.ownPresentedViewController != nil {
                    violate(.links, "\(after): \(name(from)) is still linked to \(name(to)).")
                }
                if from.viewIfLoaded?.window != nil {
                    violate(.leftBehind, "\(after): the dismissed view is still in the window.")
                }
                if let container = t.container, container.window != nil {
                    violate(.leftBehind, "\(after): the container view is still in the window.")
                }
            } else if from.ownPresentingViewController == nil {
                violate(.links, "\(after): \(name(from)) is no longer presented.")
            }
        case .push, .pop:
            guard let nav = winner.parent as? UINavigationController ?? (didComplete ? from : to).navigationController
            else { return }
            if nav.topViewController !== winner {
                violate(.links, "\(after): the navigation controller's top is \(name(nav.topViewController)), not \(name(winner)).")
            }
        case .tabSwitch:
            break
        }
    }

    // MARK: The whole window

    /// Checks the whole watched window (or every window a transition ran in) now, when no
    /// transition runs there: appearance, hierarchy, views left behind, links.
    public func check() {
        // Not while a transition runs (its views are in between; its container may even be
        // out of the window, in a chained dismissal).
        let running = TransitionProbe.runningContexts
        guard !transitions.values.contains(where: { t in !t.ended && running.contains { $0 === t.context } }) else { return }
        let targets = window.map { [$0] } ?? windows.compactMap(\.window)
        for w in targets {
            guard !running.contains(where: { $0.containerView.window === w }), let root = w.rootViewController
            else { continue }
            var containers: [UIView] = []
            visit(root, visible: !w.isHidden, in: w, containers: &containers)
            for sub in w.subviews where sub !== root.viewIfLoaded && !containers.contains(where: { $0 === sub }) {
                violate(.leftBehind, "\(viewName(sub)) is left in the window: it is neither the root view nor the "
                    + "container of a presentation.")
            }
        }
    }

    private func visit(_ vc: UIViewController, visible: Bool, in w: UIWindow, containers: inout [UIView]) {
        seen[ObjectIdentifier(vc)] = Seen(controller: vc, view: vc.viewIfLoaded, name: name(vc))
        var selfVisible = visible
        if let presented = vc.ownPresentedViewController {
            if presented.ownPresentingViewController !== vc {
                violate(.links, "\(name(vc)) presents \(name(presented)), whose presentingViewController is "
                    + "\(name(presented.ownPresentingViewController)).")
            }
            if let container = presented.presentationContainer {
                if container.superview === w { containers.append(container) }
                if visible, container.window !== w {
                    violate(.hierarchy, "the container of \(name(presented))'s presentation is not in the window.")
                }
            }
            if ownPresentationController(presented)?.shouldRemovePresentersView == true { selfVisible = false }
            visit(presented, visible: visible, in: w, containers: &containers)
        }
        if vc.isBeingPresented || vc.isBeingDismissed {
            violate(.links, "\(name(vc)).\(vc.isBeingPresented ? "isBeingPresented" : "isBeingDismissed") is true "
                + "with no transition running.")
        }
        if selfVisible, let container = vc.presentationContainer,
           let shown = ownPresentationController(vc)?.presentedView, !shown.isDescendant(of: container)
        {
            violate(.hierarchy, "\(name(vc))'s presented view is not in its presentation's container.")
        }
        checkAppearance(vc, visible: selfVisible, in: w)
        if let nav = vc as? UINavigationController {
            let stack = nav.viewControllers
            if nav.children.count != stack.count || !zip(nav.children, stack).allSatisfy({ $0 === $1 }) {
                violate(.links, "\(name(nav))'s children (\(nav.children.map { name($0) }.joined(separator: ", "))) are not its "
                    + "viewControllers (\(stack.map { name($0) }.joined(separator: ", "))).")
            }
            for child in stack where child.parent !== nav {
                violate(.links, "\(name(child)) is on \(name(nav))'s stack but its parent is \(name(child.parent)).")
            }
            if nav.isViewLoaded, let top = stack.last {
                let content = nav.contentContainerView.subviews
                if content.count != 1 || content[0] !== top.viewIfLoaded {
                    violate(.leftBehind, "\(name(nav))'s content area holds \(content.map(viewName).joined(separator: ", ")); "
                        + "only the top view (\(name(top))) belongs there.")
                }
            }
            for (index, child) in stack.enumerated() {
                visit(child, visible: selfVisible && index == stack.count - 1, in: w, containers: &containers)
            }
        } else {
            for child in vc.children {
                visit(child, visible: selfVisible && child.viewIfLoaded?.window === w, in: w, containers: &containers)
            }
        }
    }

    private func checkAppearance(_ vc: UIViewController, visible: Bool, in w: UIWindow) {
        let phase = vc.appearancePhase
        let inWindow = vc.viewIfLoaded?.window === w
        switch phase {
        case .appearing:
            violate(.appearance, "\(name(vc)) is still appearing with no transition running: a viewWillAppear "
                + "without its viewDidAppear.")
            return
        case .disappearing:
            violate(.appearance, "\(name(vc)) is still disappearing with no transition running: a viewWillDisappear "
                + "without its viewDidDisappear.")
            return
        case .appeared, .disappeared:
            break
        }
        if visible {
            if !inWindow { violate(.hierarchy, "\(name(vc))'s view should be on screen but is not in the window.") }
            if phase != .appeared { violate(.appearance, "\(name(vc)) is on screen but has not appeared (no viewDidAppear).") }
        } else {
            if inWindow { violate(.hierarchy, "\(name(vc))'s view should be off screen but is in the window.") }
            if phase != .disappeared {
                violate(.appearance, "\(name(vc)) is off screen but has not disappeared (no viewDidDisappear).")
            }
        }
    }

    // MARK: Releases

    /// Reports every controller seen on screen that is alive although it is no longer on
    /// screen (or whose view is alive without it). Call it after the test let go of its own
    /// references and the clock ran until idle; it checks the watched window first.
    public func checkReleased() {
        check()
        var onScreen: [UIViewController] = []
        let targets = window.map { [$0] } ?? windows.compactMap(\.window)
        for w in targets {
            if let root = w.rootViewController { onScreen += TransitionRecorder.reachable(from: root) }
        }
        for (key, entry) in seen {
            if let vc = entry.controller {
                guard !onScreen.contains(where: { $0 === vc }) else { continue }
                violate(.released, "\(entry.name) is still alive after it left the screen (something keeps a strong "
                    + "reference to it).")
            } else if let view = entry.view {
                violate(.released, "the view of \(entry.name) (\(viewName(view))) is still alive after its controller "
                    + "was released.")
            } else {
                seen[key] = nil
            }
        }
    }
}

@preconcurrency @MainActor
private struct WeakWindow {
    weak var window: UIWindow?
    init(_ window: UIWindow) { self.window = window }
}

/// The window of `vc`'s view, or of the nearest controller below it (presenter or parent)
/// whose view is in one.
@preconcurrency @MainActor
func windowOf(_ vc: UIViewController) -> UIWindow? {
    var current: UIViewController? = vc
    while let c = current {
        if let w = c.viewIfLoaded?.window { return w }
        current = c.ownPresentingViewController ?? c.parent
    }
    return nil
}

/// The presentation controller of a controller that is presented (reading
/// `presentationController` of any other would create one).
@preconcurrency @MainActor
func ownPresentationController(_ vc: UIViewController) -> UIPresentationController? {
    vc.presentedStyle != nil ? vc.presentationController : nil
}

@preconcurrency @MainActor
func name(_ vc: UIViewController?) -> String {
    guard let vc else { return "nil" }
    return "<\(String(describing: type(of: vc)))>"
}

@preconcurrency @MainActor
func viewName(_ view: UIView) -> String {
    if let owner = view.next as? UIViewController, owner.viewIfLoaded === view { return "the view of \(name(owner))" }
    return "a \(String(describing: type(of: view)))"
}

/// Runs each test with a `TransitionInvariants` watching every window a transition runs in;
/// at the end of the test each violation is a test failure.
///
/// ```swift
/// @Suite(.freshRuntime, .transitionInvariants) @MainActor struct MyTransitionTests { … }
/// ```
public struct TransitionInvariantsTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        // The invariants observe the runtime bound when they are made: the test's. When the
        // test also has `.freshRuntime` but its scope is outside this one (the traits in the
        // other order, or the fresh runtime given to the test and the invariants to its
        // suite), the fresh runtime is bound here first, and the inner trait then keeps it.
        if !FreshRuntimeTrait.isActive, test.traits.contains(where: { $0 is FreshRuntimeTrait }) {
            try await FreshRuntimeTrait().provideScope(for: test, testCase: testCase) { try await Self.watch(function) }
        } else {
            try await Self.watch(function)
        }
    }

    @preconcurrency @MainActor
    private static func watch(_ function: @Sendable () async throws -> Void) async throws {
        let invariants = TransitionInvariants()
        defer { invariants.stop() }
        try await function()
        invariants.check()
        invariants.recordIssues()
    }
}

extension Trait where Self == TransitionInvariantsTrait {
    /// Checks `TransitionInvariants`' rules in every transition of each test.
    public static var transitionInvariants: Self { TransitionInvariantsTrait() }
}
