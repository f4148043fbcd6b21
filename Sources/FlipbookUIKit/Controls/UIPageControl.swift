import Foundation

/// A row of page indicators, UIKit's `UIPageControl`: one dot per page, the current page's in
/// `currentPageIndicatorTintColor` (default white), the others in `pageIndicatorTintColor`
/// (default white at 30% opacity), centred in the bounds.
///
/// Geometry (docs/Divergences.md, "UIPageControl"): dots 7 points across, 9 points apart, 8
/// points of padding at each end; `size(forNumberOfPages:)` is that row by 26 points, and is
/// the intrinsic size. Custom indicator images (`preferredIndicatorImage`,
/// `setIndicatorImage(_:forPage:)`) take their own size and are drawn as templates in the
/// indicator's colour.
///
/// A tap in the left half goes back one page, in the right half forward one (mirrored right to
/// left), sending `.valueChanged`, as UIKit's page control does; a drag along the control
/// (`allowsContinuousInteraction`, the default) moves to the page under the finger, sending
/// `.valueChanged` at each change. Setting `currentPage` sends nothing.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// Whether the control shows a background behind the indicators, UIKit's
    /// `UIPageControl.BackgroundStyle` (Apple's raw values).
    public enum BackgroundStyle: Int, Sendable {
        /// A background only while the user drags along the control (the default).
        case automatic = 0
        /// Always a background.
        case prominent = 1
        /// Never a background.
        case minimal = 2
    }

    /// How the user is interacting with the control, UIKit's `UIPageControl.InteractionState`.
    public enum InteractionState: Int, Sendable {
        case none = 0
        /// A tap moved one page.
        case discrete = 1
        /// A drag is moving through the pages.
        case continuous = 2
    }

    /// An indicator's diameter, in points.
    static let indicatorDiameter: CGFloat = 7
    /// The gap between two indicators, in points.
    static let indicatorGap: CGFloat = 9
    /// The space before the first and after the last indicator, in points.
    static let endPadding: CGFloat = 8
    /// The control's fitting height, in points.
    static let fittingHeight: CGFloat = 26
    /// How far a touch moves before it is a drag through the pages rather than a tap.
    static let scrubThreshold: CGFloat = 10

    private let platter = UIView(frame: .zero)
    private var indicators: [UIImageView] = []
    private var indicatorImages: [Int: UIImage] = [:]
    private var trackingStart: CGPoint = .zero
    /// The page the indicators show (differs from `currentPage` while display is deferred).
    private var displayedPage = 0

    /// The number of pages (default 0). Negative values are reported and read as 0.
    open var numberOfPages: Int {
        get { _numberOfPages }
        set {
            var count = newValue
            if count < 0 {
                FlipbookDiagnostics.report("UIPageControl.numberOfPages: \(newValue) is negative; 0 is used.")
                count = 0
            }
            _numberOfPages = count
            _currentPage = clampedPage(_currentPage)
            displayedPage = clampedPage(displayedPage)
            indicatorImages = indicatorImages.filter { $0.key < count }
            rebuildIndicators()
            invalidateIntrinsicContentSize()
        }
    }
    private var _numberOfPages = 0

    /// The page shown as current (default 0), kept within `0..<numberOfPages`. Setting it does
    /// not send actions.
    open var currentPage: Int {
        get { _currentPage }
        set {
            _currentPage = clampedPage(newValue)
            displayedPage = _currentPage
            applyColors()
        }
    }
    private var _currentPage = 0

    /// Whether the indicators are hidden when there is only one page (default false).
    open var hidesForSinglePage = false {
        didSet { setNeedsLayout() }
    }

    /// The colour of the other pages' indicators (nil: white at 30% opacity).
    open var pageIndicatorTintColor: UIColor? {
        get { _pageIndicatorTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.pageControlPageIndicatorTintColor), { (c: UIPageControl) in c.pageIndicatorTintColor = newValue })
            _pageIndicatorTintColor = newValue
            applyColors()
        }
    }
    private var _pageIndicatorTintColor: UIColor?

    /// The colour of the current page's indicator (nil: white).
    open var currentPageIndicatorTintColor: UIColor? {
        get { _currentPageIndicatorTintColor }
        set {
            noteAppearanceSet(
                AppearanceKey(.pageControlCurrentPageIndicatorTintColor), { (c: UIPageControl) in c.currentPageIndicatorTintColor = newValue })
            _currentPageIndicatorTintColor = newValue
            applyColors()
        }
    }
    private var _currentPageIndicatorTintColor: UIColor?

    /// When to show a background behind the indicators (default `.automatic`).
    open var backgroundStyle: BackgroundStyle = .automatic {
        didSet { setNeedsLayout() }
    }

    /// How the user is interacting with the control now.
    open private(set) var interactionState: InteractionState = .none

    /// Whether a drag along the control moves through the pages (default true).
    open var allowsContinuousInteraction = true

    /// The image every indicator shows (nil: a dot), drawn as a template in its colour.
    open var preferredIndicatorImage: UIImage? {
        didSet { rebuildIndicators() }
    }

    /// Whether a tap leaves the indicators on the old page until `updateCurrentPageDisplay()`
    /// (deprecated in iOS 14; default false).
    @available(iOS, deprecated: 14.0, message: "defersCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
    open var defersCurrentPageDisplay = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        platter.isUserInteractionEnabled = false
        platter.backgroundColor = UIColor(white: 0, alpha: 0.25)
        platter.isHidden = true
        addSubview(platter)
    }

    private func clampedPage(_ page: Int) -> Int { min(max(page, 0), max(0, _numberOfPages - 1)) }

    // MARK: Indicator images

    /// The image the indicator of `page` shows: the one set for it, else
    /// `preferredIndicatorImage` (nil: a dot).
    open func indicatorImage(forPage page: Int) -> UIImage? { indicatorImages[page] ?? preferredIndicatorImage }

    /// Sets the image the indicator of `page` shows (nil: `preferredIndicatorImage`). A page
    /// outside `0..<numberOfPages` is reported and ignored.
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        guard page >= 0, page < numberOfPages else {
            FlipbookDiagnostics.report("UIPageControl.setIndicatorImage(_:forPage:): page \(page) is outside 0..<\(numberOfPages); ignored.")
            return
        }
        indicatorImages[page] = image
        rebuildIndicators()
    }

    /// Shows `currentPage` after a tap changed it while `defersCurrentPageDisplay` is on.
    @available(iOS, deprecated: 14.0, message: "updateCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
    open func updateCurrentPageDisplay() {
        displayedPage = _currentPage
        applyColors()
    }

    // MARK: Size

    /// The size the control needs to show `pageCount` indicators: 16 points per dot (7 across,
    /// 9 apart) less one gap, plus 8 points at each end, by 26 points; zero wide for no pages.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = max(0, pageCount)
        guard n > 0 else { return CGSize(width: 0, height: Self.fittingHeight) }
        var width: CGFloat = 0
        for page in 0..<n { width += indicatorSize(forPage: page).width }
        width += CGFloat(n - 1) * Self.indicatorGap + 2 * Self.endPadding
        return CGSize(width: width, height: Self.fittingHeight)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    private func indicatorSize(forPage page: Int) -> CGSize {
        if page < numberOfPages, let image = indicatorImage(forPage: page) { return image.size }
        return CGSize(width: Self.indicatorDiameter, height: Self.indicatorDiameter)
    }

    // MARK: Layout and drawing

    private func rebuildIndicators() {
        while indicators.count > numberOfPages { indicators.removeLast().removeFromSuperview() }
        while indicators.count < numberOfPages {
            let v = UIImageView(image: nil)
            v.isUserInteractionEnabled = false
            indicators.append(v)
            addSubview(v)
        }
        for (page, v) in indicators.enumerated() {
            if let image = indicatorImage(forPage: page) {
                v.image = image.withRenderingMode(.alwaysTemplate)
                v.layer.cornerRadius = 0
            } else {
                v.image = nil
                v.layer.cornerRadius = Self.indicatorDiameter / 2
            }
        }
        applyColors()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// The indicators' frames, in order of page, centred in the bounds.
    private func indicatorFrames() -> [CGRect] {
        let total = size(forNumberOfPages: numberOfPages).width - 2 * Self.endPadding
        var x = bounds.midX - total / 2
        var frames: [CGRect] = []
        for page in 0..<numberOfPages {
            let s = indicatorSize(forPage: page)
            frames.append(CGRect(x: x, y: bounds.midY - s.height / 2, width: s.width, height: s.height))
            x += s.width + Self.indicatorGap
        }
        if isRightToLeft {
            frames = frames.map { CGRect(x: 2 * bounds.midX - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
        }
        return frames
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let hidden = hidesForSinglePage && numberOfPages <= 1
        let frames = indicatorFrames()
        for (v, frame) in zip(indicators, frames) {
            v.frame = frame
            v.isHidden = hidden
        }
        let showsPlatter = backgroundStyle == .prominent || (backgroundStyle == .automatic && interactionState == .continuous)
        platter.isHidden = hidden || numberOfPages == 0 || !showsPlatter
        if let first = frames.first, let last = frames.last {
            let minX = min(first.minX, last.minX) - Self.endPadding, maxX = max(first.maxX, last.maxX) + Self.endPadding
            let height = min(bounds.height, Self.fittingHeight)
            platter.frame = CGRect(x: minX, y: bounds.midY - height / 2, width: maxX - minX, height: height)
            platter.layer.cornerRadius = height / 2
        }
    }

    private func applyColors() {
        let other = pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)
        let current = currentPageIndicatorTintColor ?? .white
        for (page, v) in indicators.enumerated() {
            let color = page == displayedPage ? current : other
            if v.image != nil {
                v.backgroundColor = nil
                v.tintColor = color
            } else {
                v.backgroundColor = color
            }
        }
    }

    // MARK: Interaction

    private func setPageFromUser(_ page: Int, state: InteractionState) {
        let page = clampedPage(page)
        guard page != _currentPage else { return }
        _currentPage = page
        if !(state == .discrete && defersCurrentPageDisplay) { displayedPage = page }
        applyColors()
        let saved = interactionState
        interactionState = state
        sendActions(for: .valueChanged)
        interactionState = saved
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackingStart = touch.location(in: self)
        interactionState = .none
        return numberOfPages > 0 && !(hidesForSinglePage && numberOfPages <= 1)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        if interactionState != .continuous {
            guard allowsContinuousInteraction, abs(p.x - trackingStart.x) > Self.scrubThreshold else { return true }
            interactionState = .continuous
            setNeedsLayout()
        }
        // The page whose slot (the indicator and half the gap on each side) is under the finger.
        let frames = indicatorFrames()
        guard !frames.isEmpty else { return true }
        var nearest = 0
        for (page, f) in frames.enumerated() where abs(f.midX - p.x) < abs(frames[nearest].midX - p.x) { nearest = page }
        setPageFromUser(nearest, state: .continuous)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer {
            interactionState = .none
            setNeedsLayout()
        }
        guard interactionState != .continuous, let touch, isTouchInside else { return }
        let p = touch.location(in: self)
        guard bounds.contains(p) else { return }
        let forward = (p.x >= bounds.midX) != isRightToLeft
        setPageFromUser(_currentPage + (forward ? 1 : -1), state: .discrete)
    }

    open override func cancelTracking(with event: UIEvent?) {
        interactionState = .none
        setNeedsLayout()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }
}
