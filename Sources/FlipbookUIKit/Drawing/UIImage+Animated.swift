import Foundation
import FlipbookGeometry

/// Animated images, UIKit's `UIImage.animatedImage(with:duration:)` and `animatedImageNamed`.
///
/// An animated image is its first frame (its pixels, scale and size) carrying every frame in
/// `images` and their total `duration`. An image view given one as its `image` plays it
/// (UIImageView.swift, "Animating").
extension UIImage {
    /// An image that plays `images` over `duration` seconds; nil when `images` is empty. A
    /// duration that is not a finite number ≥ 0 is reported and read as 0 (an image view then
    /// plays the frames at 30 a second).
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        var seconds = duration
        if !(seconds.isFinite && seconds >= 0) {
            FlipbookDiagnostics.reportFromAnyContext(
                "UIImage.animatedImage(with:duration:): duration \(duration) is not a finite number >= 0; using 0.",
                once: "UIImage.animatedImage.duration")
            seconds = 0
        }
        let animated = UIImage(
            cgImage: first.cgImage, scale: first.scale, renderingMode: first.renderingMode, symbol: first.symbol,
            tint: first.assignedTintColor)
        animated.images = images
        animated.duration = seconds
        return animated
    }

    /// The images named `name` followed by a number, `name0` (or `name1`) up to `name1024`, found
    /// as `UIImage(named:)` finds one, played over `duration` seconds; the numbers stop at the
    /// first one missing after the first found. Nil when none is found.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        for index in 0...1024 {
            if let frame = UIImage(named: "\(name)\(index)") {
                frames.append(frame)
            } else if index > 0 {
                // Numbering may start at 0 or 1; after that a gap ends the sequence.
                break
            }
        }
        return animatedImage(with: frames, duration: duration)
    }
}
