import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A rectangular area of the screen, UIKit's `UIView`, backed by a `CALayer`.
///
/// Every geometric and visual property is stored in the backing layer and read back from it:
/// `frame`, `bounds`, `center` and `transform` are views of `layer.bounds`, `layer.position`
/// and `layer.transform`; `alpha` is `layer.opacity`. The view is its layer's delegate, and its
/// `action(for:forKey:)` returns `NSNull()` (no implicit animation) unless the animation module
/// is recording an animation block (see `UIView+AnimationHook.swift`).
///
/// Files: hierarchy (`UIView+Hierarchy`), coordinates and hit testing (`+Coordinates`),
/// geometry helpers (`+Geometry`), layout (`+Layout`, `+Autoresizing`), drawing and snapshots (`+Drawing`), Auto Layout
/// (`Layout/UIView+AutoLayout`).
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer; override to return a `CALayer` subclass.
    open class var layerClass: AnyClass { CALayer.self }

    /// Whether the view needs Auto Layout even before any constraint exists: a view that makes
    /// its constraints in `updateConstraints()` answers true, so that its window's layout
    /// engine runs and asks it (Layout/UIView+AutoLayout.swift, `treeHasConstraints`).
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The backing layer. The view is its delegate.
    public let layer: CALayer

    // Hierarchy storage (see UIView+Hierarchy.swift).
    var subviewStorage: [UIView] = []
    weak var superviewStorage: UIView?
    // Layout state (see UIView+Layout.swift).
    var needsLayoutFlag = true
    var autoLayoutState = AutoLayoutViewState()
    var layoutExtras = ViewLayoutExtras()
    // Appearance values kept as the caller gave them.
    var backgroundColorStorage: UIColor?
    /// Key-value observations of the view's own properties (UIView+KeyValueObserving.swift).
    package var keyValueObservers: KeyValueObservers?
    var tintColorStorage: UIColor?
    /// UIAppearance: the appearance properties the view set itself; a proxy's record
    /// (Appearance/UIAppearance.swift).
    var appearanceState = AppearanceInstanceState()
    /// Traits: override, last reported traits, registrations (Appearance/UIView+Traits.swift).
    var traitState = TraitState()
    weak var maskViewOwner: UIView?
    var maskStorage: UIView?
    // Gesture recognizers (see UIView+Gestures.swift).
    var gestureRecognizerStorage: [UIGestureRecognizer] = []

    /// Creates a view with the given frame (in its future superview's coordinates).
    public init(frame: CGRect) {
        layer = Self.makeBackingLayer()
        super.init()
        adoptBackingLayer()
        self.frame = frame
        requestFirstDisplayAndConstraints()
    }

    /// Creates a view with a zero frame (UIKit's `UIView()`).
    public override convenience init() { self.init(frame: .zero) }

    /// Interface Builder's initialiser. Flipbook has no archives: this creates an empty view (with
    /// a layer of `layerClass`, as UIKit's does; appearance proxies are made with it).
    public required init?(coder: NSCoder) {
        layer = Self.makeBackingLayer()
        super.init()
        adoptBackingLayer()
        requestFirstDisplayAndConstraints()
    }

    /// Archives the view, UIKit's `NSCoding` method. Flipbook keeps no archives: the base class
    /// writes nothing, and subclasses that override it (calling `super`) compile and run.
    open func encode(with coder: NSCoder) {}

    // MARK: Geometry

    /// How this view's content flips for right-to-left languages (default `.unspecified`;
    /// Views/UIView+LayoutDirection.swift).
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified

    /// The view's rectangle in its superview's coordinates, derived from `center`, `bounds`
    /// and `transform` (the bounding box of the transformed bounds). Setting it with a
    /// non-identity transform keeps the transform and fits the untransformed size for pure
    /// scales, as Core Animation does (UIView+Geometry.swift, `applyFrame`).
    open var frame: CGRect {
        get { layer.frame }
        set { applyFrame(newValue) }
    }

    /// The view's own coordinate space: origin (scroll offset) and size, in points.
    open var bounds: CGRect {
        get { layer.bounds }
        set { applyBounds(newValue) }
    }

    /// The centre of the view in its superview's coordinates: the layer's `position`.
    open var center: CGPoint {
        get { layer.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                FlipbookDiagnostics.report("UIView.center: ignored non-finite center \(newValue) on \(Self.self).")
                return
            }
            changingObserved("center") {
                layer.position = newValue
                geometryDidChange(oldSize: layer.bounds.size)
            }
        }
    }

    /// The 2D transform about the centre: the affine part of `layer.transform`.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set {
            changingObserved("transform") { layer.transform = CATransform3DMakeAffineTransform(newValue) }
        }
    }

    /// The full 3D transform of the backing layer.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// Opacity 0…1, the layer's `opacity`.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard !newValue.isNaN else {
                FlipbookDiagnostics.report("UIView.alpha: ignored NaN on \(Self.self).")
                return
            }
            changingObserved("alpha") { layer.opacity = Float(newValue) }
        }
    }

    /// The background colour, drawn by the layer as `backgroundColor`.
    open var backgroundColor: UIColor? {
        get { backgroundColorStorage }
        set {
            noteAppearanceSet(AppearanceKey(.backgroundColor), { (view: UIView) in view.backgroundColor = newValue })
            backgroundColorStorage = newValue
            layer.backgroundColor = newValue.map { $0.dynamicProvider == nil ? $0.cgColor : $0.resolvedColor(with: traitCollection).cgColor }
        }
    }

    /// Hides the view and its subviews (the layer's `isHidden`).
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            changingObserved("hidden") {
                layer.isHidden = newValue
                (superviewStorage as? UIStackView)?.arrangedSubviewVisibilityDidChange(self)
            }
        }
    }

    /// A hint that the view fills its bounds with opaque content.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Clips subviews to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// An integer to find the view by with `viewWithTag(_:)`.
    open var tag: Int = 0

    /// Whether touches reach the view (and its subviews) in hit testing.
    open var isUserInteractionEnabled = true

    /// Whether the view receives more than one touch at a time (default false: while one
    /// touch is down on it, later touches are not delivered to it; gesture recognizers still
    /// see them).
    open var isMultipleTouchEnabled = false

    /// Whether a touch on this view blocks touches to other views of its window, and touches
    /// on other views keep new touches from reaching it (default false).
    open var isExclusiveTouch = false

    // MARK: Accessibility (stored: Flipbook has no assistive technology; Views/UIView+Accessibility.swift)

    var accessibilityStorage = AccessibilityStorage()

    /// What VoiceOver reads for the view (default: a label's text, a button's title, else nil).
    open var accessibilityLabel: String? {
        get { accessibilityStorage.label ?? defaultAccessibilityLabel }
        set { accessibilityStorage.label = newValue }
    }
    /// A hint read after the label (default nil).
    open var accessibilityHint: String?
    /// The element's value as text (default nil).
    open var accessibilityValue: String?
    /// A string that identifies the view in UI tests (default nil).
    open var accessibilityIdentifier: String?
    /// Whether assistive technologies see the view as one element (default: true for labels,
    /// controls and image views with an image; false for other views, as on iOS).
    open var isAccessibilityElement: Bool {
        get { accessibilityStorage.isElement ?? defaultIsAccessibilityElement }
        set { accessibilityStorage.isElement = newValue }
    }
    /// What the element is and does (default: `.staticText` for labels, `.button` for buttons).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStorage.traits ?? defaultAccessibilityTraits }
        set { accessibilityStorage.traits = newValue }
    }
    /// Whether the view's elements are hidden from assistive technologies (default false).
    open var accessibilityElementsHidden = false
    /// Whether VoiceOver ignores the view's siblings (default false).
    open var accessibilityViewIsModal = false
    /// The element's rectangle in screen coordinates. Unless set, UIKit's default for a view:
    /// its bounds in its window's (Flipbook's screen's) coordinates, followed as the view
    /// moves. A value set is kept as given (UIKit does not update it).
    open var accessibilityFrame: CGRect {
        get { accessibilityStorage.frame ?? convert(bounds, to: nil) }
        set { accessibilityStorage.frame = newValue }
    }
    /// Whether Smart Invert leaves the view's content as it is (default false; stored).
    open var accessibilityIgnoresInvertColors = false

    // MARK: Motion effects (Effects/UIMotionEffect.swift: kept, never applied)

    /// The motion effects of the view, in the order added.
    open var motionEffects: [UIMotionEffect] = []

    /// Adds `effect` (once: adding it again does nothing).
    open func addMotionEffect(_ effect: UIMotionEffect) {
        guard !motionEffects.contains(where: { $0 === effect }) else { return }
        motionEffects.append(effect)
    }

    /// Removes `effect` if the view has it.
    open func removeMotionEffect(_ effect: UIMotionEffect) {
        motionEffects.removeAll { $0 === effect }
    }

    // MARK: Editing and fitting (Views/UIView+Editing.swift, Layout/UIView+Fitting.swift)

    /// Makes the first responder in this view's subtree resign; with `force` it resigns
    /// whether or not it agrees. Returns whether a responder resigned.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool { endEditingInSubtree(force: force) }

    /// The smallest (for `UIView.layoutFittingCompressedSize`) or largest (for
    /// `layoutFittingExpandedSize`) size the view's constraints allow, closest to `targetSize`.
    /// The view's frame does not change.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        fittingSize(targetSize, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel)
    }

    /// The size the view's constraints give when its width and height are held to
    /// `targetSize` at the given priorities (`.required` fixes that dimension).
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        fittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The tint colour: the nearest explicitly set tint up the hierarchy, else `.systemBlue`
    /// (an appearance proxy's is what was set on it, nil if nothing was, as UIKit's proxy answers).
    open var tintColor: UIColor! {
        get {
            if let own = tintColorStorage { return own }
            if appearanceState.isProxy { return nil }
            return superview?.tintColor ?? .systemBlue
        }
        set {
            noteAppearanceSet(AppearanceKey(.tintColor), { (view: UIView) in view.tintColor = newValue })
            tintColorStorage = newValue
            tintColorDidChange()
            for s in subviewStorage { s.inheritedTintColorDidChange() }
        }
    }

    /// Called when the effective tint colour changes: when `tintColor` is set on this view or on
    /// an ancestor it inherits the tint from.
    open func tintColorDidChange() {}

    /// How the layer's contents fit the bounds (sets `layer.contentsGravity`).
    open var contentMode: ContentMode {
        get { _contentMode }
        set {
            _contentMode = newValue
            layer.contentsGravity = contentMode.contentsGravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }
    private var _contentMode: ContentMode = .scaleToFill

    /// A view whose alpha masks this view (its layer becomes `layer.mask`). The mask view is not
    /// part of the hierarchy; its frame is in this view's bounds space.
    open var mask: UIView? {
        get { maskStorage }
        set {
            maskStorage?.maskViewOwner = nil
            // A mask's layer is in no tree (its superlayer is nil), so the commit could not tell
            // it is shown: laid out and drawn at every commit, as plain layer trees are.
            maskStorage?.layer.layoutWaitsForHost = true
            maskStorage = newValue
            newValue?.maskViewOwner = self
            newValue?.layer.layoutWaitsForHost = false
            layer.mask = newValue?.layer
        }
    }

    // MARK: Responder chain

    /// The view's controller when it is a controller's root view (UIKit's rule), else the
    /// superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// The controller whose root view this is (set when the controller's view is set or
    /// loaded); weak, as the controller owns its view.
    weak var owningViewController: UIViewController?

    // MARK: CALayerDelegate

    /// The action the layer runs when one of its properties changes: `NSNull()` (none) unless
    /// an animation block is being recorded, in which case the block's recorder decides
    /// (`UIViewAnimationRegistry`, Animation/UIViewAnimationState.swift).
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimationRegistry.action(for: self, layer: layer, key: event) ?? NSNull()
    }

    /// Fills the layer's contents. UIView's own draws through `draw(_:in:)` and so `draw(_:)`;
    /// a subclass overrides it to set `layer.contents` itself (a blur view drawing a blurred
    /// snapshot each frame).
    open func display(_ layer: CALayer) {
        layer.displayWithoutDelegate()
        if layer === self.layer { layer.discardEmptyDrawnContent() }
    }

    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        layoutIfNeeded()
    }

    /// Draws the view's content for its layer, or for a presentation copy of it that is redrawn
    /// while an animated key the layer class's `needsDisplay(forKey:)` names changes.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer.model() === self.layer else { return }
        traitCollection.performAsCurrent { drawLayerContents(in: ctx) }
    }

    // MARK: Traits (Appearance/UIView+Traits.swift)

    /// The view's traits: its controller's or superview's, with its own override on top.
    open var traitCollection: UITraitCollection { computedTraitCollection }

    /// Called when the view's traits changed (not for its first traits).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        UIView.traitCollectionDidChangeReplacement?(self, previousTraitCollection)  // UIView+Interposition.swift
    }

    /// Light or dark for this view and its subviews, whatever the window's appearance.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { traitState.overrideStyle }
        set {
            guard newValue != traitState.overrideStyle else { return }
            traitState.overrideStyle = newValue
            propagateTraitChanges()
        }
    }

    /// The smallest Dynamic Type size the view's content uses (iOS 15; nil: no limit). Kept:
    /// Flipbook's text does not scale with the content size category (docs/Divergences.md).
    open var minimumContentSizeCategory: UIContentSizeCategory? {
        get { traitState.minimumContentSizeCategory }
        set { traitState.minimumContentSizeCategory = newValue }
    }

    /// The largest Dynamic Type size the view's content uses (iOS 15; nil: no limit).
    open var maximumContentSizeCategory: UIContentSizeCategory? {
        get { traitState.maximumContentSizeCategory }
        set { traitState.maximumContentSizeCategory = newValue }
    }

    /// A description of the limits in force, for debugging, as UIKit gives one.
    open var appliedContentSizeCategoryLimitsDescription: String {
        let min = minimumContentSizeCategory?.rawValue ?? "none"
        let max = maximumContentSizeCategory?.rawValue ?? "none"
        return "<\(type(of: self)): minimumContentSizeCategory = \(min); maximumContentSizeCategory = \(max)>"
    }

    // MARK: Hierarchy callbacks (see UIView+Hierarchy.swift for the order)

    /// Called on the superview after `subview` was added.
    // The hierarchy edits are `open`, as UIKit's are (a masking view overrides `addSubview` to
    // put subviews in its content view); their work is in UIView+Hierarchy.swift.

    /// Adds `view` in front of all other subviews, removing it from its old superview first.
    open func addSubview(_ view: UIView) { hierarchyAddSubview(view) }
    /// Inserts `view` at `index` of `subviews` (clamped).
    open func insertSubview(_ view: UIView, at index: Int) { hierarchyInsertSubview(view, at: index) }
    /// Inserts `view` just above `siblingSubview` (at the front if it is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        hierarchyInsertSubview(view, aboveSubview: siblingSubview)
    }
    /// Inserts `view` just below `siblingSubview` (at the back if it is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        hierarchyInsertSubview(view, belowSubview: siblingSubview)
    }
    /// Moves `view` (a subview) to the front.
    open func bringSubviewToFront(_ view: UIView) { hierarchyBringSubviewToFront(view) }
    /// Moves `view` (a subview) to the back.
    open func sendSubviewToBack(_ view: UIView) { hierarchySendSubviewToBack(view) }
    /// Swaps the subviews at two indices (and their layers). Out-of-range indices are reported.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        hierarchyExchangeSubview(at: index1, withSubviewAt: index2)
    }
    /// Detaches the view from its superview (and its layer from the superlayer).
    open func removeFromSuperview() { hierarchyRemoveFromSuperview() }

    open func didAddSubview(_ subview: UIView) {}
    /// Called on the superview before `subview` is removed (or moved to another superview).
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the superview changes.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the superview changed.
    open func didMoveToSuperview() {}
    /// Called before the window changes (on every view of the moving subtree, parents first).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the window changed (on every view of the moving subtree, parents first).
    open func didMoveToWindow() {}

    // MARK: Hit testing (see UIView+Coordinates.swift)

    /// The deepest visible, interactive descendant (or self) containing `point` (in this
    /// view's bounds space): nil when the view is hidden, has alpha below 0.01, ignores
    /// interaction, or `point(inside:with:)` is false. Subviews are tried front to back.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }

    /// Whether `point` (bounds space) is inside the view: `bounds.contains(point)`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    // MARK: Gesture recognizers (see UIView+Gestures.swift)

    /// Whether `gestureRecognizer` (attached to this view) may leave `.possible`; default true.
    /// `UIButton` also declines single-tap recognizers of its ancestors, as UIKit documents.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Layout (see UIView+Layout.swift)

    /// Whether subviews are resized by their `autoresizingMask` when the bounds size changes.
    open var autoresizesSubviews = true
    /// How this view follows its superview's size changes.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether Auto Layout pins this view's frame with required constraints (default true).
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { _translatesAutoresizingMaskIntoConstraints }
        set {
            _translatesAutoresizingMaskIntoConstraints = newValue
            autoLayoutStructureDidChange()
        }
    }
    private var _translatesAutoresizingMaskIntoConstraints: Bool = true

    /// Lays out subviews. The default does nothing beyond what Auto Layout already applied;
    /// override to position subviews by hand.
    open func layoutSubviews() { UIView.layoutSubviewsReplacement?(self) }  // UIView+Interposition.swift
    /// Marks the view as needing layout on the next layout pass.
    open func setNeedsLayout() { markNeedsLayout() }
    /// Runs the layout pass now for this view's tree if anything in it needs layout.
    open func layoutIfNeeded() { runLayoutPass() }
    /// The size that fits `size`; the default returns the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame origin.
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        guard s.width.isFinite, s.height.isFinite else { return }
        frame = CGRect(origin: frame.origin, size: CGSize(width: max(0, s.width), height: max(0, s.height)))
    }
    /// The natural size of the content; `noIntrinsicMetric` on an axis without one (default both).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// The view whose baseline Auto Layout aligns (deprecated in iOS 9): the view itself.
    open func forBaselineLayout() -> UIView { self }
    /// The view whose first baseline `.firstBaseline` constraints align: the view itself.
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline `.lastBaseline` constraints align: the view itself.
    open var forLastBaselineLayout: UIView { self }
    /// Tells Auto Layout that `intrinsicContentSize` changed.
    open func invalidateIntrinsicContentSize() {
        autoLayoutStructureDidChange()
        // A stack view places its arranged views by their intrinsic sizes (UIKit's stack does it
        // with constraints, which the engine re-solves): it lays out again and its own size changes.
        if let stack = superviewStorage as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
            stack.invalidateIntrinsicContentSize()
            stack.setNeedsLayout()
        }
    }
    /// Called before Auto Layout solves; override to update constraints (call super).
    open func updateConstraints() {}
    /// Called when `safeAreaInsets` changed (Flipbook: when the window's insets or the
    /// view's position in it changed, noticed during a layout pass).
    open func safeAreaInsetsDidChange() {}
    /// Called when `layoutMargins` changed.
    open func layoutMarginsDidChange() {}

    // Open, as UIKit declares them, so subclasses can override them; the layout margins guide
    // and Auto Layout read these (UIView+Layout.swift holds the work).

    /// Margins for content (default 8 points on each edge).
    open var layoutMargins: UIEdgeInsets {
        get { layoutExtras.layoutMargins }
        set { storeLayoutMargins(newValue) }
    }

    /// `layoutMargins` with leading/trailing (Flipbook is left-to-right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// The insets of the bounds that the window's safe area covers (UIView+Layout.swift).
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets }

    // MARK: Drawing (see UIView+Drawing.swift)

    /// Draws the view's content into `UIGraphicsGetCurrentContext()` (a recording context) in
    /// bounds coordinates. The default draws nothing. Called when the view is first displayed
    /// and after `setNeedsDisplay()`.
    open func draw(_ rect: CGRect) {}
    /// Marks the whole view as needing to redraw its content with `draw(_:)`.
    open func setNeedsDisplay() { markNeedsDisplay() }
    /// Marks part of the view as needing redraw (Flipbook redraws the whole view).
    open func setNeedsDisplay(_ invalidRect: CGRect) { markNeedsDisplay() }
    /// A new view showing what this view shows now, unaffected by later changes.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { makeSnapshotView(afterScreenUpdates: afterUpdates) }
    /// A new view showing what `rect` (in this view's bounds) shows now; when the snapshot is
    /// resized, `capInsets` keep their size and the middle stretches.
    open func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        makeResizableSnapshotView(from: rect, afterScreenUpdates: afterUpdates, capInsets: capInsets)
    }

    // MARK: Internal

    /// Called when the bounds size changed; subclasses in this module refresh their sublayers.
    func boundsSizeDidChange() {}

    /// Called on each view of a subtree about to leave its window (or move to another), before
    /// `willMove(toWindow:)`; controls stop tracking their touch here.
    func windowWillChange(to newWindow: UIWindow?) {}
    /// Module hook after the view moved to another window (or out of one), before
    /// `didMoveToWindow()`.
    func windowDidChange() {}
}
