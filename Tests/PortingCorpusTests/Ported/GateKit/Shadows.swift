//
//  Shadows.swift
//  GateKit
//

#if canImport(QuartzCore) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension CALayer {
    /// The soft shadow every toast casts.
    func applyToastShadow() {
        shadowColor = CGColor(gray: 0, alpha: 1)
        shadowOpacity = 0.25
        shadowRadius = 10
        shadowOffset = CGSize(width: 0, height: 4)
    }
}
#endif

#if canImport(CoreGraphics) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension CGRect {
    /// A rect of `size` centred horizontally in this one, `inset` above its bottom.
    func toastFrame(size: CGSize, inset: CGFloat) -> CGRect {
        CGRect(x: midX - size.width / 2, y: maxY - inset - size.height, width: size.width, height: size.height)
    }
}
#endif
