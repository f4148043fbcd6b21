import Foundation
import FlipbookQuartz

/// A class whose instances can be styled through an appearance proxy, UIKit's `UIAppearance`
/// (`UIView` and `UIBarItem` adopt it).
///
/// How Flipbook does it (docs/Semantics.md, "Appearance proxies"): the proxy is an instance of
/// the class, made once per class, containment list and trait collection in the current
/// runtime (`AppRuntime.current`) with `init(coder:)`; setting one of its appearance properties
/// records the assignment. A view gets the recorded values when it enters a window, just before
/// `didMoveToWindow()`, except the properties it set itself; a bar item when the bar showing it
/// is in a window. Views already in a window keep what they have until they enter one again.
@preconcurrency @MainActor
public protocol UIAppearance: NSObjectProtocol {
    /// The proxy for every instance of the class.
    static func appearance() -> Self
    /// The proxy for instances inside the containers listed, innermost first.
    static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self
    /// The proxy for instances whose traits contain `trait`'s specified traits.
    static func appearance(for trait: UITraitCollection) -> Self
    /// The proxy for instances with `trait`'s traits inside the containers listed.
    static func appearance(
        for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
    ) -> Self
}

/// Something appearance proxies can be scoped to with `appearance(whenContainedInInstancesOf:)`,
/// UIKit's `UIAppearanceContainer`: views, view controllers and presentation controllers.
@preconcurrency @MainActor
public protocol UIAppearanceContainer: NSObjectProtocol {}

extension UIViewController: UIAppearanceContainer {}
extension UIPresentationController: UIAppearanceContainer {}

// MARK: Conformances

extension UIView: UIAppearance, UIAppearanceContainer {
    public static func appearance() -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: [], trait: nil)
    }

    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: containerTypes, trait: nil)
    }

    public static func appearance(for trait: UITraitCollection) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: [], trait: trait)
    }

    public static func appearance(
        for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
    ) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: containerTypes, trait: trait)
    }

    /// The containers around this view, innermost first: each superview, and after a view
    /// controller's root view its controller (and that controller's presentation controller when
    /// it is presented), up to the window.
    var appearanceContainers: [NSObject] {
        var chain: [NSObject] = []
        var next = superviewStorage
        while let view = next {
            chain.append(view)
            if let controller = view.owningViewController {
                chain.append(controller)
                if let presentation = controller.presentationRecord?.presentationController { chain.append(presentation) }
            }
            next = view.superviewStorage
        }
        return chain
    }
}

extension UIBarItem: UIAppearance {
    public static func appearance() -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: [], trait: nil)
    }

    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: containerTypes, trait: nil)
    }

    public static func appearance(for trait: UITraitCollection) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: [], trait: trait)
    }

    public static func appearance(
        for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
    ) -> Self {
        AppearanceRegistry.current.proxy(of: self, containers: containerTypes, trait: trait)
    }
}

// MARK: Properties and per-instance bookkeeping

/// The appearance properties Flipbook records (UIKit's `UI_APPEARANCE_SELECTOR`s that exist
/// here). Raw values are bit positions in `AppearanceInstanceState.explicitBits`.
enum AppearanceProperty: UInt8 {
    // UIView
    case tintColor, backgroundColor
    // UILabel
    case labelTextColor, labelFont
    // UINavigationBar
    case navigationBarTintColor, navigationBarStyle, navigationBarTranslucent, navigationBarTitleAttributes,
        navigationBarLargeTitleAttributes, navigationBarShadowImage, navigationBarBackgroundImage
    // UIToolbar
    case toolbarTintColor, toolbarTranslucent
    // UITabBar
    case tabBarTintColor, tabBarTranslucent, tabBarUnselectedItemTintColor, tabBarSelectedImageTintColor,
        tabBarBackgroundImage, tabBarShadowImage
    // UIButton
    case buttonTitleColor
    // UISlider
    case sliderMinimumTrackTintColor, sliderMaximumTrackTintColor, sliderThumbTintColor
    // UIPageControl
    case pageControlPageIndicatorTintColor, pageControlCurrentPageIndicatorTintColor
    // UIBarItem, UIBarButtonItem, UITabBarItem
    case barItemTitleAttributes, barButtonItemTintColor, tabBarItemBadgeColor, tabBarItemTitlePositionAdjustment,
        barButtonItemBackgroundImage, barButtonItemBackButtonBackgroundImage, barButtonItemTitlePositionAdjustment,
        barButtonItemBackButtonTitlePositionAdjustment
    // UINavigationBar's back indicator
    case navigationBarBackIndicatorImage, navigationBarBackIndicatorMask
    // UITableView
    case tableSeparatorColor, tableSeparatorInset
    // iOS 13 bar appearances
    case navigationBarStandardAppearance, navigationBarCompactAppearance, navigationBarScrollEdgeAppearance,
        navigationBarCompactScrollEdgeAppearance, tabBarStandardAppearance, tabBarScrollEdgeAppearance
    // UISegmentedControl, UISwitch, UIProgressView (branch `controls`)
    case segmentedControlTitleAttributes, segmentedControlSelectedSegmentTintColor, switchOnTintColor, switchThumbTintColor,
        progressViewProgressTintColor, progressViewTrackTintColor
    // UISlider's images (per control state)
    case sliderThumbImage, sliderMinimumTrackImage, sliderMaximumTrackImage

    /// Whether the property has an axis (a control state, bar metrics): then each value of the
    /// axis is recorded and tracked on its own.
    var hasAxis: Bool {
        switch self {
        case .navigationBarBackgroundImage, .buttonTitleColor, .barItemTitleAttributes, .barButtonItemBackgroundImage,
            .segmentedControlTitleAttributes,
            .barButtonItemBackButtonBackgroundImage, .barButtonItemTitlePositionAdjustment,
            .barButtonItemBackButtonTitlePositionAdjustment,
            .sliderThumbImage, .sliderMinimumTrackImage, .sliderMaximumTrackImage:
            return true
        default: return false
        }
    }
}

/// One appearance property, with its axis value (the state or bar metrics) if it has one.
struct AppearanceKey: Hashable {
    let property: AppearanceProperty
    let axis: UInt

    init(_ property: AppearanceProperty, axis: UInt = 0) {
        self.property = property
        self.axis = axis
    }
}

/// What a view or bar item keeps for UIAppearance: which appearance properties it set itself
/// (those the proxies leave alone), whether values are being applied from proxies now, and, for
/// a proxy, the record its assignments go to.
struct AppearanceInstanceState {
    /// A bit per property without an axis that was set on the instance itself.
    var explicitBits: UInt64 = 0
    /// The properties with an axis set on the instance itself.
    var explicitKeys: Set<AppearanceKey> = []
    /// True while proxy values are being applied (those sets are not the instance's own).
    var isApplying = false
    /// Whether this instance is an appearance proxy.
    var isProxy = false
    /// A proxy's record (the registry owns it).
    weak var record: AppearanceRecord?

    func isExplicit(_ key: AppearanceKey) -> Bool {
        key.property.hasAxis ? explicitKeys.contains(key) : explicitBits & (1 << UInt64(key.property.rawValue)) != 0
    }

    mutating func markExplicit(_ key: AppearanceKey) {
        if key.property.hasAxis {
            explicitKeys.insert(key)
        } else {
            explicitBits |= 1 << UInt64(key.property.rawValue)
        }
    }
}

/// A view or bar item: what the registry records and applies to.
@MainActor
protocol AppearanceTarget: NSObject {
    var appearanceState: AppearanceInstanceState { get set }
}

extension UIView: AppearanceTarget {}
extension UIBarItem: AppearanceTarget {}

extension AppearanceTarget {
    /// Every appearance property's setter calls this: on a proxy the assignment is recorded
    /// (`replay` makes the same assignment on an instance); on an instance the property is
    /// marked as set by the instance itself, unless proxy values are being applied. The value
    /// is stored as usual either way, so a proxy reads back what was set on it.
    /// - Complexity: O(1); `replay` is only evaluated on a proxy.
    @inline(__always)
    func noteAppearanceSet<Target>(_ key: AppearanceKey, _ replay: @autoclosure () -> (Target) -> Void) {
        if appearanceState.isProxy {
            let action = replay()
            appearanceState.record?.set(key) { object in
                if let target = object as? Target { action(target) }
            }
        } else if !appearanceState.isApplying {
            appearanceState.markExplicit(key)
        }
    }
}

extension AppearanceTarget {
    /// Runs `body`, whose sets of appearance properties are the class's defaults (a cell's
    /// label style), not the instance's own choice: proxies still replace them.
    func settingAppearanceDefaults(_ body: () -> Void) {
        let wasApplying = appearanceState.isApplying
        appearanceState.isApplying = true
        body()
        appearanceState.isApplying = wasApplying
    }
}

// MARK: Records and the registry

/// The assignments made on one proxy: the class, containment list and trait collection it
/// stands for, and each property's last value (as an assignment to replay), in the order first
/// set.
@MainActor
final class AppearanceRecord {
    let proxyClass: AnyClass
    /// Container classes, innermost first.
    let containers: [AnyClass]
    let trait: UITraitCollection?
    /// The proxy object (kept alive with the record).
    let proxy: NSObject
    /// How many classes lie between the root appearance class (`UIView`, `UIBarItem`) and
    /// `proxyClass` (a subclass's proxy is more specific).
    let classDepth: Int
    /// Creation order, the last tie-breaker.
    let order: Int
    private(set) var entries: [(key: AppearanceKey, replay: (NSObject) -> Void)] = []

    init(proxyClass: AnyClass, containers: [AnyClass], trait: UITraitCollection?, proxy: NSObject, classDepth: Int, order: Int) {
        self.proxyClass = proxyClass
        self.containers = containers
        self.trait = trait
        self.proxy = proxy
        self.classDepth = classDepth
        self.order = order
    }

    func set(_ key: AppearanceKey, _ replay: @escaping (NSObject) -> Void) {
        if let i = entries.firstIndex(where: { $0.key == key }) {
            entries[i].replay = replay
        } else {
            entries.append((key, replay))
        }
    }

    /// Whether the record applies in `chain` (the target's containers, innermost first), and
    /// if so how far out its outermost container matched (a larger number is nearer the
    /// window). Containers are matched from the window down, each list entry in an ancestor
    /// inside the previous one's match, as UIKit reads the hierarchy.
    func match(in chain: [NSObject]) -> Int? {
        guard !containers.isEmpty else { return 0 }
        var want = containers.count - 1
        var outermost: Int?
        var i = chain.count - 1
        while i >= 0, want >= 0 {
            if chain[i].isKind(of: containers[want]) {
                if outermost == nil { outermost = i + 1 }
                want -= 1
            }
            i -= 1
        }
        return want < 0 ? outermost : nil
    }
}

/// The appearance proxies of one app (kept in its `AppRuntime`, so apps and tests never see
/// each other's appearance).
@MainActor
final class AppearanceRegistry {
    private var records: [AppearanceRecord] = []
    /// The records that can apply to instances of a class (by class), rebuilt when a proxy is
    /// made.
    private var recordsByClass: [ObjectIdentifier: [AppearanceRecord]] = [:]

    /// The current runtime's registry, made on first use.
    static var current: AppearanceRegistry {
        AppRuntime.current.state(AppearanceRegistry.self) { AppearanceRegistry() }
    }

    /// The registry of `window`'s app, if any proxy was ever made there.
    static func existing(for window: UIWindow) -> AppearanceRegistry? {
        window.layer.owningRuntime.existingState(AppearanceRegistry.self)
    }

    /// The proxy of `type` for `containers` and `trait`: the one made before, else a new one.
    func proxy<Target: AppearanceTarget>(
        of type: Target.Type, containers containerTypes: [any UIAppearanceContainer.Type], trait: UITraitCollection?
    ) -> Target {
        let containers: [AnyClass] = containerTypes.map { $0 as AnyClass }
        if let existing = records.first(where: {
            $0.proxyClass == type && $0.trait == trait && $0.containers.count == containers.count
                && zip($0.containers, containers).allSatisfy { $0 == $1 }
        }), let proxy = existing.proxy as? Target {
            return proxy
        }
        guard let proxy = Self.makeProxy(of: type) else {
            let message = "\(type).appearance(): \(type)'s init(coder:) made no instance; appearance proxies are "
                + "made with init(coder:) in Flipbook (docs/Divergences.md, \"Appearance proxies\")."
            FlipbookDiagnostics.report(message)
            fatalError(message)
        }
        let record = AppearanceRecord(
            proxyClass: type, containers: containers, trait: trait, proxy: proxy,
            classDepth: Self.depth(of: type), order: records.count)
        proxy.appearanceState = AppearanceInstanceState(isProxy: true, record: record)
        records.append(record)
        recordsByClass.removeAll()
        return proxy
    }

    /// A fresh instance to be a proxy. Swift can only make an instance of a class known at run
    /// time through a required initialiser: UIView's and UIBarItem's is `init(coder:)`.
    private static func makeProxy<Target: AppearanceTarget>(of type: Target.Type) -> Target? {
        let coder = AppearanceProxyCoder()
        if let viewType = type as? UIView.Type {
            return viewType.init(coder: coder) as? Target
        }
        if let itemType = type as? UIBarItem.Type {
            return itemType.init(coder: coder) as? Target
        }
        return nil
    }

    private static func depth(of type: AnyClass) -> Int {
        var depth = 0
        var next: AnyClass? = type
        while let c = next, c != UIView.self, c != UIBarItem.self, c != NSObject.self {
            depth += 1
            next = _getSuperclass(c)
        }
        return depth
    }

    /// The records for instances of `type`, in creation order.
    private func records(for type: AnyClass) -> [AppearanceRecord] {
        let id = ObjectIdentifier(type)
        if let cached = recordsByClass[id] { return cached }
        let found = records.filter { Self.isClass(type, kindOf: $0.proxyClass) }
        recordsByClass[id] = found
        return found
    }

    private static func isClass(_ type: AnyClass, kindOf ancestor: AnyClass) -> Bool {
        var next: AnyClass? = type
        while let c = next {
            if c == ancestor { return true }
            next = _getSuperclass(c)
        }
        return false
    }

    /// Applies the proxies' values to `target`, least specific first so the most specific
    /// proxy's value is the one left: plain proxies, then those scoped to containers (the one
    /// whose outermost container is nearest the window last, then the longer list), then
    /// trait-scoped ones, then subclasses' before superclasses' are overridden, then later
    /// proxies. Properties the target set itself are skipped. `containers` are the target's
    /// containers, innermost first, and `traits` its traits (asked only when a record needs
    /// them). Returns whether any value was applied.
    @discardableResult
    func apply<Target: AppearanceTarget>(
        to target: Target, containers: () -> [NSObject], traits: () -> UITraitCollection
    ) -> Bool {
        let candidates = records(for: type(of: target))
        guard candidates.contains(where: { !$0.entries.isEmpty }) else { return false }
        var chain: [NSObject]?
        var traitCollection: UITraitCollection?
        var ranked: [(rank: [Int], record: AppearanceRecord)] = []
        for record in candidates where !record.entries.isEmpty {
            if let trait = record.trait {
                if traitCollection == nil { traitCollection = traits() }
                guard traitCollection!.containsTraits(in: trait) else { continue }
            }
            var outermost = 0
            if !record.containers.isEmpty {
                if chain == nil { chain = containers() }
                guard let matched = record.match(in: chain!) else { continue }
                outermost = matched
            }
            let rank = [record.containers.isEmpty ? 0 : 1, outermost, record.containers.count,
                        record.trait == nil ? 0 : 1, record.classDepth, record.order]
            ranked.append((rank, record))
        }
        guard !ranked.isEmpty else { return false }
        ranked.sort { $0.rank.lexicographicallyPrecedes($1.rank) }
        var applied = false
        let wasApplying = target.appearanceState.isApplying
        target.appearanceState.isApplying = true
        defer { target.appearanceState.isApplying = wasApplying }
        for (_, record) in ranked {
            for entry in record.entries where !target.appearanceState.isExplicit(entry.key) {
                entry.replay(target)
                applied = true
            }
        }
        return applied
    }
}

/// The coder appearance proxies are made with: every value absent.
final class AppearanceProxyCoder: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInteger(forKey key: String) -> Int { 0 }
    override func decodeInt32(forKey key: String) -> Int32 { 0 }
    override func decodeInt64(forKey key: String) -> Int64 { 0 }
    override func decodeFloat(forKey key: String) -> Float { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
}

// MARK: Applying

/// Bars that show bar items: when the bar is in a window, its items get the bar items' proxies'
/// values (the bar and its containers are the items' containers).
@MainActor
protocol AppearanceItemHost: UIView {
    /// The items shown now.
    var appearanceItems: [UIBarItem] { get }
    /// Redraws the items after appearance values changed them.
    func appearanceItemsDidChange()
}

extension UIView {
    /// Applies the appearance proxies of `registry` to this view, entering a window (called
    /// just before `didMoveToWindow()`); a bar also to its items.
    func applyAppearance(_ registry: AppearanceRegistry) {
        guard !appearanceState.isProxy else {
            FlipbookDiagnostics.report(
                "\(type(of: self)).appearance() was added to a window: an appearance proxy stands for its class's "
                    + "instances and is not meant to be shown; what is set on it still goes to those instances.",
                once: "appearance-proxy-in-window.\(type(of: self))")
            return
        }
        registry.apply(to: self, containers: { appearanceContainers }, traits: { traitCollection })
        if let host = self as? AppearanceItemHost, applyItemAppearance(registry, to: host.appearanceItems) {
            host.appearanceItemsDidChange()
        }
    }

    /// Applies the bar items' proxies to `items` shown in this bar, without the items telling
    /// the bar (the caller redraws). Returns whether any value was applied.
    @discardableResult
    func applyItemAppearance(_ registry: AppearanceRegistry, to items: [UIBarItem]) -> Bool {
        guard !items.isEmpty else { return false }
        var chain: [NSObject]?
        var applied = false
        for item in items where !item.appearanceState.isProxy {
            let onChange = item.onChange
            item.onChange = nil
            let changed = registry.apply(
                to: item,
                containers: {
                    if chain == nil { chain = [self] + appearanceContainers }
                    return chain!
                },
                traits: { traitCollection })
            item.onChange = onChange
            applied = applied || changed
        }
        return applied
    }

    /// The registry to apply to this bar's items now: its window's app's, when it is in a
    /// window and proxies were made there.
    var itemAppearanceRegistry: AppearanceRegistry? {
        guard let window else { return nil }
        return AppearanceRegistry.existing(for: window)
    }
}
