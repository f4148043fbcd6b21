import Foundation
import FlipbookQuartz

/// A screen's worth of content and its life cycle, UIKit's `UIViewController`.
///
/// The view loads lazily on first access of `view` (`loadView()` then `viewDidLoad()`).
/// Appearance callbacks arrive in UIKit's order through `beginAppearanceTransition` /
/// `endAppearanceTransition`, which the modal transition machinery and containers call;
/// each pair runs once per state change (a repeated begin is ignored, as UIKit does).
///
/// Modal presentation lives in `UIViewController+Presentation.swift`; the transition
/// itself in `ModalTransition.swift`.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// The nib name given at creation; Flipbook has no nibs and never loads one.
    public private(set) var nibName: String?
    /// The bundle given at creation (unused).
    public private(set) var nibBundle: Bundle?

    /// Creates a controller; nib arguments are stored but Flipbook has no nibs.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.nibName = nibNameOrNil
        self.nibBundle = nibBundleOrNil
        super.init()
    }

    /// Archives do not exist in Flipbook: this initialiser creates an empty controller.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Archives the controller, UIKit's `NSCoding` method: the base class writes nothing, as for
    /// `UIView.encode(with:)`.
    open func encode(with coder: NSCoder) {}

    /// Creates a controller with no nib, as `UIViewController()` does.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    // MARK: The view

    private var loadedView: UIView?

    /// The root view. Reading it loads it (`loadView()`, then `viewDidLoad()`) if needed.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningViewController = self
            newValue?.additionalSafeAreaInsetsForController = additionalSafeAreaInsets
        }
    }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    /// The next responder: the view's superview (UIKit's rule), else the presenter.
    open override var next: UIResponder? { loadedView?.superview ?? presentingViewController }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    private var isLoadingView = false

    /// Loads the view now if it isn't loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil {
            // A loadView override that sets no view gets UIKit's default.
            loadedView = UIView(frame: UIScreen.main.bounds)
        }
        isLoadingView = false
        loadedView?.owningViewController = self
        loadedView?.additionalSafeAreaInsetsForController = additionalSafeAreaInsets
        viewDidLoad()
    }

    /// Creates the view. The default makes a plain `UIView` as large as the main screen;
    /// overrides set `view` and do not call super.
    open func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        loadedView = root
    }

    /// Called once after the view is loaded.
    open func viewDidLoad() { UIViewController.viewDidLoadReplacement?(self) }

    /// A title for containers (navigation bars, tab bars) to show; setting it sets the
    /// navigation item's and tab bar item's titles too, as in UIKit.
    open var title: String? {
        get { _title }
        set {
            _title = newValue
            titleDidChange()
        }
    }
    private var _title: String?

    /// Whether the controller is editing; setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { storedEditing }
        set { setEditing(newValue, animated: false) }
    }
    var storedEditing = false
    var storedEditButtonItem: UIBarButtonItem?

    /// Enters or leaves editing mode; the `editButtonItem` shows "Done" while editing and
    /// "Edit" otherwise. Subclasses override it to change their views (calling super).
    open func setEditing(_ editing: Bool, animated: Bool) {
        storedEditing = editing
        storedEditButtonItem?.title = editing ? "Done" : "Edit"
        storedEditButtonItem?.style = editing ? .done : .plain
    }

    /// A bar button item that toggles editing (`setEditing(!isEditing, animated: true)`).
    public var editButtonItem: UIBarButtonItem {
        if let item = storedEditButtonItem { return item }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", style: isEditing ? .done : .plain, target: self) {
            (vc: UIViewController, _: UIBarButtonItem) in vc.setEditing(!vc.isEditing, animated: true)
        }
        storedEditButtonItem = item
        return item
    }

    /// The items containers show for this controller (UIViewController+Containers.swift).
    var storedNavigationItem: UINavigationItem?
    var storedTabBarItem: UITabBarItem?
    /// Whether a tab bar controller hides its tab bar while this controller is on the stack of
    /// the navigation controller in its selected tab (default false).
    open var hidesBottomBarWhenPushed = false

    /// The size the controller would like in a popover or custom container, in points.
    /// Setting a new value tells the parent (or the presentation controller) through
    /// `preferredContentSizeDidChange(forChildContentContainer:)`, as UIKit does.
    open var preferredContentSize: CGSize {
        get { _preferredContentSize }
        set {
            let oldValue = _preferredContentSize
            _preferredContentSize = newValue
            guard preferredContentSize != oldValue else { return }
            notifyContainerOfPreferredContentSize()
        }
    }
    private var _preferredContentSize: CGSize = .zero

    /// Extra insets added to the safe area of the controller's view (and so of its
    /// subviews), in points.
    open var additionalSafeAreaInsets: UIEdgeInsets {
        get { _additionalSafeAreaInsets }
        set {
            _additionalSafeAreaInsets = newValue
            viewIfLoaded?.additionalSafeAreaInsetsForController = additionalSafeAreaInsets
        }
    }
    private var _additionalSafeAreaInsets: UIEdgeInsets = .zero

    /// The edges of the view that extend under a container's bars, UIKit's
    /// `edgesForExtendedLayout` (default `.all`): in a navigation or tab bar controller the view
    /// fills the container under a translucent bar on these edges, and the bar is carried by its
    /// safe area; on the other edges (and under an opaque bar) it stops at the bar
    /// (docs/Semantics.md, "Extended layout").
    open var edgesForExtendedLayout: UIRectEdge = .all {
        didSet { parent?.viewIfLoaded?.setNeedsLayout() }
    }
    /// Whether the view also extends under opaque bars (default false).
    open var extendedLayoutIncludesOpaqueBars = false {
        didSet { parent?.viewIfLoaded?.setNeedsLayout() }
    }
    /// Whether UIKit adjusts the insets of a scroll view that extends under bars (default true;
    /// deprecated in iOS 11). Stored only: scroll views follow `contentInsetAdjustmentBehavior`
    /// and the safe area, which carries the bars, as on iOS 11 and later.
    @available(iOS, introduced: 7.0, deprecated: 11.0, message: "Use UIScrollView's contentInsetAdjustmentBehavior instead")
    open var automaticallyAdjustsScrollViewInsets = true

    // MARK: Content container (UIContentContainer; Controllers/UIContentContainer.swift)

    /// A child's (or presented controller's) `preferredContentSize` changed. Default: nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// A child's Auto Layout fitting size changed. Default: nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The size a child's view gets when this controller's view takes `parentSize`. Default:
    /// `parentSize`.
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }

    /// The view is about to take `size` (the device rotated: `AppDriver.rotate(to:)`). The
    /// default forwards to every child with the size `size(forChildContentContainer:…)`
    /// gives it: overrides call `super`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children {
            child.viewWillTransition(
                to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
        }
    }

    /// The controller's traits are about to become `newCollection`. The default forwards to
    /// every child: overrides call `super`.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    // MARK: Orientation and memory (Windows/UIInterfaceOrientation.swift)

    /// The iOS 2–7 rotation callbacks (deprecated in iOS 8 for `viewWillTransition(to:with:)`).
    /// Overridable as on iOS; Flipbook's rotations call `viewWillTransition(to:with:)` only, as
    /// UIKit does for apps built with a current SDK (docs/Divergences.md).
    @available(*, deprecated, message: "Use viewWillTransition(to:with:)")
    open func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    /// See `willRotate(to:duration:)`.
    @available(*, deprecated, message: "Use viewWillTransition(to:with:)")
    open func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    /// See `willRotate(to:duration:)`.
    @available(*, deprecated, message: "Use viewWillTransition(to:with:)")
    open func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation) {}

    /// The orientations the controller supports (default: every orientation but upside down
    /// on iPhone, all four on iPad, as UIKit's default).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        UIDevice.current.userInterfaceIdiom == .pad ? .all : .allButUpsideDown
    }

    /// The orientation a full-screen presentation of the controller prefers (default: the
    /// current interface orientation).
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        viewIfLoaded?.window?.windowScene?.interfaceOrientation ?? UIApplication.shared.statusBarOrientation
    }

    /// Whether the controller's contents rotate with the device (default true).
    open var shouldAutorotate: Bool { true }

    /// The app is short of memory (`AppDriver.simulateMemoryWarning()`). Default: nothing.
    open func didReceiveMemoryWarning() {}

    // MARK: Layout support guides (deprecated in iOS 11; Controllers/UILayoutSupport.swift)

    /// The area above the content: from the view's top to the top of its safe area.
    @available(iOS, introduced: 7.0, deprecated: 11.0, message: "Use view.safeAreaLayoutGuide.topAnchor instead of topLayoutGuide.bottomAnchor")
    open var topLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: true) }

    /// The area below the content: from the bottom of the view's safe area to its bottom.
    @available(iOS, introduced: 7.0, deprecated: 11.0, message: "Use view.safeAreaLayoutGuide.bottomAnchor instead of bottomLayoutGuide.topAnchor")
    open var bottomLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: false) }

    /// The two layout support guides, once made (on the view they were made for).
    var layoutSupportGuides: (top: LayoutSupportGuide?, bottom: LayoutSupportGuide?) = (nil, nil)

    // MARK: Layout hooks

    /// Called before the controller's view lays out its subviews (each layout pass that
    /// lays out the view: `layoutIfNeeded()` or the pass at the end of a frame).
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews (see `viewWillLayoutSubviews()`).
    open func viewDidLayoutSubviews() {}
    /// Called when the root view's safe area insets changed, right after the view's own
    /// `safeAreaInsetsDidChange()`: in the layout pass that notices the change, before
    /// `viewWillLayoutSubviews()`, as UIKit does (iOS 11).
    open func viewSafeAreaInsetsDidChange() {}
    /// Called when the root view's layout margins changed, right after the view's own
    /// `layoutMarginsDidChange()` (iOS 11).
    open func viewLayoutMarginsDidChange() {}

    // MARK: Appearance callbacks

    /// The view is about to be added to the visible hierarchy.
    open func viewWillAppear(_ animated: Bool) { UIViewController.viewWillAppearReplacement?(self, animated) }
    /// The view was added to the visible hierarchy.
    open func viewDidAppear(_ animated: Bool) { UIViewController.viewDidAppearReplacement?(self, animated) }
    /// The view is about to leave the visible hierarchy.
    open func viewWillDisappear(_ animated: Bool) { UIViewController.viewWillDisappearReplacement?(self, animated) }
    /// The view left the visible hierarchy.
    open func viewDidDisappear(_ animated: Bool) { UIViewController.viewDidDisappearReplacement?(self, animated) }

    /// Where a controller is in its appearance cycle.
    package enum AppearanceState: Sendable { case disappeared, appearing, appeared, disappearing }

    // MARK: Traits and status bar (Appearance/)

    /// Traits: override, last reported traits, registrations.
    var traitState = TraitState()

    /// The controller's traits: its parent's or presenter's, with its own override on top.
    open var traitCollection: UITraitCollection { computedTraitCollection }

    /// Called when the controller's traits changed (not for its first traits).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Light or dark for this controller, its view, children and the controllers it presents.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { traitState.overrideStyle }
        set {
            guard newValue != traitState.overrideStyle else { return }
            traitState.overrideStyle = newValue
            propagateTraitChanges()
        }
    }

    /// Traits that `childViewController` gets on top of this controller's, UIKit's
    /// `setOverrideTraitCollection(_:forChild:)` (nil removes them). Only for a child of this
    /// controller: any other controller is reported through `FlipbookDiagnostics` and ignored.
    /// The child and its views hear of the change (`traitCollectionDidChange(_:)`) at once.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        guard childViewController.parent === self else {
            FlipbookDiagnostics.report(
                "setOverrideTraitCollection(_:forChild:): \(describe(childViewController)) is not a child of \(describe(self)); ignored.")
            return
        }
        childViewController.traitState.overrideFromParent = collection
        childViewController.propagateTraitChanges()
    }

    /// The traits set for `childViewController` with `setOverrideTraitCollection(_:forChild:)`
    /// (nil if none, or if it is not a child). Containers override it to give their children
    /// traits; the child's traits are its parent's with these on top.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childViewController.parent === self ? childViewController.traitState.overrideFromParent : nil
    }

    /// The status bar style this controller wants when it decides the status bar.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether this controller wants the status bar hidden when it decides the status bar.
    open var prefersStatusBarHidden: Bool { false }
    /// How changes of style or visibility animate (`.fade` by default).
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// The child whose `preferredStatusBarStyle` is used instead of this controller's.
    open var childForStatusBarStyle: UIViewController? { defaultChildForStatusBarStyle }
    /// The child whose `prefersStatusBarHidden` is used instead of this controller's.
    open var childForStatusBarHidden: UIViewController? { defaultChildForStatusBarHidden }
    /// Asks the system to read the status bar preferences again (animated when called inside
    /// an animation block).
    open func setNeedsStatusBarAppearanceUpdate() { statusBarAppearanceNeedsUpdate() }
    /// Whether this controller would have the home indicator hidden (read by nothing: Flipbook
    /// draws no home indicator).
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child whose `prefersHomeIndicatorAutoHidden` is used instead of this controller's.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Asks the system to read `prefersHomeIndicatorAutoHidden` again (nothing to update here).
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// The screen edges whose system gestures yield to the app's (none by default).
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// The child whose `preferredScreenEdgesDeferringSystemGestures` is used instead of this controller's.
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }
    /// Asks the system to read `preferredScreenEdgesDeferringSystemGestures` again.
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
    var appearanceState = AppearanceState.disappeared
    private var appearanceAnimated = false

    /// Whether appearance callbacks are forwarded to children automatically (default true).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance change: calls `viewWillAppear` (appearing) or
    /// `viewWillDisappear`, and forwards to the children. Ignored if the controller
    /// is already appearing/appeared (or disappearing/disappeared).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .appearing), (true, .appeared), (false, .disappearing), (false, .disappeared):
            return
        default:
            break
        }
        appearanceAnimated = animated
        appearanceState = isAppearing ? .appearing : .disappearing
        loadViewIfNeeded()
        TransitionProbe.emit(.appearance(self, .init(isAppearing ? .viewWillAppear : .viewWillDisappear, animated: animated)))
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenForAppearanceForwarding { child.beginAppearanceTransition(isAppearing, animated: animated) }
        }
    }

    /// Ends the appearance change begun by `beginAppearanceTransition(_:animated:)`:
    /// calls `viewDidAppear` or `viewDidDisappear` and forwards to the children.
    open func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            TransitionProbe.emit(.appearance(self, .init(.viewDidAppear, animated: appearanceAnimated)))
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearanceState = .disappeared
            TransitionProbe.emit(.appearance(self, .init(.viewDidDisappear, animated: appearanceAnimated)))
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenForAppearanceForwarding { child.endAppearanceTransition() }
        }
    }

    /// The children whose appearance follows this controller's: all of them, except in
    /// containers that show only some (a navigation controller forwards to its top child).
    var childrenForAppearanceForwarding: [UIViewController] { children }

    // MARK: Containment

    /// The child controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []
    /// The containing controller, if any.
    public private(set) weak var parent: UIViewController?

    /// True only inside `willMove(toParent:)` / `didMove(toParent:)` while being added.
    public private(set) var isMovingToParent = false
    /// True only inside `willMove(toParent:)` / `didMove(toParent:)` while being removed.
    public private(set) var isMovingFromParent = false

    /// Adds `childController`: calls its `willMove(toParent: self)` (call its
    /// `didMove(toParent:)` yourself after adding its view, as in UIKit).
    open func addChild(_ childController: UIViewController) {
        guard childController !== self else {
            FlipbookDiagnostics.report("addChild(_:): a view controller cannot be its own child (\(describe(self))).")
            return
        }
        if childController.parent === self { return }
        childController.removeFromParent()
        childController.isMovingToParent = true
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent and calls `didMove(toParent: nil)` (call
    /// `willMove(toParent: nil)` yourself first, as in UIKit).
    open func removeFromParent() {
        guard let parent else { return }
        isMovingFromParent = true
        parent.children.removeAll { $0 === self }
        self.parent = nil
        traitState.overrideFromParent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to (or removed from, with nil) a parent.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil { isMovingFromParent = true }
    }

    /// Called after the controller was added to (or removed from, with nil) a parent.
    ///
    /// Flipbook sends the child's appearance callbacks here (UIKit sends them when the
    /// child's view enters or leaves the window): a child whose view is in the window of
    /// an appeared parent appears; a removed child that had appeared disappears.
    open func didMove(toParent parent: UIViewController?) {
        if let parent, parent.appearanceState == .appeared, appearanceState == .disappeared,
           viewIfLoaded?.window != nil {
            beginAppearanceTransition(true, animated: false)
            endAppearanceTransition()
        } else if parent == nil, appearanceState == .appeared {
            beginAppearanceTransition(false, animated: false)
            endAppearanceTransition()
        }
        isMovingToParent = false
        isMovingFromParent = false
    }

    /// Transitions between two children, UIKit's
    /// `transition(from:to:duration:options:animations:completion:)` (UIViewController+ChildTransition.swift).
    open func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        performChildTransition(
            from: fromViewController, to: toViewController, duration: duration, options: options,
            animations: animations, completion: completion)
    }

    // MARK: Segues and nibs (Controllers/UIStoryboardSegue.swift)

    /// Starts the segue `identifier` of the controller's storyboard, UIKit's
    /// `performSegue(withIdentifier:sender:)`. Flipbook has no storyboards: the call is reported
    /// through `FlipbookDiagnostics` (where UIKit raises "has no segue with identifier") and
    /// nothing happens. Make a `UIStoryboardSegue` in code, call `prepare(for:sender:)`, then
    /// `perform()`, or present or push the controller directly.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        FlipbookDiagnostics.report(
            "performSegue(withIdentifier:sender:): \(describe(self)) has no segue with identifier '\(identifier)': "
                + "Flipbook has no storyboards; make the segue in code (UIStoryboardSegue) or present or push the controller.")
    }

    /// Whether the storyboard segue `identifier` should run (default true). Flipbook never asks
    /// (no storyboards); overrides compile and may be called by your own code.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Called before a segue is performed, to hand data to `segue.destination`. Default:
    /// nothing. Flipbook never calls it itself (no storyboards).
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    // MARK: Presentation (see UIViewController+Presentation.swift, ModalTransition.swift)

    /// Presents `viewControllerToPresent` modally, UIKit's `present(_:animated:completion:)`.
    ///
    /// The presenter is the top-most ancestor of the receiver (or, for the context styles,
    /// the nearest ancestor with `definesPresentationContext`). The flow is UIKit's: the
    /// transitioning delegate is asked for a presentation controller (`.custom`), an
    /// animator and an interaction controller; appearance callbacks begin; the
    /// presentation controller's `presentationTransitionWillBegin()` runs; the animator
    /// animates; after `completeTransition(_:)` come the appearance callbacks' ends,
    /// `presentationTransitionDidEnd(_:)`, `completion`, then `animationEnded(_:)`.
    /// Misuse (already presenting, a transition in progress, a presenter not in a window)
    /// is reported through `FlipbookDiagnostics` and nothing happens.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        owningRuntime.run { performPresent(viewControllerToPresent, animated: flag, completion: completion) }
    }

    /// Dismisses the controller this one presented (with everything it presented in
    /// turn), or, if it presents nothing, this controller itself, UIKit's
    /// `dismiss(animated:completion:)`. In a chain only the top-most controller animates;
    /// the ones between are removed at once, as in UIKit.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        // A library's replacement runs here, as a swizzle does (UIViewController+Interposition.swift).
        if let replacement = UIViewController.dismissReplacement { return replacement(self, flag, completion) }
        flipbookOriginalDismiss(animated: flag, completion: completion)
    }

    /// Shows `vc` the way the context wants, UIKit's `show(_:sender:)`: pushed onto the
    /// nearest navigation controller, else presented modally (animated in both cases).
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// How the controller is shown when presented (default `.automatic`, i.e. a page sheet).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The built-in animation used when no transitioning delegate supplies an animator.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// The object that supplies custom animators and presentation controllers. Weak,
    /// as in UIKit: keep the delegate alive yourself.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Whether a `.currentContext` / `.overCurrentContext` presentation from a
    /// descendant covers this controller's view (default false).
    open var definesPresentationContext = false
    /// Whether this context controller's own `modalTransitionStyle` is used for
    /// presentations in its context (default false).
    open var providesPresentationContextTransitionStyle = false
    /// Whether a presented controller that does not cover the screen still decides the status
    /// bar's appearance (Appearance/UIViewController+StatusBar.swift).
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Whether the user may dismiss the sheet interactively (stored; no gestures yet).
    open var isModalInPresentation = false

    /// True from `present` until the presentation's transition completes.
    public internal(set) var isBeingPresented = false
    /// True from `dismiss` until the dismissal's transition completes.
    public internal(set) var isBeingDismissed = false

    weak var storedPresentingViewController: UIViewController?
    var storedPresentedViewController: UIViewController?
    /// The record of how this controller is presented (nil when not presented).
    var presentationRecord: PresentationRecord?
    /// A presentation controller created before presentation (sheet configuration).
    var preparedPresentationController: UIPresentationController?
    /// The transition this controller takes part in while one runs.
    weak var involvedTransition: ViewControllerTransitionContext?
    /// `preferredTransition`'s storage (Transitions/Zoom/UIViewController+Transition.swift).
    var storedPreferredTransition: UIViewController.Transition?
    /// The zoom's interactive-dismissal gestures while this controller is zoomed in
    /// (Transitions/Zoom/ZoomDismissal.swift).
    var zoomDismissal: ZoomDismissal?
}

/// A short, deterministic description of an object for diagnostics: `<TypeName>`.
func describe(_ object: AnyObject?) -> String {
    guard let object else { return "<nil>" }
    return "<\(String(describing: type(of: object)))>"
}
