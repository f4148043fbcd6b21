import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A view whose content is larger than its bounds, UIKit's `UIScrollView`.
///
/// Scrolling moves `bounds.origin` (`contentOffset`), so subviews placed in content
/// coordinates move with it. A pan (`panGestureRecognizer`) drags the content 1:1 with the
/// finger, rubber-banding past the edges; on release the content decelerates (the speed is
/// multiplied by `decelerationRate` every millisecond), bounces off an edge and springs back,
/// or settles on a page, all on `MediaClock.main` through a `CADisplayLink`
/// (docs/Semantics.md, "Scroll views"). The delegate hears UIKit's calls in UIKit's order.
///
/// Files: dragging (`UIScrollView+Dragging`), motions after release and animated offsets
/// (`+Motion`, `ScrollMotion`), indicators (`+Indicators`), insets and layout guides
/// (`+Insets`), the closed forms (`ScrollPhysics`), the recognizers (`ScrollViewGestures`).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How the safe area adds to `contentInset`, UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    /// The factor the speed is multiplied by each millisecond after a release, UIKit's
    /// `UIScrollView.DecelerationRate` (`.normal` 0.998, `.fast` 0.99).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The scroll indicators' colour scheme, UIKit's `UIScrollView.IndicatorStyle`.
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }

    /// How dragging dismisses the keyboard (kept; Flipbook has no keyboard).
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// The delegate, held weakly.
    open weak var delegate: (any UIScrollViewDelegate)?

    var contentSizeStorage: CGSize = .zero
    var contentInsetStorage: UIEdgeInsets = .zero
    var lastAdjustedInset: UIEdgeInsets?
    var insetBehaviorStorage: ContentInsetAdjustmentBehavior = .automatic
    var trackingFlag = false
    var draggingFlag = false
    var deceleratingFlag = false
    var drag = ScrollDrag()
    var motion: ScrollMotion?
    /// A touch went down while the content moved on its own and stopped it: that touch does
    /// not reach the content (docs/Semantics.md).
    var touchStoppedMotion = false
    let indicators = ScrollIndicators()
    /// Zoom scale, limits, pinch and its progress (UIScrollView+Zooming.swift).
    var zoomState = ScrollZoomState()
    var contentGuideStorage: UILayoutGuide?
    var lastLayoutSize: CGSize?
    var frameGuideStorage: UILayoutGuide?

    let scrollPan = ScrollViewPanGestureRecognizer()
    let delayRecognizer = ScrollViewDelayRecognizer()
    var refreshControlStorage: UIRefreshControl?

    /// The pull-to-refresh control shown above the content (iOS 10), nil by default. Setting one
    /// adds it behind the content; see `UIRefreshControl`.
    open var refreshControl: UIRefreshControl? {
        get { refreshControlStorage }
        set {
            guard newValue !== refreshControlStorage else { return }
            let old = refreshControlStorage
            if let old, old.hostScrollView === self {
                old.hostScrollView = nil
                old.removeFromSuperview()
            }
            refreshControlStorage = newValue
            if let newValue {
                if let other = newValue.hostScrollView, other !== self { other.refreshControl = nil }
                newValue.hostScrollView = self
                insertSubview(newValue, at: 0)
                newValue.scrollViewDidMove(self)
            }
            if old?.isRefreshing == true || newValue?.isRefreshing == true { checkAdjustedContentInset() }
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpScrollView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpScrollView()
    }

    private func setUpScrollView() {
        clipsToBounds = true
        scrollPan.scrollView = self
        scrollPan.addTarget(self) { (sv: UIScrollView, g: ScrollViewPanGestureRecognizer) in sv.handlePan(g) }
        delayRecognizer.scrollView = self
        addGestureRecognizer(scrollPan)
        addGestureRecognizer(delayRecognizer)
        lastAdjustedInset = computeAdjustedContentInset()
    }

    // MARK: Offset and size

    /// The point of the content shown at the scroll view's top-left corner: `bounds.origin`.
    /// Setting it stops a running deceleration or animation and moves there at once.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The size of the content, in points. NaN, infinite or negative sizes are reported and
    /// ignored.
    open var contentSize: CGSize {
        get { contentSizeStorage }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite else {
                FlipbookDiagnostics.report(
                    "UIScrollView.contentSize: ignored non-finite size \(newValue) on \(Self.self).",
                    once: "UIScrollView.contentSize.nan")
                return
            }
            var size = newValue
            if size.width < 0 || size.height < 0 {
                FlipbookDiagnostics.report(
                    "UIScrollView.contentSize: negative size \(newValue) on \(Self.self); using 0 on that axis.",
                    once: "UIScrollView.contentSize.negative")
                size = CGSize(width: max(0, size.width), height: max(0, size.height))
            }
            guard size != contentSizeStorage else { return }
            changingObserved("contentSize") {
                contentSizeStorage = size
                checkAdjustedContentInset()
                updateIndicators()
            }
        }
    }

    /// The bounds; a change of origin is a scroll (`scrollViewDidScroll`, indicators, layout).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            // Observers of contentOffset hear of a scroll around the whole of it, as UIKit's
            // setContentOffset: wraps setBounds: (and so scrollViewDidScroll).
            let scrolls = keyValueObservers != nil && newValue.origin != old.origin
            if scrolls { keyValueObservers?.willChange("contentOffset") }
            super.bounds = newValue
            let now = super.bounds
            if now.origin != old.origin {
                setNeedsLayout()
                updateIndicators()
                refreshControlStorage?.scrollViewDidMove(self)
                delegate?.scrollViewDidScroll(self)
            } else if now.size != old.size {
                updateIndicators()
                refreshControlStorage?.scrollViewDidMove(self)
            }
            if scrolls { keyValueObservers?.didChange("contentOffset") }
        }
    }

    /// Moves the content so `contentOffset` is `offset`: at once, or animated (about 0.3 s,
    /// ease in and out, `scrollViewDidScroll` each frame, then
    /// `scrollViewDidEndScrollingAnimation`). Stops a running deceleration. A non-finite offset
    /// is reported and ignored.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            FlipbookDiagnostics.report(
                "UIScrollView.setContentOffset: ignored non-finite offset \(contentOffset) on \(Self.self).",
                once: "UIScrollView.contentOffset.nan")
            return
        }
        stopMotion()
        if animated, contentOffset != self.contentOffset {
            startAnimation(to: contentOffset)
        } else {
            bounds.origin = contentOffset
        }
    }

    /// Scrolls the least distance that shows `rect` (content coordinates) inside the bounds
    /// less `adjustedContentInset`, within the scrollable range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            FlipbookDiagnostics.report(
                "UIScrollView.scrollRectToVisible: ignored non-finite rect \(rect).", once: "UIScrollView.scrollRect.nan")
            return
        }
        let r = rect.standardized
        let i = adjustedContentInset
        let o = contentOffset
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ visMin: CGFloat, _ visLen: CGFloat) -> CGFloat {
            if hi - lo > visLen || lo < visMin { return lo }
            if hi > visMin + visLen { return hi - visLen }
            return visMin
        }
        let visW = bounds.width - i.left - i.right, visH = bounds.height - i.top - i.bottom
        let x = axis(r.minX, r.maxX, o.x + i.left, visW) - i.left
        let y = axis(r.minY, r.maxY, o.y + i.top, visH) - i.top
        let target = clampedOffset(CGPoint(x: x, y: y))
        guard target != o else { return }
        setContentOffset(target, animated: animated)
    }

    // MARK: Insets and layout guides (see UIScrollView+Insets.swift)

    /// Extra space around the content, added to the scrollable range. Non-finite insets are
    /// reported and ignored.
    open var contentInset: UIEdgeInsets {
        get { contentInsetStorage }
        set {
            guard Self.isFinite(newValue) else {
                FlipbookDiagnostics.report(
                    "UIScrollView.contentInset: ignored non-finite insets \(newValue).", once: "UIScrollView.contentInset")
                return
            }
            guard newValue != contentInsetStorage else { return }
            changingObserved("contentInset") {
                contentInsetStorage = newValue
                checkAdjustedContentInset()
                updateIndicators()
            }
        }
    }

    /// How the safe area adds to `contentInset` (default `.automatic`).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior {
        get { insetBehaviorStorage }
        set {
            insetBehaviorStorage = newValue
            checkAdjustedContentInset()
        }
    }

    /// `contentInset` plus the safe-area insets the adjustment behaviour adds: `.never` none,
    /// `.always` all, `.scrollableAxes` those of an axis the content scrolls on (taller or
    /// wider than the bounds, or always bouncing), `.automatic` like `.scrollableAxes` but the
    /// top and bottom always when the scroll view is inside a navigation controller's content.
    open var adjustedContentInset: UIEdgeInsets { computeAdjustedContentInset() }

    /// Called when `adjustedContentInset` changed (before the delegate hears it).
    open func adjustedContentInsetDidChange() {}

    /// Whether the scroll indicators' insets follow `adjustedContentInset` (default true).
    open var automaticallyAdjustsScrollIndicatorInsets: Bool {
        get { indicators.automaticallyAdjusts }
        set {
            indicators.automaticallyAdjusts = newValue
            updateIndicators()
        }
    }

    /// Insets of the vertical indicator's track from the bounds.
    open var verticalScrollIndicatorInsets: UIEdgeInsets {
        get { indicators.verticalInsets }
        set { setIndicatorInsets(newValue, \.verticalInsets) }
    }

    /// Insets of the horizontal indicator's track from the bounds.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets {
        get { indicators.horizontalInsets }
        set { setIndicatorInsets(newValue, \.horizontalInsets) }
    }

    /// Sets both indicators' insets; reads the vertical one.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    /// Sets one indicator's insets (`side`); non-finite insets are reported and ignored.
    private func setIndicatorInsets(_ i: UIEdgeInsets, _ side: ReferenceWritableKeyPath<ScrollIndicators, UIEdgeInsets>) {
        guard Self.isFinite(i) else {
            FlipbookDiagnostics.report(
                "UIScrollView scroll indicator insets: ignored non-finite insets \(i).", once: "UIScrollView.indicatorInsets")
            return
        }
        indicators[keyPath: side] = i
        updateIndicators()
    }

    static func isFinite(_ i: UIEdgeInsets) -> Bool {
        i.top.isFinite && i.left.isFinite && i.bottom.isFinite && i.right.isFinite
    }

    // MARK: Layout guides

    /// A guide for the content area: its top-left is the content's origin and its size, when
    /// constraints decide it, becomes `contentSize`.
    open var contentLayoutGuide: UILayoutGuide {
        if let g = contentGuideStorage { return g }
        let g = UILayoutGuide(systemKind: .scrollContent, identifier: "UIScrollView-contentLayoutGuide", owner: self)
        contentGuideStorage = g
        return g
    }

    /// A guide for the scroll view's own frame: views pinned to it do not scroll.
    open var frameLayoutGuide: UILayoutGuide {
        if let g = frameGuideStorage { return g }
        let g = UILayoutGuide(systemKind: .scrollFrame, identifier: "UIScrollView-frameLayoutGuide", owner: self)
        frameGuideStorage = g
        return g
    }

    /// Where a release that would come to rest at `proposed` stops, before the delegate's
    /// `scrollViewWillEndDragging` sees it; `velocity` in points per millisecond, as the delegate
    /// gets it. A collection view asks its layout (docs/Semantics.md, "Where a fling stops").
    func releaseTarget(proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// Auto Layout solved the content guide's size (Layout/LayoutEngine.swift).
    func contentLayoutGuideDidSolve(size: CGSize) {
        guard size.width.isFinite, size.height.isFinite else { return }
        if abs(size.width - contentSize.width) > 1e-6 || abs(size.height - contentSize.height) > 1e-6 {
            contentSize = CGSize(width: max(0, size.width), height: max(0, size.height))
        }
    }

    // MARK: Behaviour switches

    /// Whether the user can scroll (the pan recognizer is enabled with it).
    open var isScrollEnabled: Bool {
        get { _isScrollEnabled }
        set {
            _isScrollEnabled = newValue
            scrollPan.isEnabled = isScrollEnabled
        }
    }
    private var _isScrollEnabled: Bool = true
    /// Whether scrolling settles on multiples of the bounds size.
    open var isPagingEnabled = false
    /// Whether the content rubber-bands past its edges (default true).
    open var bounces = true
    /// Whether a vertical drag rubber-bands even when the content is not taller than the bounds.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag rubber-bands even when the content is not wider than the bounds.
    open var alwaysBounceHorizontal = false
    /// Whether a pinch may zoom past `minimumZoomScale`/`maximumZoomScale` (with resistance) and
    /// spring back when it ends (default true); without it the scale stops at the limits.
    open var bouncesZoom = true
    /// Whether a drag that starts mostly along one axis scrolls only along it.
    open var isDirectionalLockEnabled = false
    /// The speed factor per millisecond after a release (default `.normal`). Values outside
    /// 0 < r < 1 are reported and ignored.
    open var decelerationRate: DecelerationRate {
        get { decelerationRateStorage }
        set {
            guard newValue.rawValue.isFinite, newValue.rawValue > 0, newValue.rawValue < 1 else {
                FlipbookDiagnostics.report(
                    "UIScrollView.decelerationRate must be between 0 and 1 (got \(newValue.rawValue)); ignored.",
                    once: "UIScrollView.decelerationRate")
                return
            }
            decelerationRateStorage = newValue
        }
    }
    var decelerationRateStorage: DecelerationRate = .normal
    /// Whether a tap on the status bar scrolls this view to the top (kept).
    open var scrollsToTop = true
    /// How dragging dismisses the keyboard (kept).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    // MARK: Zooming (see UIScrollView+Zooming.swift)

    /// The smallest scale the content may be zoomed to (default 1). A non-finite or non-positive
    /// value is reported and ignored.
    open var minimumZoomScale: CGFloat {
        get { zoomState.minimum }
        set { setZoomLimit(newValue, minimum: true) }
    }
    /// The largest scale the content may be zoomed to (default 1: no zooming).
    open var maximumZoomScale: CGFloat {
        get { zoomState.maximum }
        set { setZoomLimit(newValue, minimum: false) }
    }
    /// The scale of the delegate's `viewForZooming(in:)` (1 until zoomed). Setting it is
    /// `setZoomScale(_:animated: false)`.
    open var zoomScale: CGFloat {
        get { zoomState.scale }
        set { setZoomScale(newValue, animated: false) }
    }
    /// Zooms the view for zooming to `scale`, clamped to the limits, around the centre of the
    /// bounds; animated, with `scrollViewWillBeginZooming`, then one `scrollViewDidZoom` (the
    /// model values change at once, Core Animation moves the rest) and `scrollViewDidEndZooming`
    /// when the animation ends. Nothing happens without a view for zooming.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { performSetZoomScale(scale, animated: animated) }
    /// Zooms so that `rect` (in the coordinates of the view for zooming) fills the bounds as far
    /// as the limits allow, centred.
    open func zoom(to rect: CGRect, animated: Bool) { performZoom(to: rect, animated: animated) }
    /// Whether a pinch is zooming the content now.
    open var isZooming: Bool { zoomState.isZooming }
    /// Whether the scale springs back into the limits after a pinch went past them.
    open var isZoomBouncing: Bool { zoomState.isBouncing }

    // MARK: State

    /// Whether a finger is on the content (from touch-down to lift, dragged or not).
    open var isTracking: Bool { trackingFlag }
    /// Whether the user is dragging the content (from `scrollViewWillBeginDragging` until
    /// `scrollViewDidEndDragging` returned).
    open var isDragging: Bool { draggingFlag }
    /// Whether the content moves on its own after a release (deceleration, bounce back, page
    /// settle).
    open var isDecelerating: Bool { deceleratingFlag }

    // MARK: Touches in content

    /// The scroll view's pan. Its delegate is the scroll view in UIKit; here its decisions are
    /// the scroll view's `gestureRecognizerShouldBegin(_:)`.
    open var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }
    /// The scroll view's pinch, nil while zooming is impossible (`maximumZoomScale` not above
    /// `minimumZoomScale`), as in UIKit.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { zoomState.pinch }

    /// Whether touch-downs in the content wait (0.15 s, or until the finger lifts) to see
    /// whether the touch is a drag (default true).
    open var delaysContentTouches: Bool {
        get { _delaysContentTouches }
        set {
            _delaysContentTouches = newValue
            delayRecognizer.isEnabled = delaysContentTouches
        }
    }
    private var _delaysContentTouches: Bool = true
    /// Whether a drag may still begin (and cancel the content's touches) once the content has
    /// received its touch (default true).
    open var canCancelContentTouches = true

    /// Whether the content `view` receives a touch that begins in it (default true).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }
    /// Whether a drag may cancel the touches `view` is tracking: true unless `view` is a
    /// `UIControl`, as UIKit documents.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === scrollPan { return panShouldBegin() }
        if let pinch = zoomState.pinch, gestureRecognizer === pinch { return pinchShouldBegin() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Indicators (see UIScrollView+Indicators.swift)

    /// Whether the vertical indicator shows while scrolling (default true).
    open var showsVerticalScrollIndicator: Bool {
        get { indicators.showsVertical }
        set {
            indicators.showsVertical = newValue
            updateIndicators()
        }
    }
    /// Whether the horizontal indicator shows while scrolling (default true).
    open var showsHorizontalScrollIndicator: Bool {
        get { indicators.showsHorizontal }
        set {
            indicators.showsHorizontal = newValue
            updateIndicators()
        }
    }
    /// The indicators' colours (default `.default`).
    open var indicatorStyle: IndicatorStyle {
        get { indicators.style }
        set {
            indicators.style = newValue
            updateIndicators()
        }
    }
    /// Shows the indicators briefly (then they fade as after a scroll).
    open func flashScrollIndicators() {
        showIndicators()
        if !isTracking, motion == nil { scheduleIndicatorFade() }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A scroll lays the view out every frame; the adjusted inset can only change with the
        // size (or the safe area, noticed in safeAreaInsetsDidChange).
        if lastLayoutSize != bounds.size {
            lastLayoutSize = bounds.size
            checkAdjustedContentInset()
        }
        updateIndicators()
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        checkAdjustedContentInset()
    }

    /// Entering a window gives the scroll view the window's safe area. A scroll view resting at
    /// its top whose adjusted inset that changes is laid out at the next pass (which notices the
    /// safe area and moves the offset to the new top, so a list laid out off screen rests below
    /// the status bar), as UIKit adjusts it in layout; a view whose frame does not change would
    /// otherwise never be laid out again.
    override func windowDidChange() {
        super.windowDidChange()
        guard window != nil, let old = lastAdjustedInset, !isTracking, motion == nil else { return }
        let new = computeAdjustedContentInset()
        let movesY = new.top != old.top && abs(contentOffset.y + old.top) < 0.5
        let movesX = new.left != old.left && abs(contentOffset.x + old.left) < 0.5
        if movesY || movesX { setNeedsLayout() }
    }

    override func windowWillChange(to newWindow: UIWindow?) {
        super.windowWillChange(to: newWindow)
        if newWindow == nil { stopMotion() }
    }
}
