import Foundation
import FlipbookGeometry

// TEMPORARY stand-in for the `scroll` branch's UIScrollView, removed when that branch is
// merged. Only what UICollectionView needs: content offset as the bounds origin, content size,
// insets and the delegate.

@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

@MainActor
open class UIScrollView: UIView {
    open weak var delegate: UIScrollViewDelegate?
    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            bounds = CGRect(origin: newValue, size: bounds.size)
            delegate?.scrollViewDidScroll(self)
        }
    }
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { self.contentOffset = contentOffset }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
