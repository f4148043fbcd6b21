import Flipbook

/// What the page's panel shows: the presented screens and the transition in progress.
public struct PreviewSceneState: Codable, Sendable, Equatable {
    public struct Transition: Codable, Sendable, Equatable {
        public var kind: String
        public var animator: String
        public var interactive: Bool
        public var percentComplete: Double
        public var cancelled: Bool
        public var complete: Bool
        /// For a finished transition, `interactive` tells whether it was interactive at any
        /// point, and `result` is "completed" or "cancelled".
        public var result: String?
        /// Frame at which it was first seen.
        public var startFrame: Int
        public var endFrame: Int?
    }
    /// Class names from the window's root along the presented chain.
    public var screens: [String] = []
    public var transition: Transition?
    public var lastTransition: Transition?
    public var transitionCount = 0
    /// The latest diagnostics reported by Flipbook during this run (newest last).
    public var diagnostics: [String] = []
    public var diagnosticCount = 0
    public var fingersDown = 0
    public var acceptsTouches = true
}

/// Watches one running scene's window for transitions (each step) and describes it.
@preconcurrency @MainActor
final class PreviewInspector {
    let window: UIWindow?
    private var current: ViewControllerTransitionContext?
    private var currentStart = 0
    /// Whether the current transition has been interactive at some point (it stops being
    /// interactive once finished or cancelled).
    private var currentWasInteractive = false
    private(set) var state = PreviewSceneState()
    /// Every transition finished so far, in order (at most 256; for "Copy as test").
    private(set) var finished: [PreviewSceneState.Transition] = []

    init(window: UIWindow?, acceptsTouches: Bool) {
        self.window = window
        state.acceptsTouches = acceptsTouches
    }

    func noteDiagnostic(_ message: String) {
        state.diagnosticCount += 1
        state.diagnostics.append(String(message.prefix(300)))
        if state.diagnostics.count > 20 { state.diagnostics.removeFirst(state.diagnostics.count - 20) }
    }

    /// Called after every step of the scene, drawn or not, so short transitions are seen.
    func observe(frame: Int, fingersDown: Int) {
        state.fingersDown = fingersDown
        let found = window?.rootViewController.flatMap(Self.context(in:))
        if found !== current {
            if let old = current {
                var t = describe(old, start: currentStart)
                t.result = old.transitionWasCancelled ? "cancelled" : "completed"
                t.interactive = currentWasInteractive
                t.endFrame = frame
                state.lastTransition = t
                if finished.count < 256 { finished.append(t) }
            }
            current = found
            currentStart = frame
            currentWasInteractive = false
            if found != nil { state.transitionCount += 1 }
        }
        if current?.isInteractive == true { currentWasInteractive = true }
        state.transition = current.map { describe($0, start: currentStart) }
        var screens: [String] = []
        var vc = window?.rootViewController
        while let v = vc, screens.count < 16 {
            screens.append(Self.name(v))
            vc = v.presentedViewController
        }
        state.screens = screens
    }

    private func describe(_ c: ViewControllerTransitionContext, start: Int) -> PreviewSceneState.Transition {
        let t = c.snapshot
        let animator = t.animator.map { Self.name($0) } ?? "none"
        let percent = Double(t.percentComplete)
        return PreviewSceneState.Transition(
            kind: t.kind.noun, animator: animator, interactive: t.isInteractive,
            percentComplete: percent.isFinite ? percent : 0, cancelled: t.transitionWasCancelled, complete: t.isComplete,
            result: nil, startFrame: start, endFrame: nil)
    }

    static func name(_ object: AnyObject) -> String {
        String(describing: type(of: object))
    }

    /// The running transition's context anywhere under `vc` (children and presented chain).
    static func context(in vc: UIViewController) -> ViewControllerTransitionContext? {
        var stack = [vc]
        var seen = 0
        while let v = stack.popLast(), seen < 256 {
            seen += 1
            if let c = v.transitionCoordinator as? ViewControllerTransitionContext { return c }
            stack.append(contentsOf: v.children)
            if let p = v.presentedViewController { stack.append(p) }
        }
        return nil
    }
}
