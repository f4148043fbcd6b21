import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A view that shows an image, UIKit's `UIImageView`.
///
/// The image becomes the layer's `contents` (with its scale as `contentsScale`); `contentMode`
/// becomes `contentsGravity`. User interaction is off by default, as in UIKit. Symbol images
/// (left `.automatic`) and `.alwaysTemplate` images are drawn as masks in `tintColor`, resolved
/// for the view's traits, and redrawn when the tint or the traits change.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown (nil shows nothing).
    open var image: UIImage? {
        get { _image }
        set {
            _image = newValue
            imageDidChange()
        }
    }
    private var _image: UIImage?

    private func imageDidChange() {
        showImage()
        invalidateIntrinsicContentSize()
    }

    /// The image as shown: configured with `preferredSymbolConfiguration`, tinted when it is
    /// a template.
    private var shownImage: UIImage? {
        let base = isHighlighted ? (highlightedImage ?? image) : image
        guard let base else { return nil }
        if let config = preferredSymbolConfiguration, base.isSymbolImage { return base.withConfiguration(config) }
        return base
    }

    private func showImage() {
        guard let shown = shownImage else {
            layer.contents = nil
            return
        }
        let tint = (tintColor ?? .systemBlue).resolvedColor(with: traitCollection)
        layer.contents = shown.displayedCGImage(tintColor: tint)
        layer.contentsScale = shown.scale
    }

    /// The configuration symbol images are drawn with in this view.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        get { _preferredSymbolConfiguration }
        set {
            _preferredSymbolConfiguration = newValue
            imageDidChange()
        }
    }
    private var _preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        showImage()
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if image?.isDrawnAsTemplate == true || highlightedImage?.isDrawnAsTemplate == true { showImage() }
    }

    /// Shown while `isHighlighted` (when set).
    open var highlightedImage: UIImage?
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            _isHighlighted = newValue
            showImage()
        }
    }
    private var _isHighlighted: Bool = false

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
        guard let image = shownImage else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return image.size
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }
}
