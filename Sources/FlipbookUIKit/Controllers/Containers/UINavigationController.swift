import Foundation
import FlipbookQuartz

/// A container that shows a stack of view controllers, one at a time, UIKit's
/// `UINavigationController`.
///
/// Every controller on the stack is a child (`addChild`, `willMove(toParent:)`,
/// `didMove(toParent:)`, `removeFromParent()` as UIKit calls them); the top one's view fills
/// the navigation controller's view under the translucent 44 pt bar (below the top safe area),
/// which its safe area carries, or starts below the bar (`edgesForExtendedLayout`, an opaque
/// bar; `ExtendedLayout`). Pushes and pops run through the shared transition engine (the delegate's
/// animator, else the built-in slide); the left-edge pan (`interactivePopGestureRecognizer`)
/// drives an interactive pop. Appearance follows UIKit: only the top child appears with the
/// navigation controller; a change of top sends `viewWillDisappear`/`viewWillAppear`, the
/// delegate's `willShow`, the transition, `viewDidDisappear`/`viewDidAppear`, `didShow`.
/// Misuse UIKit raises for (pushing a controller already on a stack, a change while a
/// transition runs, an empty stack) is reported through `FlipbookDiagnostics` and ignored.
/// The change itself lives in `UINavigationController+Transition.swift`.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The kind of change a navigation transition makes, UIKit's
    /// `UINavigationController.Operation`.
    public enum Operation: Int, Sendable {
        case none = 0
        case push = 1
        case pop = 2
    }

    /// The stack, bottom (root) first.
    var stack: [UIViewController] = []
    /// The transition running now, if any.
    var runningTransition: NavigationTransition?
    /// The interaction the edge pan drives while it is popping.
    var popInteraction: UIPercentDrivenInteractiveTransition?
    /// The zoom dismissal the edge pan drives (a zoomed top controller), from its start to its end.
    var zoomEdgeSwipe: ZoomDismissal?
    /// Set while the edge pan starts a pop: the pop is interactive.
    var popGestureIsStarting = false

    /// The bar at the top (minimal: background and title).
    public let navigationBar: UINavigationBar
    /// The toolbar at the bottom, showing the top controller's `toolbarItems` while
    /// `isToolbarHidden` is false.
    public let toolbar: UIToolbar! = UIToolbar(frame: .zero)
    /// Whether the toolbar is hidden (default true).
    open var isToolbarHidden: Bool {
        get { storedToolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    var storedToolbarHidden = true

    /// The view the top controller's view lives in; the transitions' container view.
    let transitionView = UIView(frame: .zero)
    private let popGesture = UIScreenEdgePanGestureRecognizer()

    /// Hears about changes and supplies custom transitions. Weak, as in UIKit.
    open weak var delegate: UINavigationControllerDelegate?

    // MARK: Creating

    /// Creates a navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        configure()
        setViewControllers([rootViewController], animated: false)
    }

    /// Creates an empty navigation controller. The classes are accepted for source
    /// compatibility; Flipbook always uses `UINavigationBar` and has no toolbar yet.
    public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        configure()
    }

    /// Creates an empty navigation controller (nib arguments are stored; Flipbook has no nibs).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        configure()
    }

    /// Archives do not exist in Flipbook: creates an empty navigation controller.
    public required init?(coder: NSCoder) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        navigationBar.owningNavigationController = self
        popGesture.edges = .left
        popGesture.addTarget(self) { nav, pan in nav.handlePopGesture(pan) }
        popGesture.isEnabled = false
    }

    // MARK: The view

    open override func loadView() {
        let root = NavigationControllerView(frame: UIScreen.main.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.navigationController = self
        root.addSubview(transitionView)
        root.addSubview(navigationBar)
        root.addSubview(toolbar)
        root.addGestureRecognizer(popGesture)
        view = root
        if let top = stack.last { install(top.view) }
        updateBar()
    }

    /// The bars' cover of the navigation controller's view, for placing a child (UIKit's
    /// extended layout): the navigation bar with the status bar above it at the top, unless
    /// hidden; the toolbar at the bottom when shown; and whatever a container above covers of
    /// this view (a tab bar controller's tab bar).
    var extendedLayout: ExtendedLayout {
        guard let view = viewIfLoaded else { return ExtendedLayout() }
        let b = view.bounds
        let inherited = view.containerBarInsetsForController
        var layout = ExtendedLayout(top: inherited.top, bottom: inherited.bottom)
        if !isNavigationBarHidden {
            layout.top = max(layout.top, min(b.height, view.safeAreaInsets.top + navigationBar.extendedContentHeight))
            layout.topIsTranslucent = navigationBar.isTranslucent
        }
        if !isToolbarHidden {
            layout.bottom = max(layout.bottom, min(b.height, toolbarHeight))
            layout.bottomIsTranslucent = toolbar.isTranslucent
        }
        return layout
    }

    /// Lays out the bar, the content area and (between transitions) the top view.
    func layoutContent() {
        guard let view = viewIfLoaded else { return }
        lastExtendedTop = extendedLayout.top
        navigationBar.frame = CGRect(
            x: 0, y: view.safeAreaInsets.top, width: view.bounds.width, height: navigationBar.contentHeight)
        navigationBar.backgroundExtensionHeight = view.safeAreaInsets.top
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.shownSearchController?.placeOverlay()
        let toolbarHeight = toolbarHeight
        toolbar.frame = CGRect(x: 0, y: view.bounds.height - toolbarHeight, width: view.bounds.width, height: toolbarHeight)
        toolbar.isHidden = isToolbarHidden
        transitionView.frame = view.bounds
        if runningTransition == nil, let top = stack.last, let topView = top.viewIfLoaded, topView.superview === transitionView {
            top.placeChildView(topView, by: extendedLayout, in: transitionView.bounds)
        }
    }

    /// Puts `view` (a child's) into the content area, where the extended layout puts it.
    func install(_ view: UIView) {
        let child = stack.last { $0.viewIfLoaded === view } ?? view.owningViewController
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if let child {
            child.placeChildView(view, by: extendedLayout, in: transitionView.bounds)
        } else {
            view.frame = transitionView.bounds
        }
        if view.superview !== transitionView { transitionView.addSubview(view) }
    }

    /// The top of the extended layout at the last layout (a change of the bar's rows lays the
    /// controller out again).
    final var lastExtendedTop: CGFloat = 0

    /// The toolbar's height: its 44 pt row plus the bottom safe area.
    var toolbarHeight: CGFloat { UIToolbar.itemRowHeight + (viewIfLoaded?.safeAreaInsets.bottom ?? 0) }

    /// Hides or shows the toolbar (Flipbook does not animate it).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        storedToolbarHidden = hidden
        updateToolbar()
        layoutContent()
    }

    /// The toolbar shows the top controller's items.
    func updateToolbar() {
        toolbar.setItems(stack.last?.toolbarItems, animated: false)
    }

    /// The bar shows the stack's navigation items, at once.
    func updateBar() {
        navigationBar.setItems(stack.map { $0.navigationItem }, animated: false)
        updateToolbar()
        // The bar's height follows the top item (a search controller adds a row). Only then is
        // the controller laid out again: an item's change that keeps the bar's height (a bar
        // button's tint) leaves the bar where it is, as a library may have moved it.
        if let view = viewIfLoaded, !isNavigationBarHidden,
           navigationBar.frame.height != navigationBar.contentHeight
            || extendedLayout.top != lastExtendedTop {
            view.setNeedsLayout()
        }
    }

    // MARK: The stack

    /// The stack, root first. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller whose view is visible: one presented modally over the navigation
    /// controller, else the top controller.
    open var visibleViewController: UIViewController? { presentedViewController ?? stack.last }

    /// Light content over a `.black` navigation bar, as UIKit's navigation controller answers
    /// while its bar shows (when it is hidden the top controller decides).
    open override var preferredStatusBarStyle: UIStatusBarStyle {
        navigationBar.barStyle == .default ? super.preferredStatusBarStyle : .lightContent
    }

    /// The interaction only the top child takes part in.
    override var childrenForAppearanceForwarding: [UIViewController] { stack.last.map { [$0] } ?? [] }

    /// The left-edge pan that pops the top controller interactively. Disabled while only the
    /// root is on the stack; its delegate may refuse it (`gestureRecognizerShouldBegin`).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { popGesture }

    /// Pushes `viewController`, animated with the delegate's animator or the built-in slide.
    /// A controller already on a stack or with a parent is reported and ignored.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard checkIdle("push \(describe(viewController))") else { return }
        if stack.contains(where: { $0 === viewController }) {
            FlipbookDiagnostics.report(
                "Pushing the same view controller instance (\(describe(viewController))) more than once is not "
                    + "supported; UIKit raises. The push is ignored.")
            return
        }
        if let parent = viewController.parent {
            FlipbookDiagnostics.report(
                "Cannot push \(describe(viewController)): it already has a parent (\(describe(parent))); UIKit raises. "
                    + "Remove it from its parent first. The push is ignored.")
            return
        }
        if viewController is UINavigationController {
            FlipbookDiagnostics.report(
                "Pushing a navigation controller (\(describe(viewController))) is not supported; UIKit raises. "
                    + "The push is ignored.")
            return
        }
        owningRuntime.run { change(to: stack + [viewController], operation: .push, animated: animated) }
    }

    /// Pops the top controller and returns it; nil when only the root is left.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        guard checkIdle("pop \(describe(stack.last))") else { return nil }
        let popped = stack[stack.count - 1]
        owningRuntime.run { change(to: Array(stack.dropLast()), operation: .pop, animated: animated) }
        return popped
    }

    /// Pops every controller above `viewController` and returns them (bottom first); nil when
    /// there is nothing to pop or `viewController` is not on the stack (reported).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            FlipbookDiagnostics.report(
                "popToViewController(_:animated:): \(describe(viewController)) is not on the navigation stack; "
                    + "UIKit raises. Nothing is popped.")
            return nil
        }
        guard index < stack.count - 1 else { return [] }
        guard checkIdle("pop to \(describe(viewController))") else { return nil }
        let popped = Array(stack[(index + 1)...])
        owningRuntime.run { change(to: Array(stack[...index]), operation: .pop, animated: animated) }
        return popped
    }

    /// Pops every controller above the root and returns them (bottom first).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the stack. A new top animates as a push (when it was not on the stack) or a
    /// pop. Duplicates are reported and dropped; an empty array is reported and ignored.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        guard !viewControllers.isEmpty else {
            FlipbookDiagnostics.report(
                "setViewControllers(_:animated:) with an empty array: a navigation controller needs a root view "
                    + "controller. Ignored.")
            return
        }
        guard checkIdle("set the view controllers") else { return }
        var unique: [UIViewController] = []
        for vc in viewControllers {
            if unique.contains(where: { $0 === vc }) {
                FlipbookDiagnostics.report(
                    "setViewControllers(_:animated:): \(describe(vc)) appears more than once; UIKit raises. "
                        + "The repeat is dropped.")
                continue
            }
            if let parent = vc.parent, parent !== self {
                FlipbookDiagnostics.report(
                    "setViewControllers(_:animated:): \(describe(vc)) already has a parent (\(describe(parent))); "
                        + "UIKit raises. It is dropped.")
                continue
            }
            if vc is UINavigationController || vc === self {
                FlipbookDiagnostics.report(
                    "setViewControllers(_:animated:): a navigation controller (\(describe(vc))) cannot be on the "
                        + "stack. It is dropped.")
                continue
            }
            unique.append(vc)
        }
        guard let newTop = unique.last else { return }
        let operation: Operation
        if let oldTop = stack.last, oldTop !== newTop {
            operation = stack.contains(where: { $0 === newTop }) ? .pop : .push
        } else {
            operation = .none
        }
        owningRuntime.run { change(to: unique, operation: operation, animated: animated) }
    }

    /// Reports and refuses a change while a transition runs.
    private func checkIdle(_ what: String) -> Bool {
        guard let running = runningTransition else { return true }
        FlipbookDiagnostics.report(
            "Cannot \(what) on \(describe(self)) while a \(running.context.kind.noun) is in progress; UIKit would "
                + "corrupt its navigation stack. Ignored: wait for the transition to end (its coordinator's "
                + "completion).")
        return false
    }

    // MARK: The bar

    /// Whether the navigation bar is hidden (default false).
    open var isNavigationBarHidden: Bool {
        get { storedBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var storedBarHidden = false

    /// Hides or shows the bar. Animated, the bar slides up out of (or down into) its place
    /// over `UINavigationController.hideShowBarDuration` while the content area follows.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != storedBarHidden else { return }
        storedBarHidden = hidden
        guard animated, let view = viewIfLoaded, view.window != nil else {
            layoutContent()
            return
        }
        let shown = CGRect(
            x: 0, y: view.safeAreaInsets.top, width: view.bounds.width, height: navigationBar.contentHeight)
        let above = shown.offsetBy(dx: 0, dy: -shown.maxY)
        navigationBar.isHidden = false
        navigationBar.frame = hidden ? shown : above
        UIView.animate(withDuration: Self.hideShowBarDuration, animations: {
            self.navigationBar.frame = hidden ? above : shown
            self.transitionView.frame = view.bounds
            if self.runningTransition == nil, let top = self.stack.last, let topView = top.viewIfLoaded,
               topView.superview === self.transitionView {
                // The view moves (between the bars) or its safe area changes (under them); its
                // layout follows inside the animation.
                top.placeChildView(topView, by: self.extendedLayout, in: self.transitionView.bounds)
                topView.layoutIfNeeded()
            }
        }, completion: { _ in
            self.layoutContent()
        })
    }

    /// How long the bars take to hide or show, UIKit's `UINavigationController.hideShowBarDuration`.
    public static let hideShowBarDuration: CGFloat = 0.2

    /// Whether a tap on the content hides and shows the bars (stored; Flipbook does not
    /// install the gesture).
    open var hidesBarsOnTap = false
    /// Whether a swipe hides and shows the bars (stored).
    open var hidesBarsOnSwipe = false
    /// Whether the bars hide when the keyboard appears (stored).
    open var hidesBarsWhenKeyboardAppears = false
    /// Whether the bars hide in a vertically compact environment (stored).
    open var hidesBarsWhenVerticallyCompact = false

    // MARK: Showing

    /// Pushes `vc` onto this navigation controller (UIKit's `show(_:sender:)` of a
    /// navigation controller).
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    // MARK: The interactive pop

    func handlePopGesture(_ pan: UIScreenEdgePanGestureRecognizer) {
        // A zoomed top controller leaves by its zoom (Transitions/Zoom/ZoomDismissal.swift).
        if zoomEdgeSwipe == nil, pan.state == .began, popInteraction == nil, stack.count > 1, let top = stack.last,
           top.zoomTransition != nil
        {
            zoomEdgeSwipe = ZoomDismissal.install(on: top)
        }
        if let zoomEdgeSwipe {
            if pan.state != .began && pan.state != .changed { self.zoomEdgeSwipe = nil }
            zoomEdgeSwipe.handleEdgeSwipe(pan)
            return
        }
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            guard stack.count > 1, runningTransition == nil else { return }
            let interaction = UIPercentDrivenInteractiveTransition()
            popInteraction = interaction
            popGestureIsStarting = true
            popViewController(animated: true)
            popGestureIsStarting = false
            // The delegate supplied its own interaction controller (or the pop did not start).
            if runningTransition?.interactor !== interaction { popInteraction = nil }
        case .changed:
            popInteraction?.update(min(max(pan.translation(in: view).x / width, 0), 1))
        case .ended:
            guard let interaction = popInteraction else { return }
            popInteraction = nil
            let p = min(max(pan.translation(in: view).x / width, 0), 1)
            if p > 0.5 || pan.velocity(in: view).x > 0 { interaction.finish() } else { interaction.cancel() }
        case .cancelled, .failed:
            popInteraction?.cancel()
            popInteraction = nil
        default:
            break
        }
    }

    /// Whether the edge pan may begin: more than the root on the stack, no transition running.
    func popGestureMayBegin() -> Bool { stack.count > 1 && runningTransition == nil }

    /// Enables the edge pan when there is something to pop. Not called while a transition
    /// runs: disabling the pan would cancel the swipe that is driving an interactive pop.
    func updatePopGesture() { popGesture.isEnabled = stack.count > 1 }
    var popGestureRecognizer: UIScreenEdgePanGestureRecognizer { popGesture }
}

/// The navigation controller's root view: lays out bar and content, and refuses the edge
/// pan when there is nothing to pop.
@preconcurrency @MainActor
final class NavigationControllerView: UIView {
    weak var navigationController: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        navigationController?.layoutContent()
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let nav = navigationController, gestureRecognizer === nav.popGestureRecognizer {
            return nav.popGestureMayBegin()
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

extension UIViewController {
    /// The nearest ancestor that is a navigation controller, nil if none.
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
}
