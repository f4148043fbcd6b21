import Flipbook

/// The animators a fuzzed transition may get from its delegate, the well-behaved and the
/// misbehaving.
enum FuzzAnimator: String, CaseIterable, Sendable {
    /// The delegate returns nil: UIKit's built-in animation.
    case system
    /// UIView animations; completes in their completion with `!transitionWasCancelled`.
    case slide
    /// A `UIViewPropertyAnimator` returned by `interruptibleAnimator(using:)`.
    case interruptible
    /// Completes synchronously inside `animateTransition(using:)`.
    case instant
    /// Never calls `completeTransition(_:)` (Flipbook's watchdog reports and completes it).
    case neverCompletes
    /// Calls `completeTransition(_:)` twice (the second call is reported and ignored).
    case completesTwice
    /// Completes with the wrong flag: `completeTransition(transitionWasCancelled)`.
    case wrongFlag
    /// Throws away the from view at the start (`removeFromSuperview()`), then slides.
    case throwsAwayViews
    /// iOS 18's `preferredTransition = .zoom`: the delegate returns nil, and a presented or
    /// pushed controller zooms out of a view of its source (`FuzzZoom` picks which, bad ones
    /// included); a dismissal or pop of a zoomed controller zooms back.
    case zoom

    static let misbehaving: Set<FuzzAnimator> = [.neverCompletes, .completesTwice, .wrongFlag, .throwsAwayViews]
}

/// How a fuzzed transition is driven.
enum FuzzInteraction: String, CaseIterable, Sendable {
    case none
    /// A `UIPercentDrivenInteractiveTransition` the steps update, finish, cancel and pause.
    case percentDriven
    /// The same with `wantsInteractiveStart` false: it runs on its own until paused.
    case percentDrivenRunning
}

/// The presentation styles a fuzzed presentation uses.
enum FuzzStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, automatic, popover

    var style: UIModalPresentationStyle {
        switch self {
        case .fullScreen: return .fullScreen
        case .pageSheet: return .pageSheet
        case .formSheet: return .formSheet
        case .currentContext: return .currentContext
        case .custom: return .custom
        case .overFullScreen: return .overFullScreen
        case .overCurrentContext: return .overCurrentContext
        case .automatic: return .automatic
        case .popover: return .popover
        }
    }
}

/// One step of a fuzzed sequence. Steps name their targets relatively ("the top-most
/// controller", "the presentation at depth 1, or the nearest"), so any subsequence is still a
/// sequence: what cannot apply does nothing, or is misuse that Flipbook reports.
enum FuzzStep: Equatable, Sendable, CustomStringConvertible {
    /// Presents a new controller (in a navigation controller when `inNavigation`) from the
    /// top-most one.
    case present(FuzzStyle, animated: Bool, animator: FuzzAnimator, interaction: FuzzInteraction, inNavigation: Bool)
    /// Dismisses the presentation at `depth` (0 the first, modulo how many there are) and
    /// everything above it; the top-most controller's delegate supplies the animator.
    case dismiss(depth: Int, animated: Bool, animator: FuzzAnimator, interaction: FuzzInteraction)
    /// Pushes a new controller on the top-most navigation controller.
    case push(animated: Bool, animator: FuzzAnimator, interaction: FuzzInteraction)
    case pop(animated: Bool, animator: FuzzAnimator, interaction: FuzzInteraction)
    case popToRoot(animated: Bool)
    /// `setViewControllers` with the first `keep` controllers of the stack and `add` new ones.
    case setViewControllers(keep: Int, add: Int, animated: Bool)
    /// Calls on the last interaction controller handed out.
    case update(Double)
    case finish
    case cancel
    case pause
    /// Touches at points given in fractions of the window's width and height.
    case tap(x: Double, y: Double)
    case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, duration: Double)
    /// A swipe from the left edge (the navigation controller's interactive pop).
    case edgeSwipe(toX: Double, y: Double, duration: Double)
    /// A drag from the middle of the window (a zoomed controller's interactive dismissal).
    case zoomDrag(toX: Double, toY: Double, duration: Double)
    /// Two fingers about the middle of the window, their distance times `scale` (a zoomed
    /// controller's pinch to dismiss).
    case pinch(scale: Double, duration: Double)
    /// Advances the clock.
    case advance(Double)

    /// The step as Swift source, to paste into a test.
    var description: String {
        switch self {
        case let .present(style, animated, animator, interaction, inNavigation):
            return ".present(.\(style), animated: \(animated), animator: .\(animator), interaction: .\(interaction), "
                + "inNavigation: \(inNavigation))"
        case let .dismiss(depth, animated, animator, interaction):
            return ".dismiss(depth: \(depth), animated: \(animated), animator: .\(animator), interaction: .\(interaction))"
        case let .push(animated, animator, interaction):
            return ".push(animated: \(animated), animator: .\(animator), interaction: .\(interaction))"
        case let .pop(animated, animator, interaction):
            return ".pop(animated: \(animated), animator: .\(animator), interaction: .\(interaction))"
        case let .popToRoot(animated): return ".popToRoot(animated: \(animated))"
        case let .setViewControllers(keep, add, animated): return ".setViewControllers(keep: \(keep), add: \(add), animated: \(animated))"
        case let .update(p): return ".update(\(p))"
        case .finish: return ".finish"
        case .cancel: return ".cancel"
        case .pause: return ".pause"
        case let .tap(x, y): return ".tap(x: \(x), y: \(y))"
        case let .drag(fx, fy, tx, ty, d): return ".drag(fromX: \(fx), fromY: \(fy), toX: \(tx), toY: \(ty), duration: \(d))"
        case let .edgeSwipe(x, y, d): return ".edgeSwipe(toX: \(x), y: \(y), duration: \(d))"
        case let .zoomDrag(x, y, d): return ".zoomDrag(toX: \(x), toY: \(y), duration: \(d))"
        case let .pinch(s, d): return ".pinch(scale: \(s), duration: \(d))"
        case let .advance(s): return ".advance(\(s))"
        }
    }

    // MARK: Generating

    /// A random step; `weights` favour the steps that make transitions.
    static func random(using r: inout FuzzRandom) -> FuzzStep {
        func animator() -> FuzzAnimator {
            r.chance(0.15) ? r.pick(Array(FuzzAnimator.misbehaving).sorted { $0.rawValue < $1.rawValue })
                : r.pick([.system, .slide, .interruptible, .instant, .zoom])
        }
        func interaction() -> FuzzInteraction {
            r.chance(0.2) ? r.pick([.percentDriven, .percentDriven, .percentDrivenRunning]) : .none
        }
        // About a third of the steps let time pass, so that most transitions end between the
        // steps that start them (the rest overlap: misuse Flipbook must refuse cleanly).
        let roll = Int.random(in: 0..<100, using: &r)
        switch roll {
        case 0..<14:
            return .present(
                r.pick(FuzzStyle.allCases), animated: r.chance(0.8), animator: animator(), interaction: interaction(),
                inNavigation: r.chance(0.3))
        case 14..<24:
            return .dismiss(
                depth: Int.random(in: 0...2, using: &r), animated: r.chance(0.8), animator: animator(),
                interaction: interaction())
        case 24..<35: return .push(animated: r.chance(0.8), animator: animator(), interaction: interaction())
        case 35..<42: return .pop(animated: r.chance(0.8), animator: animator(), interaction: interaction())
        case 42..<44: return .popToRoot(animated: r.chance(0.7))
        case 44..<47:
            return .setViewControllers(
                keep: Int.random(in: 0...3, using: &r), add: Int.random(in: 0...2, using: &r), animated: r.chance(0.7))
        case 47..<52: return .update(r.decimal(-0.1...1.1))
        case 52..<55: return .finish
        case 55..<57: return .cancel
        case 57..<58: return .pause
        case 58..<61: return .tap(x: r.decimal(0...1), y: r.decimal(0...1))
        case 61..<63:
            return .drag(
                fromX: r.decimal(0...1), fromY: r.decimal(0...1), toX: r.decimal(0...1), toY: r.decimal(0...1),
                duration: r.decimal(0...0.6))
        case 63..<66: return .edgeSwipe(toX: r.decimal(0...1), y: r.decimal(0.2...0.9), duration: r.decimal(0.05...0.6))
        case 66..<69: return .zoomDrag(toX: r.decimal(0...1), toY: r.decimal(0...1), duration: r.decimal(0.05...0.6))
        case 69..<70: return .pinch(scale: r.decimal(0.3...1.3), duration: r.decimal(0.1...0.5))
        default:
            return .advance(r.chance(0.04) ? r.decimal(5...40, places: 1) : r.decimal(0.05...1.2))
        }
    }

    /// A random sequence of `count` steps for `seed`.
    static func sequence(seed: UInt64, count: Int) -> [FuzzStep] {
        var r = FuzzRandom(seed: seed)
        return (0..<count).map { _ in random(using: &r) }
    }

    // MARK: Shrinking

    /// Simpler versions of this step, simplest first (for shrinking a failing sequence).
    var simplifications: [FuzzStep] {
        var out: [FuzzStep] = []
        func simpler(_ a: FuzzAnimator) -> [FuzzAnimator] { a == .system ? [] : (a == .slide ? [.system] : [.system, .slide]) }
        switch self {
        case let .present(style, animated, animator, interaction, inNavigation):
            if inNavigation { out.append(.present(style, animated: animated, animator: animator, interaction: interaction, inNavigation: false)) }
            if interaction != .none { out.append(.present(style, animated: animated, animator: animator, interaction: .none, inNavigation: inNavigation)) }
            for a in simpler(animator) { out.append(.present(style, animated: animated, animator: a, interaction: interaction, inNavigation: inNavigation)) }
            if animated { out.append(.present(style, animated: false, animator: .system, interaction: .none, inNavigation: inNavigation)) }
            if style != .fullScreen, style != .overFullScreen {
                out.append(.present(.overFullScreen, animated: animated, animator: animator, interaction: interaction, inNavigation: inNavigation))
            }
        case let .dismiss(depth, animated, animator, interaction):
            if depth > 0 { out.append(.dismiss(depth: 0, animated: animated, animator: animator, interaction: interaction)) }
            if interaction != .none { out.append(.dismiss(depth: depth, animated: animated, animator: animator, interaction: .none)) }
            for a in simpler(animator) { out.append(.dismiss(depth: depth, animated: animated, animator: a, interaction: interaction)) }
            if animated { out.append(.dismiss(depth: depth, animated: false, animator: .system, interaction: .none)) }
        case let .push(animated, animator, interaction):
            if interaction != .none { out.append(.push(animated: animated, animator: animator, interaction: .none)) }
            for a in simpler(animator) { out.append(.push(animated: animated, animator: a, interaction: interaction)) }
            if animated { out.append(.push(animated: false, animator: .system, interaction: .none)) }
        case let .pop(animated, animator, interaction):
            if interaction != .none { out.append(.pop(animated: animated, animator: animator, interaction: .none)) }
            for a in simpler(animator) { out.append(.pop(animated: animated, animator: a, interaction: interaction)) }
            if animated { out.append(.pop(animated: false, animator: .system, interaction: .none)) }
        case let .popToRoot(animated):
            if animated { out.append(.popToRoot(animated: false)) }
        case let .setViewControllers(keep, add, animated):
            if animated { out.append(.setViewControllers(keep: keep, add: add, animated: false)) }
            if add > 0 { out.append(.setViewControllers(keep: keep, add: add - 1, animated: animated)) }
            if keep > 0 { out.append(.setViewControllers(keep: keep - 1, add: add, animated: animated)) }
        case let .update(p):
            for q in [0.5, 0, 1] where q != p { out.append(.update(q)) }
        case let .drag(fx, fy, tx, ty, d):
            if d > 0.1 { out.append(.drag(fromX: fx, fromY: fy, toX: tx, toY: ty, duration: 0.1)) }
        case let .edgeSwipe(x, y, d):
            if d > 0.1 { out.append(.edgeSwipe(toX: x, y: y, duration: 0.1)) }
        case let .zoomDrag(x, y, d):
            if d > 0.1 { out.append(.zoomDrag(toX: x, toY: y, duration: 0.1)) }
        case let .pinch(s, d):
            if d > 0.1 { out.append(.pinch(scale: s, duration: 0.1)) }
        case let .advance(s):
            for t in [0.0, 0.1, 0.5, 1, 6, 36] where t < s { out.append(.advance(t)) }
        case .finish, .cancel, .pause, .tap:
            break
        }
        return out
    }
}
