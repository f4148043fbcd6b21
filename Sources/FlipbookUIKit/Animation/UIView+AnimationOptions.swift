import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIView {
    /// The pacing of a UIView animation, UIKit's `UIView.AnimationCurve`.
    ///
    /// Raw values are Apple's (easeInOut 0, easeIn 1, easeOut 2, linear 3); each maps to the
    /// Core Animation timing function of the same shape (see `timingFunction`).
    public enum AnimationCurve: Int, Sendable, Hashable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3
    }

    /// Options for `animate(withDuration:delay:options:animations:completion:)` and the
    /// transition methods, UIKit's `UIView.AnimationOptions`, with Apple's raw values.
    ///
    /// Bits 0–9 are flags, bits 16–19 hold an `AnimationCurve` (no curve bits means
    /// easeInOut), bits 20–23 a transition style and bits 24–27 a preferred frame rate.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = Self(rawValue: 1 << 0)
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        public static let showHideTransitionViews = Self(rawValue: 1 << 8)
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)

        public static let curveEaseInOut = Self(rawValue: 0 << 16)
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        public static let curveLinear = Self(rawValue: 3 << 16)

        public static let transitionNone = Self(rawValue: 0 << 20)
        public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
        public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
        public static let transitionCurlUp = Self(rawValue: 3 << 20)
        public static let transitionCurlDown = Self(rawValue: 4 << 20)
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = Self(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)

        /// iOS 26: pending layout is flushed when the block begins (without animation) and
        /// again before it ends (animated), so constraint changes in the block animate without
        /// a `layoutIfNeeded()` (docs/Semantics.md, "Flushing updates"). Apple's raw value is
        /// not published; Flipbook's is bit 29 (docs/Divergences.md, "Flushing updates").
        public static let flushUpdates = Self(rawValue: 1 << 29)
    }

    /// Options for `animateKeyframes(withDuration:delay:options:animations:completion:)`,
    /// UIKit's `UIView.KeyframeAnimationOptions`, with Apple's raw values.
    ///
    /// Bits 0–9 are the same flags as `AnimationOptions`; bits 10–12 select the calculation
    /// mode (linear 0, discrete 1, paced 2, cubic 3, cubicPaced 4). Curve bits 16–19 are
    /// honoured as in UIKit (`KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`
    /// is the usual way to get a linear overall pace); without them the whole keyframe
    /// animation is paced easeInOut, as UIKit does.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = Self(rawValue: 1 << 0)
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)

        public static let calculationModeLinear = Self(rawValue: 0 << 10)
        public static let calculationModeDiscrete = Self(rawValue: 1 << 10)
        public static let calculationModePaced = Self(rawValue: 2 << 10)
        public static let calculationModeCubic = Self(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = Self(rawValue: 4 << 10)
    }
}

extension UIView.AnimationCurve {
    /// The cubic Bézier control points of this curve (docs/Semantics.md, "Timing functions").
    var controlPoints: (Float, Float, Float, Float) {
        switch self {
        case .easeInOut: (0.42, 0, 0.58, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .linear: (0, 0, 1, 1)
        }
    }
}

extension UIView.AnimationOptions {
    /// The curve held in bits 16–19; unknown values read as easeInOut.
    var curve: UIView.AnimationCurve {
        UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }

    /// The transition style held in bits 20–23 (0 = none, 1…7 as Apple's list).
    var transitionStyle: UInt { (rawValue >> 20) & 0xF }

    /// The flags shared by every animation form (bits 0–9).
    var flags: UInt { rawValue & 0x3FF }
}

extension UIView.KeyframeAnimationOptions {
    /// The curve held in bits 16–19 (easeInOut when absent, as UIKit).
    var curve: UIView.AnimationCurve {
        UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }
}
