import Foundation
import Flipbook
import FlipbookTesting

/// Runs one fuzzed sequence in a fresh app and says what went wrong, if anything.
///
/// After every step: the invariants (`TransitionInvariants`, checked as each transition ends
/// and whenever none runs) and the diagnostics (only the documented ones, `acceptedDiagnostics`).
/// At the end: the app is left alone until the clock drains (every transition ends, even the
/// stuck ones, through Flipbook's watchdogs), the whole window is checked, each misbehaving
/// animator that ran has been reported, and once the app is let go every controller and view
/// it made is released.
@MainActor
struct FuzzRun {
    /// What went wrong: the first problems found, in words.
    var failures: [String] = []
    /// Diagnostics reported during the run.
    var diagnostics: [String] = []
    /// Transitions that started, and of those ended, how many completed and how many were cancelled.
    var transitions = 0
    var completed = 0
    var cancelled = 0

    /// How long the app may take to settle at the end (covers the 30 s interaction timeout and
    /// the 5 s completion grace period, twice).
    static var drainLimit: CFTimeInterval = 90

    /// Messages Flipbook documents for misuse and misbehaving animators (docs/Reliability.md,
    /// "Transitions"): any other diagnostic fails the run.
    static let acceptedDiagnostics: [String] = [
        "Attempt to present ",
        "Attempt to dismiss from view controller ",
        "which neither presents nor is presented: nothing to dismiss",
        "completeTransition(_:) was called more than once",
        "never called completeTransition(_:)",
        "interactively but has not called update, finish or cancel",
        "without adding its view (view(forKey: .to)) to the container view",
        "updateInteractiveTransition(_:) after the transition completed",
        "finishInteractiveTransition() on a transition that is",
        "cancelInteractiveTransition() on a transition that is",
        "pauseInteractiveTransition() on a transition that is",
        "UIPercentDrivenInteractiveTransition.update(_:) with no interactive transition running",
        "UIPercentDrivenInteractiveTransition.finish() with no interactive transition running",
        "UIPercentDrivenInteractiveTransition.cancel() with no interactive transition running",
        "UIPercentDrivenInteractiveTransition.finish() while its transition is already finishing",
        "UIPercentDrivenInteractiveTransition.cancel() while its transition is already finishing",
        "UIPercentDrivenInteractiveTransition.pause() while the transition is not running on its own",
        "UIPercentDrivenInteractiveTransition.update(_:) got ",
        "updateInteractiveTransition(_:) got ",
        " while a push is in progress",
        " while a pop is in progress",
        "MediaClock.advance(by:): ",
        "MediaClock.runUntilIdle(limit:): ",
        "Flipbook puts the from view back",
        // iOS 18's zoom given a source view it cannot use (docs/Semantics.md, "Zoom transition").
        "The zoom transition's sourceViewProvider for ",
    ]

    /// Runs `steps` in an app of their own, in a fresh `AppRuntime`.
    static func run(_ steps: [FuzzStep], stopAtFirstFailure: Bool = true) -> FuzzRun {
        let runtime = AppRuntime()
        // The reset afterwards lets go of what the clock still holds (links, animations).
        defer { runtime.clock.reset() }
        return runtime.run { runInCurrentRuntime(steps, stopAtFirstFailure: stopAtFirstFailure) }
    }

    private static func runInCurrentRuntime(_ steps: [FuzzStep], stopAtFirstFailure: Bool) -> FuzzRun {
        var result = FuzzRun()
        FuzzRegistry.reset()
        let printed = FlipbookDiagnostics.printsToStandardError
        FlipbookDiagnostics.printsToStandardError = false
        defer { FlipbookDiagnostics.printsToStandardError = printed }
        var transitions = 0, completed = 0, cancelled = 0
        let counter = TransitionProbe.addObserver { event in
            switch event {
            case .began: transitions += 1
            case let .ended(_, didComplete): if didComplete { completed += 1 } else { cancelled += 1 }
            default: break
            }
        }
        runApp(steps, stopAtFirstFailure: stopAtFirstFailure, into: &result)
        TransitionProbe.removeObserver(counter)
        if result.failures.isEmpty || !stopAtFirstFailure {
            let alive = FuzzRegistry.created.filter { $0.controller != nil || $0.view != nil }
            if !alive.isEmpty {
                let names = alive.map { e -> String in
                    if let vc = e.controller { return "<\(type(of: vc))>" + ((vc as? FuzzViewController).map { " #\($0.number)" } ?? "") }
                    return "a view of a released controller"
                }
                result.failures.append("still alive after the app was let go: \(names.joined(separator: ", "))")
            }
        }
        FuzzRegistry.reset()
        result.transitions = transitions
        result.completed = completed
        result.cancelled = cancelled
        return result
    }

    /// Runs the app part of `run` (its locals are gone when it returns, so what is still
    /// alive afterwards is held by something else).
    private static func runApp(_ steps: [FuzzStep], stopAtFirstFailure: Bool, into result: inout FuzzRun) {
        let clock = MediaClock.main
        var checkedDiagnostics = 0
        func checkAfter(_ label: String, _ invariants: TransitionInvariants) {
            if !invariants.violations.isEmpty {
                result.failures += invariants.violations.map { "\(label): \($0.description)" }
            }
            for message in invariants.diagnostics.dropFirst(checkedDiagnostics)
            where !acceptedDiagnostics.contains(where: { message.contains($0) }) {
                result.failures.append("\(label): an undocumented diagnostic: \(message)")
            }
            checkedDiagnostics = invariants.diagnostics.count
        }
        let root = FuzzNavigationController(root: FuzzViewController(number: 0))
        var driver: AppDriver? = AppDriver(rootViewController: root)
        let checker = TransitionInvariants(app: driver!)
        // The .completesTwice animators break this rule on purpose; Flipbook's diagnostic for it
        // is checked instead (below).
        checker.rules.remove(.completeTransitionOnce)
        defer { checker.stop() }
        for (index, step) in steps.enumerated() {
            FuzzRun.apply(step, in: driver!)
            if checker.violations.isEmpty, TransitionProbe.runningContexts.isEmpty { checker.check() }
            checkAfter("step \(index + 1) \(step)", checker)
            if stopAtFirstFailure, !result.failures.isEmpty { return }
        }
        if !clock.runUntilIdle(limit: drainLimit) {
            result.failures.append("the clock did not drain within \(drainLimit) s after the last step")
        }
        if !TransitionProbe.runningContexts.isEmpty {
            result.failures.append("\(TransitionProbe.runningContexts.count) transition(s) still running at the end")
        }
        checker.check()
        checkAfter("at the end", checker)
        let seen = checker.diagnostics
        for (kind, count) in FuzzRegistry.misbehaved.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > 0 {
            let expected: String?
            switch kind {
            case .neverCompletes: expected = "never called completeTransition(_:)"
            case .completesTwice: expected = "completeTransition(_:) was called more than once"
            default: expected = nil
            }
            if let expected, !seen.contains(where: { $0.contains(expected) }) {
                result.failures.append("a .\(kind) animator ran but Flipbook did not report \"\(expected)\"")
            }
        }
        if FuzzRegistry.misbehaved[.completesTwice, default: 0] == 0,
           seen.contains(where: { $0.contains("completeTransition(_:) was called more than once") })
        {
            result.failures.append("completeTransition(_:) was called twice although no .completesTwice animator ran")
        }
        result.diagnostics = checker.diagnostics
        // Let go of the app: everything it made must be released. (A presentation still up
        // holds its presenter and is held by it, as in UIKit, so dismiss them first.)
        if root.presentedViewController != nil { root.dismiss(animated: false) }
        checker.check()
        checkAfter("after dismissing everything", checker)
        FuzzRegistry.interactions = []
        driver = nil
        clock.runUntilIdle(limit: 1)
        _ = root
    }

    // MARK: Steps

    /// The top-most presented controller (or the root).
    static func topmost(_ driver: AppDriver) -> UIViewController? {
        var top = driver.rootViewController
        while let next = top?.ownPresentedViewController { top = next }
        return top
    }

    /// The presented controllers, bottom first.
    static func presentations(_ driver: AppDriver) -> [UIViewController] {
        var chain: [UIViewController] = []
        var top = driver.rootViewController
        while let next = top?.ownPresentedViewController {
            chain.append(next)
            top = next
        }
        return chain
    }

    /// The navigation controller of the top-most presentation (or the root), if any.
    static func topNavigation(_ driver: AppDriver) -> FuzzNavigationController? {
        for vc in ([driver.rootViewController].compactMap { $0 } + presentations(driver)).reversed() {
            if let nav = vc as? FuzzNavigationController { return nav }
        }
        return nil
    }

    static var counter = 0

    static func newController() -> FuzzViewController {
        counter += 1
        return FuzzViewController(number: counter)
    }

    static func point(_ x: Double, _ y: Double, in driver: AppDriver) -> CGPoint {
        let b = driver.window.bounds
        return CGPoint(x: min(b.width - 0.5, b.width * x), y: min(b.height - 0.5, b.height * y))
    }

    static func apply(_ step: FuzzStep, in driver: AppDriver) {
        switch step {
        case let .present(style, animated, animator, interaction, inNavigation):
            guard let top = topmost(driver) else { return }
            let content = newController()
            let presented: UIViewController = inNavigation ? FuzzNavigationController(root: content) : content
            presented.modalPresentationStyle = style.style
            let delegate = (presented as? FuzzNavigationController)?.fuzzDelegate ?? content.fuzzDelegate
            delegate.plan = FuzzPlan(animator: animator, interaction: interaction)
            if animator == .zoom { presented.preferredTransition = FuzzZoom.transition(number: counter) }
            let source = (top as? UINavigationController)?.topViewController ?? top
            source.present(presented, animated: animated)
            delegate.plan = FuzzPlan()
        case let .dismiss(depth, animated, animator, interaction):
            let chain = presentations(driver)
            guard !chain.isEmpty, let top = chain.last else {
                driver.rootViewController?.dismiss(animated: animated)
                return
            }
            let target = chain[min(depth, chain.count - 1)]
            let delegate = (top as? FuzzNavigationController)?.fuzzDelegate ?? (top as? FuzzViewController)?.fuzzDelegate
            delegate?.plan = FuzzPlan(animator: animator, interaction: interaction)
            target.presentingViewController?.dismiss(animated: animated)
            delegate?.plan = FuzzPlan()
        case let .push(animated, animator, interaction):
            guard let nav = topNavigation(driver) else { return }
            nav.navDelegate.plan = FuzzPlan(animator: animator, interaction: interaction)
            let pushed = newController()
            if animator == .zoom { pushed.preferredTransition = FuzzZoom.transition(number: counter) }
            nav.pushViewController(pushed, animated: animated)
            nav.navDelegate.plan = FuzzPlan()
        case let .pop(animated, animator, interaction):
            guard let nav = topNavigation(driver) else { return }
            nav.navDelegate.plan = FuzzPlan(animator: animator, interaction: interaction)
            nav.popViewController(animated: animated)
            nav.navDelegate.plan = FuzzPlan()
        case let .popToRoot(animated):
            topNavigation(driver)?.popToRootViewController(animated: animated)
        case let .setViewControllers(keep, add, animated):
            guard let nav = topNavigation(driver) else { return }
            var stack = Array(nav.viewControllers.prefix(keep))
            for _ in 0..<add { stack.append(newController()) }
            if stack.isEmpty { stack = [newController()] }
            nav.setViewControllers(stack, animated: animated)
        case let .update(p):
            FuzzRegistry.interactions.last?.update(CGFloat(p))
        case .finish:
            FuzzRegistry.interactions.last?.finish()
        case .cancel:
            FuzzRegistry.interactions.last?.cancel()
        case .pause:
            FuzzRegistry.interactions.last?.pause()
        case let .tap(x, y):
            driver.tap(at: point(x, y, in: driver))
        case let .drag(fx, fy, tx, ty, duration):
            driver.drag(from: point(fx, fy, in: driver), to: point(tx, ty, in: driver), duration: duration)
        case let .edgeSwipe(x, y, duration):
            driver.drag(from: point(0.005, y, in: driver), to: point(x, y, in: driver), duration: duration)
        case let .zoomDrag(x, y, duration):
            driver.drag(from: point(0.5, 0.5, in: driver), to: point(x, y, in: driver), duration: duration)
        case let .pinch(scale, duration):
            let center = point(0.5, 0.5, in: driver)
            let span0: CGFloat = 160, span1 = 160 * CGFloat(scale)
            let a = driver.touchDown(at: CGPoint(x: center.x - span0 / 2, y: center.y))
            let b = driver.touchDown(at: CGPoint(x: center.x + span0 / 2, y: center.y))
            let steps = max(1, Int((duration * 60).rounded()))
            for i in 1...steps {
                driver.advanceFrames(1)
                let s = span0 + (span1 - span0) * CGFloat(i) / CGFloat(steps)
                a.move(to: CGPoint(x: center.x - s / 2, y: center.y))
                b.move(to: CGPoint(x: center.x + s / 2, y: center.y))
            }
            a.lift()
            b.lift()
        case let .advance(seconds):
            driver.advance(by: seconds)
        }
    }
}
