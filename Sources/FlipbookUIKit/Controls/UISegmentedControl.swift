import Foundation

/// A horizontal row of mutually exclusive segments, UIKit's `UISegmentedControl`, drawn in the
/// iOS 13 style: a rounded grey track, the selected segment as a white rounded "pill" with a soft
/// shadow, 13-point titles (semibold when selected), thin dividers between unselected segments.
///
/// Sizes (docs/Divergences.md, "UISegmentedControl"): 32 points tall; a segment is its content
/// (title or image) plus 12 points at each side; without `apportionsSegmentWidthsByContent`
/// every automatic segment is as wide as the widest one. `init(items:)` sizes the control to
/// that. A frame of another width shares the width left by fixed-width segments
/// (`setWidth(_:forSegmentAt:)`) among the others: equally, or in proportion to their content
/// when apportioning.
///
/// A tap (touch up over a segment, through the control tracking) selects the segment under
/// the finger, runs its `UIAction` if it has one and sends `.valueChanged`; tapping the
/// selected segment sends nothing unless `isMomentary`. Setting `selectedSegmentIndex` in code
/// sends nothing, as in UIKit. Segment editing (`insertSegment`, `removeSegment`) keeps the
/// selected segment selected when it survives.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected, UIKit's `UISegmentedControl.noSegment`.
    public static let noSegment: Int = -1

    /// Where a segment sits, UIKit's `UISegmentedControl.Segment` (Apple's raw values), for the
    /// content position adjustments.
    public enum Segment: Int, Sendable {
        case any = 0, left = 1, center = 2, right = 3, alone = 4
    }

    /// The control's height, in points.
    static let controlHeight: CGFloat = 32
    /// Space at each side of a segment's content, in points.
    static let segmentPadding: CGFloat = 12
    /// The track's corner radius, in points.
    static let trackCornerRadius: CGFloat = 9
    /// How far the selected pill is inset in its segment, in points.
    static let pillInset: CGFloat = 2
    /// The default title size, in points.
    static let titleSize: CGFloat = 13

    struct Item {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var isEnabled = true
        var width: CGFloat = 0
        var contentOffset: CGSize = .zero
    }

    /// One segment's content: a title label and an image view, centred.
    final class SegmentView: UIView {
        let label = UILabel()
        let imageView = UIImageView(image: nil)
        override init(frame: CGRect) {
            super.init(frame: frame)
            isUserInteractionEnabled = false
            label.textAlignment = .center
            addSubview(label)
            addSubview(imageView)
        }
        required init?(coder: NSCoder) { nil }
    }

    var items: [Item] = []
    let track = UIView(frame: .zero)
    let pill = UIView(frame: .zero)
    var segmentViews: [SegmentView] = []
    var dividers: [UIView] = []
    var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    var backgroundImages: [String: UIImage] = [:]
    var dividerImages: [String: UIImage] = [:]
    var positionAdjustments: [String: UIOffset] = [:]
    /// The segment under the finger while tracking.
    var highlightedSegment: Int?
    /// Whether the selection pill is drawn (false while momentary or when nothing is selected).
    var showsPill: Bool { !isMomentary && _selectedSegmentIndex >= 0 && _selectedSegmentIndex < items.count }

    // MARK: Initialisers

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A control with one segment per item, each a `String` (a title) or a `UIImage`, sized to
    /// fit its segments. Other items are reported and become empty segments.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for (index, item) in (items ?? []).enumerated() {
            if let title = item as? String {
                self.items.append(Item(title: title))
            } else if let image = item as? UIImage {
                self.items.append(Item(image: image))
            } else {
                FlipbookDiagnostics.report(
                    "UISegmentedControl(items:): item \(index) is a \(type(of: item)), neither a String nor a UIImage; the segment is empty.")
                self.items.append(Item())
            }
        }
        rebuildSegments()
        frame.size = intrinsicContentSize
    }

    /// A control with one segment per action (its title and image), sized as `init(items:)`
    /// when `frame` is zero.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        items = actions.map { Item(title: $0.title.isEmpty ? nil : $0.title, image: $0.image, action: $0) }
        rebuildSegments()
        if frame.size == .zero { self.frame.size = intrinsicContentSize }
    }

    private func setUp() {
        layer.cornerRadius = Self.trackCornerRadius
        track.isUserInteractionEnabled = false
        track.layer.cornerRadius = Self.trackCornerRadius
        addSubview(track)
        pill.isUserInteractionEnabled = false
        pill.layer.cornerRadius = Self.trackCornerRadius - Self.pillInset
        pill.layer.shadowColor = UIColor.black.cgColor
        pill.layer.shadowOpacity = 0.12
        pill.layer.shadowRadius = 4
        pill.layer.shadowOffset = CGSize(width: 0, height: 3)
        pill.layer.borderWidth = 0.5
        pill.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
        addSubview(pill)
        applyColors()
    }

    // MARK: Selection

    var _selectedSegmentIndex = UISegmentedControl.noSegment

    /// The selected segment (`UISegmentedControl.noSegment`, -1, for none; the default). Setting
    /// it sends no actions. An index outside `-1..<numberOfSegments` is reported and ignored.
    open var selectedSegmentIndex: Int {
        get { _selectedSegmentIndex }
        set {
            guard newValue >= Self.noSegment, newValue < items.count else {
                FlipbookDiagnostics.report(
                    "UISegmentedControl.selectedSegmentIndex: \(newValue) is outside -1..<\(items.count); ignored.")
                return
            }
            _selectedSegmentIndex = newValue
            applyColors()
            setNeedsLayout()
        }
    }

    /// Whether a tapped segment is only highlighted while touched, not kept selected (default
    /// false). Each tap sends `.valueChanged` and leaves `selectedSegmentIndex` at the tapped
    /// segment, which is not drawn as selected.
    open var isMomentary = false {
        didSet {
            applyColors()
            setNeedsLayout()
        }
    }

    /// Whether segments with an automatic width are as wide as their content (true) or all as
    /// wide as the widest (false, the default).
    open var apportionsSegmentWidthsByContent = false {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// The selected segment's colour (nil: white, or dark grey in dark mode).
    open var selectedSegmentTintColor: UIColor? {
        get { _selectedSegmentTintColor }
        set {
            noteAppearanceSet(
                AppearanceKey(.segmentedControlSelectedSegmentTintColor),
                { (c: UISegmentedControl) in c.selectedSegmentTintColor = newValue })
            _selectedSegmentTintColor = newValue
            applyColors()
        }
    }
    var _selectedSegmentTintColor: UIColor?

    /// The track's colour; nil (the default) draws iOS's translucent grey.
    open override var backgroundColor: UIColor? {
        get { super.backgroundColor }
        set {
            super.backgroundColor = newValue
            applyColors()
        }
    }

    // MARK: Segments

    /// The number of segments.
    open var numberOfSegments: Int { items.count }

    private func checkIndex(_ segment: Int, _ method: String) -> Bool {
        guard segment >= 0, segment < items.count else {
            FlipbookDiagnostics.report("UISegmentedControl.\(method): segment \(segment) is outside 0..<\(items.count); ignored.")
            return false
        }
        return true
    }

    /// Inserts a segment at `segment` (clamped to `0...numberOfSegments`), keeping the selected
    /// segment selected. `animated` is accepted; the new layout is immediate.
    private func insert(_ item: Item, at segment: Int) {
        let index = min(max(segment, 0), items.count)
        items.insert(item, at: index)
        if _selectedSegmentIndex >= index { _selectedSegmentIndex += 1 }
        segmentsDidChange()
    }

    /// Inserts a segment titled `title` at `segment`.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Item(title: title), at: segment)
    }

    /// Inserts a segment showing `image` at `segment`.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Item(image: image), at: segment)
    }

    /// Inserts a segment for `action` (its title and image) at `segment`.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Item(title: action.title.isEmpty ? nil : action.title, image: action.image, action: action), at: segment)
    }

    /// Removes the segment at `segment`; removing the selected one leaves no segment selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard checkIndex(segment, "removeSegment(at:animated:)") else { return }
        items.remove(at: segment)
        if _selectedSegmentIndex == segment {
            _selectedSegmentIndex = Self.noSegment
        } else if _selectedSegmentIndex > segment {
            _selectedSegmentIndex -= 1
        }
        segmentsDidChange()
    }

    /// Removes every segment (nothing stays selected).
    open func removeAllSegments() {
        items.removeAll()
        _selectedSegmentIndex = Self.noSegment
        segmentsDidChange()
    }

    /// Sets the title of `segment` (an image there is replaced, as in UIKit).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setTitle(_:forSegmentAt:)") else { return }
        items[segment].title = title
        if title != nil { items[segment].image = nil }
        segmentsDidChange()
    }

    /// The title of `segment` (nil for an image segment or a bad index).
    open func titleForSegment(at segment: Int) -> String? {
        segment >= 0 && segment < items.count ? items[segment].title : nil
    }

    /// Sets the image of `segment` (a title there is replaced, as in UIKit).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setImage(_:forSegmentAt:)") else { return }
        items[segment].image = image
        if image != nil { items[segment].title = nil }
        segmentsDidChange()
    }

    /// The image of `segment` (nil for a title segment or a bad index).
    open func imageForSegment(at segment: Int) -> UIImage? {
        segment >= 0 && segment < items.count ? items[segment].image : nil
    }

    /// Replaces the action (and so the title and image) of `segment`.
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setAction(_:forSegmentAt:)") else { return }
        items[segment] = Item(
            title: action.title.isEmpty ? nil : action.title, image: action.image, action: action,
            isEnabled: items[segment].isEnabled, width: items[segment].width, contentOffset: items[segment].contentOffset)
        segmentsDidChange()
    }

    /// The action of `segment`, if it was made from one.
    open func actionForSegment(at segment: Int) -> UIAction? {
        segment >= 0 && segment < items.count ? items[segment].action : nil
    }

    /// The index of the segment whose action has `actionIdentifier` (`noSegment` if none).
    open func segmentIndex(identifiedBy actionIdentifier: UIAction.Identifier) -> Int {
        items.firstIndex { $0.action?.identifier == actionIdentifier } ?? Self.noSegment
    }

    /// Enables or disables `segment` (a disabled segment is dimmed and cannot be tapped).
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setEnabled(_:forSegmentAt:)") else { return }
        items[segment].isEnabled = enabled
        applyColors()
    }

    /// Whether `segment` is enabled (true for a bad index, as UIKit's default).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segment >= 0 && segment < items.count ? items[segment].isEnabled : true
    }

    /// Fixes the width of `segment` (0, the default, sizes it automatically). A negative or
    /// non-finite width is reported and ignored.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setWidth(_:forSegmentAt:)") else { return }
        guard width.isFinite, width >= 0 else {
            FlipbookDiagnostics.report("UISegmentedControl.setWidth(_:forSegmentAt:): ignored width \(width).")
            return
        }
        items[segment].width = width
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The fixed width of `segment` (0: automatic).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segment >= 0 && segment < items.count ? items[segment].width : 0
    }

    /// Moves the content of `segment` by `offset` from its centre.
    open func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
        guard checkIndex(segment, "setContentOffset(_:forSegmentAt:)") else { return }
        items[segment].contentOffset = offset
        setNeedsLayout()
    }

    /// The content offset of `segment`.
    open func contentOffsetForSegment(at segment: Int) -> CGSize {
        segment >= 0 && segment < items.count ? items[segment].contentOffset : .zero
    }

    // MARK: Title attributes and images

    /// Sets the title attributes for `state` (`.font` and `.foregroundColor` are drawn). The
    /// selected segment uses the `.selected` attributes over the `.normal` ones; a disabled one
    /// the `.disabled` ones over `.normal`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        noteAppearanceSet(
            AppearanceKey(.segmentedControlTitleAttributes, axis: state.rawValue),
            { (c: UISegmentedControl) in c.setTitleTextAttributes(attributes, for: state) })
        titleAttributes[state.rawValue] = attributes
        segmentsDidChange()
    }

    /// The title attributes set for `state` (nil when none were set).
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    private static func key(_ state: UIControl.State, _ metrics: UIBarMetrics) -> String { "\(state.rawValue)/\(metrics.rawValue)" }

    /// Kept, not drawn (docs/Divergences.md, "UISegmentedControl").
    open func setBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State, barMetrics: UIBarMetrics) {
        backgroundImages[Self.key(state, barMetrics)] = backgroundImage
    }

    open func backgroundImage(for state: UIControl.State, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[Self.key(state, barMetrics)]
    }

    /// Kept, not drawn.
    open func setDividerImage(
        _ dividerImage: UIImage?, forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State,
        barMetrics: UIBarMetrics
    ) {
        dividerImages["\(leftState.rawValue)/\(rightState.rawValue)/\(barMetrics.rawValue)"] = dividerImage
    }

    open func dividerImage(
        forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State, barMetrics: UIBarMetrics
    ) -> UIImage? {
        dividerImages["\(leftState.rawValue)/\(rightState.rawValue)/\(barMetrics.rawValue)"]
    }

    /// Kept, not drawn.
    open func setContentPositionAdjustment(
        _ adjustment: UIOffset, forSegmentType leftCenterRightOrAlone: UISegmentedControl.Segment, barMetrics: UIBarMetrics
    ) {
        positionAdjustments["\(leftCenterRightOrAlone.rawValue)/\(barMetrics.rawValue)"] = adjustment
    }

    open func contentPositionAdjustment(
        forSegmentType leftCenterRightOrAlone: UISegmentedControl.Segment, barMetrics: UIBarMetrics
    ) -> UIOffset {
        positionAdjustments["\(leftCenterRightOrAlone.rawValue)/\(barMetrics.rawValue)"] ?? .zero
    }

    // MARK: Size

    open override var intrinsicContentSize: CGSize {
        CGSize(width: segmentWidths(totalWidth: nil).reduce(0, +), height: Self.controlHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Layout and drawing

    override func stateDidChange() { applyColors() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = bounds
        let frames = segmentFrames()
        for (i, v) in segmentViews.enumerated() where i < frames.count {
            let f = frames[i]
            v.frame = f
            let offset = items[i].contentOffset
            let center = CGPoint(x: f.width / 2 + offset.width, y: f.height / 2 + offset.height)
            if v.imageView.image != nil {
                let s = v.imageView.image?.size ?? .zero
                v.imageView.frame = CGRect(x: center.x - s.width / 2, y: center.y - s.height / 2, width: s.width, height: s.height)
                v.label.frame = .zero
            } else {
                let s = v.label.intrinsicContentSize
                let w = min(s.width, max(0, f.width - 2 * Self.pillInset))
                v.label.frame = CGRect(x: center.x - w / 2, y: center.y - s.height / 2, width: w, height: s.height)
                v.imageView.frame = .zero
            }
        }
        for (i, d) in dividers.enumerated() where i + 1 < frames.count {
            let x = frames[i].maxX
            let inset = min(8, bounds.height / 4)
            d.frame = CGRect(x: x - 0.5, y: bounds.minY + inset, width: 1, height: max(0, bounds.height - 2 * inset))
            // No divider beside the selected segment, as iOS 13 draws it.
            d.isHidden = showsPill && (i == _selectedSegmentIndex || i + 1 == _selectedSegmentIndex)
        }
        pill.isHidden = !showsPill
        if showsPill {
            pill.frame = frames[_selectedSegmentIndex].insetBy(dx: Self.pillInset, dy: Self.pillInset)
        }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let s = segment(atX: touch.location(in: self).x) else { return false }
        highlightedSegment = s
        applyColors()
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let s = isTouchInside ? segment(atX: touch.location(in: self).x) : nil
        if s != highlightedSegment {
            highlightedSegment = s
            applyColors()
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        highlightedSegment = nil
        defer { applyColors() }
        guard let touch, isTouchInside, let s = segment(atX: touch.location(in: self).x), items[s].isEnabled else { return }
        guard isMomentary || s != _selectedSegmentIndex else { return }
        let animate = !isMomentary && _selectedSegmentIndex >= 0
        _selectedSegmentIndex = s
        if animate {
            UIView.animate(withDuration: 0.25) {
                self.applyColors()
                self.layoutIfNeeded()
            }
        }
        if let action = items[s].action { sendAction(action) }
        sendActions(for: .valueChanged, event: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        highlightedSegment = nil
        applyColors()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }
}
