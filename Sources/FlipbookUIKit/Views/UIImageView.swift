import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A view that shows an image, UIKit's `UIImageView`.
///
/// The image becomes the layer's `contents` (with its scale as `contentsScale`); `contentMode`
/// becomes `contentsGravity`. User interaction is off by default, as in UIKit.
@MainActor
open class UIImageView: UIView {
    /// The image shown (nil shows nothing).
    open var image: UIImage? {
        didSet { imageDidChange() }
    }

    private func imageDidChange() {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
        invalidateIntrinsicContentSize()
    }

    /// Shown while `isHighlighted` (when set).
    open var highlightedImage: UIImage?
    open var isHighlighted = false {
        didSet {
            let shown = isHighlighted ? (highlightedImage ?? image) : image
            layer.contents = shown?.cgImage
        }
    }

    /// A view sized to the image.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        imageDidChange()  // property observers do not run in the class's own initialiser
    }

    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image's size in points, or no intrinsic size without an image.
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return image.size
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
