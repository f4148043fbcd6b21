import Foundation

/// A view that lays out a row or column of views, UIKit's `UIStackView`.
///
/// Flipbook lays the arranged subviews out by frames in `layoutSubviews` (not with Auto Layout
/// constraints; the engine holds arranged views where the stack put them): each view's length
/// along the axis is the size its own constraints give (`systemLayoutSizeFitting`, its
/// intrinsic size taking part), else its intrinsic size, else its current size; the distribution
/// shares the stack's length among them; the alignment places them across. Hidden arranged
/// views take no room. The stack's `intrinsicContentSize` is what its views need, so a stack
/// sized by Auto Layout by its content works, nested stacks included.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged views share the stack's length, UIKit's `UIStackView.Distribution`.
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How the arranged views are placed across the axis, UIKit's `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        /// The top edge (vertical alignment in a horizontal stack).
        public static var top: Alignment { .leading }
        /// The bottom edge.
        public static var bottom: Alignment { .trailing }
    }

    /// The views laid out, in order (each is also a subview).
    public private(set) var arrangedSubviews: [UIView] = []

    /// Row (`.horizontal`, the default) or column (`.vertical`).
    open var axis: NSLayoutConstraint.Axis {
        get { _axis }
        set {
            _axis = newValue
            arrangementDidChange()
        }
    }
    private var _axis: NSLayoutConstraint.Axis = .horizontal
    /// Default `.fill`.
    open var distribution: Distribution {
        get { _distribution }
        set {
            _distribution = newValue
            arrangementDidChange()
        }
    }
    private var _distribution: Distribution = .fill
    /// Default `.fill`.
    open var alignment: Alignment {
        get { _alignment }
        set {
            _alignment = newValue
            arrangementDidChange()
        }
    }
    private var _alignment: Alignment = .fill
    /// The space between neighbouring views (the least space for `.equalSpacing`), in points.
    open var spacing: CGFloat {
        get { _spacing }
        set {
            _spacing = newValue
            arrangementDidChange()
        }
    }
    private var _spacing: CGFloat = 0
    /// Whether the views are laid out inside the layout margins (default false).
    open var isLayoutMarginsRelativeArrangement: Bool {
        get { _isLayoutMarginsRelativeArrangement }
        set {
            _isLayoutMarginsRelativeArrangement = newValue
            arrangementDidChange()
        }
    }
    private var _isLayoutMarginsRelativeArrangement: Bool = false

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    /// Adds `view` at the end (and as the last subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `stackIndex` (clamped; a view already arranged moves).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else {
            FlipbookDiagnostics.report("UIStackView.insertArrangedSubview: a stack view cannot arrange itself; ignored.")
            return
        }
        arrangedSubviews.removeAll { $0 === view }
        let index = min(max(0, stackIndex), arrangedSubviews.count)
        if stackIndex < 0 || stackIndex > arrangedSubviews.count {
            FlipbookDiagnostics.report("UIStackView.insertArrangedSubview(_:at: \(stackIndex)): index out of 0…\(arrangedSubviews.count); clamped.")
        }
        arrangedSubviews.insert(view, at: index)
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Stops arranging `view` (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangementDidChange()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            arrangementDidChange()
        }
    }

    /// An arranged view was hidden or shown: it takes or gives back its room.
    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementDidChange() }
    }

    func arranges(_ view: UIView) -> Bool { arrangedSubviews.contains { $0 === view } }

    func arrangementDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Layout

    private var visibleViews: [UIView] { arrangedSubviews.filter { !$0.isHidden } }
    private var horizontal: Bool { axis == .horizontal }

    /// `view`'s natural size: what its own constraints give (its intrinsic size takes part at
    /// its hugging and compression priorities, so a required height constraint on a button
    /// wins over the title's height, as the stack's constraints leave it in UIKit); without
    /// constraints, its intrinsic size, else its bounds. The fitting solve is remembered
    /// (`LayoutMemo`).
    private func naturalSize(_ view: UIView) -> CGSize {
        // A nested stack's content is in its intrinsic size; only constraints installed on it
        // (its own width or height) can change that.
        let constrained = view is UIStackView ? !view.constraints.isEmpty : view.treeHasConstraints()
        if constrained { return view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) }
        let intrinsic = view.intrinsicContentSize
        return CGSize(
            width: intrinsic.width >= 0 ? intrinsic.width : view.bounds.width,
            height: intrinsic.height >= 0 ? intrinsic.height : view.bounds.height)
    }

    private func along(_ s: CGSize) -> CGFloat { horizontal ? s.width : s.height }
    private func across(_ s: CGSize) -> CGFloat { horizontal ? s.height : s.width }

    /// Remembered until an arranged view, a property or anything in the subtree changes
    /// (`LayoutMemo`): the engine asks for it in every pass, and each answer solves the
    /// arranged views that have no intrinsic size of their own.
    open override var intrinsicContentSize: CGSize { memoizedIntrinsicSize { arrangedContentSize() } }

    private func arrangedContentSize() -> CGSize {
        let views = visibleViews
        guard !views.isEmpty else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let sizes = views.map(naturalSize)
        let length = sizes.map(along).reduce(0, +) + spacing * CGFloat(views.count - 1)
        let breadth = sizes.map(across).max() ?? 0
        let m = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        return horizontal
            ? CGSize(width: length + m.left + m.right, height: breadth + m.top + m.bottom)
            : CGSize(width: breadth + m.left + m.right, height: length + m.top + m.bottom)
    }

    /// The size a vertical stack's content needs when the stack is `width` wide: each arranged
    /// view fitted to the width the stack's alignment gives it there, so multi-line labels wrap.
    /// A fitting solve that makes the stack narrower than its intrinsic width asks for it
    /// (`UIView.fittingSize`); nil for a horizontal stack.
    func contentSize(atWidth width: CGFloat) -> CGSize? {
        guard !horizontal, width.isFinite, width > 0 else { return nil }
        let views = visibleViews
        guard !views.isEmpty else { return nil }
        let m = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        let breadth = max(0, width - m.left - m.right)
        var length = spacing * CGFloat(views.count - 1)
        for view in views {
            let natural = naturalSize(view)
            let given = alignment == .fill ? breadth : min(natural.width, breadth)
            if given < natural.width - 0.5 {
                length += view.systemLayoutSizeFitting(
                    CGSize(width: given, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel).height
            } else {
                length += natural.height
            }
        }
        return CGSize(width: width, height: length + m.top + m.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let views = visibleViews
        guard !views.isEmpty else { return }
        let area = isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
        let length = horizontal ? area.width : area.height
        let breadth = horizontal ? area.height : area.width
        let natural = views.map(naturalSize)
        let n = CGFloat(views.count)
        var lengths = natural.map(along)
        var gaps = Array(repeating: spacing, count: max(0, views.count - 1))
        let free = length - lengths.reduce(0, +) - spacing * (n - 1)
        switch distribution {
        case .fill:
            // The extra room goes to (or is taken from) the view that hugs (resists) least.
            let axisH: NSLayoutConstraint.Axis = horizontal ? .horizontal : .vertical
            let pick = free >= 0
                ? views.indices.min { views[$0].contentHuggingPriority(for: axisH) < views[$1].contentHuggingPriority(for: axisH) }
                : views.indices.min {
                    views[$0].contentCompressionResistancePriority(for: axisH) < views[$1].contentCompressionResistancePriority(for: axisH)
                }
            if let i = pick { lengths[i] = max(0, lengths[i] + free) }
        case .fillEqually:
            lengths = Array(repeating: max(0, (length - spacing * (n - 1)) / n), count: views.count)
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let room = max(0, length - spacing * (n - 1))
            lengths = total > 0 ? lengths.map { $0 / total * room } : Array(repeating: room / n, count: views.count)
        case .equalSpacing:
            if views.count > 1, free > 0 { gaps = Array(repeating: spacing + free / (n - 1), count: views.count - 1) }
        case .equalCentering:
            if views.count > 1 {
                let first = lengths[0] / 2, last = length - lengths[views.count - 1] / 2
                let step = (last - first) / (n - 1)
                for i in 0..<(views.count - 1) {
                    let gap = step - lengths[i] / 2 - lengths[i + 1] / 2
                    gaps[i] = max(spacing, gap)
                }
            }
        }
        var position = horizontal ? area.minX : area.minY
        for (i, view) in views.enumerated() {
            let wantedBreadth = alignment == .fill ? breadth : min(across(natural[i]), breadth)
            let offset: CGFloat
            switch alignment {
            case .fill, .leading, .firstBaseline: offset = 0
            case .center: offset = (breadth - wantedBreadth) / 2
            case .trailing, .lastBaseline: offset = breadth - wantedBreadth
            }
            view.frame = horizontal
                ? CGRect(x: position, y: area.minY + offset, width: lengths[i], height: wantedBreadth)
                : CGRect(x: area.minX + offset, y: position, width: wantedBreadth, height: lengths[i])
            position += lengths[i] + (i < gaps.count ? gaps[i] : 0)
        }
    }
}
