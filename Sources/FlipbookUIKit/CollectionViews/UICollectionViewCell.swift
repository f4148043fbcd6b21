import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// One item of a collection view, UIKit's `UICollectionViewCell`.
///
/// Put content in `contentView`. `backgroundView` sits behind it; `selectedBackgroundView`
/// sits between them and shows while the cell is selected or highlighted. All three fill the
/// cell's bounds.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view to add the cell's content to.
    public let contentView: UIView

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// Drawn behind everything else in the cell.
    open var backgroundView: UIView? {
        get { _backgroundView }
        set {
            let oldValue = _backgroundView
            _backgroundView = newValue
            oldValue?.removeFromSuperview()
            if let backgroundView {
                insertSubview(backgroundView, at: 0)
                backgroundView.frame = bounds
            }
        }
    }
    private var _backgroundView: UIView?

    /// Drawn above `backgroundView` and below `contentView` while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        get { _selectedBackgroundView }
        set {
            let oldValue = _selectedBackgroundView
            _selectedBackgroundView = newValue
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView {
                if let backgroundView, backgroundView.superview === self {
                    insertSubview(selectedBackgroundView, aboveSubview: backgroundView)
                } else {
                    insertSubview(selectedBackgroundView, at: 0)
                }
                selectedBackgroundView.frame = bounds
            }
            updateSelectedBackground()
        }
    }
    private var _selectedBackgroundView: UIView?

    /// Whether the cell is selected (the collection view sets it).
    open var isSelected: Bool {
        get { _isSelected }
        set {
            _isSelected = newValue
            updateSelectedBackground()
        }
    }
    private var _isSelected: Bool = false

    /// Whether the cell is highlighted (the collection view sets it while a touch is down).
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            _isHighlighted = newValue
            updateSelectedBackground()
        }
    }
    private var _isHighlighted: Bool = false

    private func updateSelectedBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    /// Resets selection and highlight as UIKit does before reuse; subclasses call super.
    open override func prepareForReuse() {
        super.prepareForReuse()
    }
}
