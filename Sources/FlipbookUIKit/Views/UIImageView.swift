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
            imageFramesMayHaveChanged()
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
        retintFrames()
    }

    /// Draws playing template frames in the tint now, the frames keeping their timing.
    private func retintFrames() {
        if let running = layer.animation(forKey: Self.framesAnimationKey),
            framesToPlay.frames.contains(where: \.isDrawnAsTemplate)
        {
            startFrames(beginTime: running.beginTime)
        }
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if image?.isDrawnAsTemplate == true || highlightedImage?.isDrawnAsTemplate == true { showImage() }
        retintFrames()
    }

    /// Shown while `isHighlighted` (when set).
    open var highlightedImage: UIImage?
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            let changed = newValue != _isHighlighted
            _isHighlighted = newValue
            showImage()
            if changed, isAnimating { startFrames() }
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

    // MARK: Animating

    /// The frames `startAnimating()` plays (nil: none). Changing them while animating starts
    /// the new frames from the first (nil or empty stops).
    open var animationImages: [UIImage]? {
        get { _animationImages }
        set {
            _animationImages = newValue
            if isAnimating { startFrames() }
        }
    }
    private var _animationImages: [UIImage]?

    /// The frames played instead while `isHighlighted` (nil: `animationImages`).
    open var highlightedAnimationImages: [UIImage]? {
        get { _highlightedAnimationImages }
        set {
            _highlightedAnimationImages = newValue
            if isAnimating, isHighlighted { startFrames() }
        }
    }
    private var _highlightedAnimationImages: [UIImage]?

    /// Seconds one pass over the frames takes; 0 (the default) plays 30 frames a second. Read
    /// when animating starts.
    open var animationDuration: TimeInterval = 0

    /// How many passes to play; 0 (the default) repeats forever. Read when animating starts.
    open var animationRepeatCount: Int = 0

    /// The key of the frames' animation on the layer.
    static let framesAnimationKey = "UIImageAnimation"

    /// Whether the frames are playing: from `startAnimating()` until `stopAnimating()` or the
    /// last pass ends.
    open var isAnimating: Bool { layer.animation(forKey: Self.framesAnimationKey) != nil }

    /// Plays the frames from the first: `highlightedAnimationImages` while highlighted (when
    /// set), else `animationImages`, else the frames of an animated `image`. The view shows
    /// each frame in turn instead of `image` (a discrete keyframe animation of the layer's
    /// `contents` on the app's media clock, as UIKit adds), for `animationRepeatCount`
    /// passes of `animationDuration`; nothing to play does nothing.
    open func startAnimating() {
        startFrames()
    }

    /// Stops the frames; the view shows `image` again.
    open func stopAnimating() {
        playsImageFrames = false
        layer.removeAnimation(forKey: Self.framesAnimationKey)
    }

    /// Whether the frames playing are those of an animated `image` (started by the image view
    /// itself, as UIKit plays an animated image without being asked).
    private var playsImageFrames = false

    /// The frames to play now, and the animated image they come from when they are not the
    /// view's own `animationImages` or `highlightedAnimationImages`.
    private var framesToPlay: (frames: [UIImage], animatedImage: UIImage?) {
        let own = isHighlighted ? (highlightedAnimationImages ?? animationImages) : animationImages
        if let own, !own.isEmpty { return (own, nil) }
        if let image = shownImage, let frames = image.images, !frames.isEmpty { return (frames, image) }
        return ([], nil)
    }

    /// Adds the frames' animation, beginning now (`beginTime` 0) or at `beginTime`.
    private func startFrames(beginTime: CFTimeInterval = 0) {
        let (frames, animatedImage) = framesToPlay
        guard !frames.isEmpty else {
            stopAnimating()
            return
        }
        playsImageFrames = animatedImage != nil
        var duration = animationDuration
        if !(duration.isFinite && duration >= 0) {
            FlipbookDiagnostics.report(
                "UIImageView.animationDuration \(duration) is not a finite number >= 0; playing 30 frames a second.",
                once: "UIImageView.animationDuration")
            duration = 0
        }
        // 0 plays an animated image over its own duration, else 30 frames a second.
        if duration == 0, let animatedImage, animatedImage.duration > 0 { duration = animatedImage.duration }
        if duration == 0 { duration = Double(frames.count) / 30 }
        var repeats = animationRepeatCount
        if repeats < 0 {
            FlipbookDiagnostics.report(
                "UIImageView.animationRepeatCount \(repeats) is negative; repeating forever.",
                once: "UIImageView.animationRepeatCount")
            repeats = 0
        }
        let tint = (tintColor ?? .systemBlue).resolvedColor(with: traitCollection)
        let contents = CAKeyframeAnimation(keyPath: "contents")
        contents.values = frames.map { frame -> Any in frame.displayedCGImage(tintColor: tint) ?? NSNull() }
        contents.calculationMode = .discrete
        contents.duration = duration
        contents.repeatCount = repeats == 0 ? .infinity : Float(repeats)
        contents.beginTime = beginTime
        layer.add(contents, forKey: Self.framesAnimationKey)
        // Frames are drawn at the layer's contents scale: the image's, or the first frame's
        // when there is no image (contentsScale does not animate).
        if layer.contents == nil { layer.contentsScale = frames[0].scale }
    }

    /// Plays an animated `image` once it is shown, and stops its frames when it is replaced
    /// by a still image (frames from `animationImages` play on).
    private func imageFramesMayHaveChanged() {
        if let frames = shownImage?.images, !frames.isEmpty, animationImages?.isEmpty ?? true {
            startFrames()
        } else if playsImageFrames {
            stopAnimating()
        }
    }
}
