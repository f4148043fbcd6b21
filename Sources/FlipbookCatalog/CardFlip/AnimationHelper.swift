import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The two transforms the card flip needs (seed 000's `AnimationHelper`).
struct AnimationHelper {
    /// A rotation of `angle` radians about the y axis (positive turns the right edge away).
    static func yRotation(_ angle: Double) -> CATransform3D {
        CATransform3DMakeRotation(CGFloat(angle), 0.0, 1.0, 0.0)
    }

    /// Gives `containerView`'s sublayers a perspective projection (eye 500 points in front of
    /// the screen), so rotations about y look three-dimensional.
    static func perspectiveTransform(for containerView: UIView) {
        var transform = CATransform3DIdentity
        transform.m34 = -0.002
        containerView.layer.sublayerTransform = transform
    }
}
