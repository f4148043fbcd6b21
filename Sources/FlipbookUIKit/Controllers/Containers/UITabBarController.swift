import Foundation
import FlipbookQuartz

/// A container that shows one of several child controllers at a time, chosen with a tab bar at
/// the bottom, UIKit's `UITabBarController`.
///
/// Every controller in `viewControllers` is a child; only the selected one's view is in the
/// hierarchy, filling the whole view under the translucent tab bar, which its safe area carries
/// (or stopping above it: `edgesForExtendedLayout`, an opaque bar; `ExtendedLayout`), and only it appears and
/// disappears with the tab bar controller. The bar shows each child's `tabBarItem`.
///
/// Selection (docs/Semantics.md, "Tab bar controller"): a tap on an item asks the delegate's
/// `tabBarController(_:shouldSelect:)`, switches, then calls `tabBarController(_:didSelect:)`;
/// setting `selectedIndex` or `selectedViewController` in code switches without asking. A
/// switch runs through the shared transition engine with the delegate's animator (and its
/// interaction controller) as a `.tabSwitch` transition; without an animator it is immediate.
/// Misuse (an index out of range, a controller that is not a tab, repeats, a change while a
/// switch runs) is reported through `FlipbookDiagnostics` and ignored.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// The tabs, left to right (nil until set, as in UIKit).
    var tabs: [UIViewController]?
    /// The selected tab's index (NSNotFound without tabs).
    var selection = NSNotFound
    /// The switch running now, if any.
    var runningSwitch: TabSwitchTransition?
    /// Whether the tab bar is hidden because a controller on the selected navigation stack
    /// has `hidesBottomBarWhenPushed`.
    var tabBarHiddenForStack = false
    /// While a navigation transition moves the tab bar in or out with its content.
    var tabBarSlidesWithTransition = false

    /// The bar of tabs at the bottom. Its delegate is the tab bar controller. Apps replace it
    /// with a bar of their own through key-value coding, `setValue(bar, forKey: "tabBar")`
    /// (UITabBarController+KeyValueCoding.swift).
    public internal(set) var tabBar: UITabBar
    /// The view the selected controller's view lives in; the tab switches' container view.
    let transitionView = UIView(frame: .zero)

    /// Hears about selection and supplies custom tab switches. Weak, as in UIKit.
    open weak var delegate: UITabBarControllerDelegate?

    // MARK: Creating

    /// Creates a tab bar controller without tabs.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tabBar = UITabBar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        configure()
    }

    /// Archives do not exist in Flipbook: creates a tab bar controller without tabs.
    public required init?(coder: NSCoder) {
        tabBar = UITabBar(frame: .zero)
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        tabBar.delegate = self
        tabBar.owningTabBarController = self
    }

    // MARK: The view

    open override func loadView() {
        let root = TabBarControllerView(frame: UIScreen.main.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.tabBarController = self
        root.addSubview(transitionView)
        root.addSubview(tabBar)
        view = root
        // The bar has its place as soon as the view exists, as in UIKit: code in viewDidLoad
        // reads `tabBar.bounds` (custom item views a tab-bar width apart, a centre button).
        UIView.performWithoutAnimation { layoutContent() }
        if let selected = selectedViewController { install(selected.view) }
    }

    /// The tab bar's height: the 49 pt item row plus the bottom safe area.
    var tabBarHeight: CGFloat {
        UITabBar.itemRowHeight + (viewIfLoaded?.safeAreaInsets.bottom ?? 0)
    }

    /// The bars' cover of the tab bar controller's view, for placing a tab (UIKit's extended
    /// layout): the tab bar at the bottom while it shows (not while it is hidden for a pushed
    /// controller's `hidesBottomBarWhenPushed`, nor while it slides with a navigation
    /// transition), and whatever a container above covers of this view.
    var extendedLayout: ExtendedLayout {
        guard let view = viewIfLoaded else { return ExtendedLayout() }
        let inherited = view.containerBarInsetsForController
        var layout = ExtendedLayout(top: inherited.top, bottom: inherited.bottom)
        if !tabBarHiddenForStack && !tabBarSlidesWithTransition {
            layout.bottom = max(layout.bottom, min(view.bounds.height, tabBarHeight))
            layout.bottomIsTranslucent = tabBar.isTranslucent
        }
        return layout
    }

    /// Lays out the tab bar, the content area and (between switches) the selected view.
    func layoutContent() {
        guard let view = viewIfLoaded else { return }
        let b = view.bounds
        let height = tabBarHeight
        if !tabBarSlidesWithTransition {
            tabBar.frame = CGRect(x: 0, y: b.height - height, width: b.width, height: height)
            tabBar.isHidden = tabBarHiddenForStack
        }
        transitionView.frame = b
        if runningSwitch == nil, let selected = selectedViewController, let selectedView = selected.viewIfLoaded,
           selectedView.superview === transitionView
        {
            selected.placeChildView(selectedView, by: extendedLayout, in: transitionView.bounds)
        }
    }

    /// Puts `view` (a tab's) into the content area, where the extended layout puts it.
    func install(_ view: UIView) {
        let child = tabs?.last { $0.viewIfLoaded === view } ?? view.owningViewController
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if let child {
            child.placeChildView(view, by: extendedLayout, in: transitionView.bounds)
        } else {
            view.frame = transitionView.bounds
        }
        if view.superview !== transitionView { transitionView.addSubview(view) }
    }

    /// The interaction only the selected child takes part in.
    override var childrenForAppearanceForwarding: [UIViewController] {
        selectedViewController.map { [$0] } ?? []
    }

    // MARK: Tabs

    /// The navigation controller of UIKit's "More" tab. Flipbook's tab bar gives every tab a
    /// place (no More tab: docs/Divergences.md), so it is never shown: made on first use, it
    /// has no parent and no children.
    open var moreNavigationController: UINavigationController {
        if let controller = moreNavigationStorage { return controller }
        let controller = UINavigationController()
        moreNavigationStorage = controller
        return controller
    }
    private var moreNavigationStorage: UINavigationController?

    /// The tabs a user may rearrange in the More tab's editor; all of them unless set.
    open var customizableViewControllers: [UIViewController]? {
        get { customizableStorage ?? viewControllers }
        set { customizableStorage = .some(newValue) }
    }
    private var customizableStorage: [UIViewController]??

    /// The tabs, left to right. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController]? {
        get { tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs. The selected controller stays selected when it stays; when it is
    /// removed (reported), the tab at the same index, or the last, is selected. Repeats,
    /// controllers with another parent and the tab bar controller itself are reported and
    /// dropped. The switch this causes is immediate (`animated` is for the bar's items).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        if let running = runningSwitch {
            FlipbookDiagnostics.report(
                "setViewControllers(_:animated:) on \(describe(self)) while a \(running.context.kind.noun) is in "
                    + "progress; ignored. Wait for the transition to end (its coordinator's completion).")
            return
        }
        var unique: [UIViewController] = []
        for vc in viewControllers ?? [] {
            if unique.contains(where: { $0 === vc }) {
                FlipbookDiagnostics.report(
                    "UITabBarController.setViewControllers(_:animated:): \(describe(vc)) appears more than once; "
                        + "UIKit raises. The repeat is dropped.")
                continue
            }
            if vc === self || (sequence(first: self, next: { $0.parent }).contains { $0 === vc }) {
                FlipbookDiagnostics.report(
                    "UITabBarController.setViewControllers(_:animated:): \(describe(vc)) contains the tab bar controller; "
                        + "it is dropped.")
                continue
            }
            if let parent = vc.parent, parent !== self {
                FlipbookDiagnostics.report(
                    "UITabBarController.setViewControllers(_:animated:): \(describe(vc)) already has a parent "
                        + "(\(describe(parent))); UIKit raises. It is dropped.")
                continue
            }
            unique.append(vc)
        }
        let oldTabs = tabs ?? []
        let oldSelected = selectedViewController
        let oldIndex = selection
        let added = unique.filter { vc in !oldTabs.contains { $0 === vc } }
        let removed = oldTabs.filter { vc in !unique.contains { $0 === vc } }

        // The new selection.
        var newIndex = NSNotFound
        if let oldSelected, let kept = unique.firstIndex(where: { $0 === oldSelected }) {
            newIndex = kept
        } else if !unique.isEmpty {
            if oldSelected != nil {
                newIndex = min(oldIndex, unique.count - 1)
                FlipbookDiagnostics.report(
                    "UITabBarController.setViewControllers(_:animated:) removed the selected tab (\(describe(oldSelected))); "
                        + "the tab at index \(newIndex) (\(describe(unique[newIndex]))) is selected instead.")
            } else {
                newIndex = 0
            }
        } else if oldSelected != nil {
            FlipbookDiagnostics.report(
                "UITabBarController.setViewControllers(_:animated:) removed every tab, the selected one "
                    + "(\(describe(oldSelected))) included; nothing is shown.")
        }

        for vc in added { addChild(vc) }
        for vc in removed { vc.willMove(toParent: nil) }
        tabs = viewControllers == nil ? nil : unique
        selection = newIndex
        let newSelected = selectedViewController
        tabBar.setItems(viewControllers == nil ? nil : unique.map { $0.tabBarItem }, animated: animated)
        tabBar.selectedItem = newSelected?.tabBarItem
        if oldSelected !== newSelected { switchAtOnce(from: oldSelected, to: newSelected) }
        for vc in removed {
            vc.viewIfLoaded?.removeFromSuperview()
            vc.viewIfLoaded?.containerBarInsetsForController = .zero
            vc.removeFromParent()
        }
        for vc in added { vc.didMove(toParent: self) }
        updateTabBarForStack()
        // The first tab becomes selected through the public setter, as in UIKit: a subclass
        // that overrides `selectedViewController` (a custom tab bar library selecting its own
        // item view there) hears the default selection too. The switch has happened already,
        // so the setter finds the tab selected and changes nothing else.
        if oldSelected == nil, let newSelected { selectedViewController = newSelected }
    }

    /// The bar's items follow the tabs' items (a tab's `tabBarItem` was replaced).
    func tabBarItemsDidChange() {
        guard let tabs else { return }
        tabBar.setItems(tabs.map { $0.tabBarItem }, animated: false)
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }

    /// The selected tab's controller. Setting a controller that is not a tab is reported and
    /// ignored; setting one switches to it (through the delegate's animator, if any).
    open var selectedViewController: UIViewController? {
        get {
            guard let tabs, selection != NSNotFound, selection < tabs.count else { return nil }
            return tabs[selection]
        }
        set {
            guard let newValue else {
                FlipbookDiagnostics.report("UITabBarController.selectedViewController cannot be set to nil; ignored.")
                return
            }
            guard let index = tabs?.firstIndex(where: { $0 === newValue }) else {
                FlipbookDiagnostics.report(
                    "UITabBarController.selectedViewController: \(describe(newValue)) is not one of the tabs; UIKit "
                        + "raises. Ignored.")
                return
            }
            owningRuntime.run { select(index, byTap: false) }
        }
    }

    /// The selected tab's index (`NSNotFound` without tabs). Setting an index out of range is
    /// reported and ignored.
    open var selectedIndex: Int {
        get { selection }
        set {
            let count = tabs?.count ?? 0
            guard newValue >= 0, newValue < count else {
                FlipbookDiagnostics.report(
                    "UITabBarController.selectedIndex = \(newValue) is out of range (\(count) tab\(count == 1 ? "" : "s")); "
                        + "ignored.")
                return
            }
            owningRuntime.run { select(newValue, byTap: false) }
        }
    }

    // MARK: Taps

    /// A tap on `item` in the tab bar: UIKit asks the delegate whether its controller may be
    /// selected, switches, and tells the delegate. A tap on the selected tab pops its
    /// navigation controller to the root.
    func tabBarItemTapped(_ item: UITabBarItem) {
        guard let tabs, let index = tabs.firstIndex(where: { $0.tabBarItem === item }) else { return }
        if runningSwitch != nil { return }  // UIKit ignores taps during a switch
        let vc = tabs[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: vc) { return }
        if index == selection {
            (vc as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            select(index, byTap: true)
        }
        tabBar(tabBar, didSelect: item)
        delegate?.tabBarController(self, didSelect: vc)
    }

    /// The tab bar's delegate method; the tab bar controller has already switched. Subclasses
    /// may override it (calling super is not needed).
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}

    /// The bar's customizing calls (UIKit's controller runs its customizing sheet here; Flipbook
    /// draws none): they tell the controller's delegate, with the controllers being customized
    /// (`customizableViewControllers`), as UIKit does. Subclasses may override them.
    open func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
        delegate?.tabBarController(self, willBeginCustomizing: customizableViewControllers ?? [])
    }
    open func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {}
    open func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
        delegate?.tabBarController(self, willEndCustomizing: customizableViewControllers ?? [], changed: changed)
    }
    open func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
        delegate?.tabBarController(self, didEndCustomizing: customizableViewControllers ?? [], changed: changed)
    }

    // MARK: Showing

    /// Tells a navigation controller in a tab that its stack changed (`context`: the
    /// transition moving it, if animated): the tab bar hides while a controller on the
    /// selected stack has `hidesBottomBarWhenPushed`, sliding out and in with the content.
    func navigationStackDidChange(_ nav: UINavigationController, context: ViewControllerTransitionContext?) {
        guard nav === selectedViewController else { return }
        let hide = stackHidesTabBar(nav)
        guard hide != tabBarHiddenForStack else { return }
        guard let context, context.isAnimated, viewIfLoaded?.window != nil else {
            updateTabBarForStack()
            return
        }
        // The bar slides out to the left with the covered content on a push, and back in on a
        // pop (docs/Divergences.md, "Tab bar controller").
        let width = view.bounds.width
        tabBarSlidesWithTransition = true
        tabBar.isHidden = false
        layoutContent()
        let shown = tabBar.frame.offsetBy(dx: -tabBar.frame.minX, dy: 0)
        tabBar.frame = hide ? shown : shown.offsetBy(dx: -width, dy: 0)
        context.animate(alongsideTransition: { [weak self] _ in
            guard let self else { return }
            self.tabBar.frame = hide ? shown.offsetBy(dx: -width, dy: 0) : shown
        }, completion: { [weak self] _ in
            guard let self else { return }
            self.tabBarSlidesWithTransition = false
            self.updateTabBarForStack()
        })
    }

    /// Whether a controller on `nav`'s stack hides the bottom bar.
    func stackHidesTabBar(_ nav: UINavigationController) -> Bool {
        nav.viewControllers.contains { $0.hidesBottomBarWhenPushed }
    }

    /// Shows or hides the tab bar for the selected tab's navigation stack, at once.
    func updateTabBarForStack() {
        if let nav = selectedViewController as? UINavigationController {
            tabBarHiddenForStack = stackHidesTabBar(nav)
        } else {
            tabBarHiddenForStack = false
        }
        guard !tabBarSlidesWithTransition else { return }
        layoutContent()
    }
}

/// The tab bar controller's root view: lays out the bar and the content area.
@preconcurrency @MainActor
final class TabBarControllerView: UIView {
    weak var tabBarController: UITabBarController?

    override func layoutSubviews() {
        super.layoutSubviews()
        tabBarController?.layoutContent()
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }
}
