import Foundation
import FlipbookGeometry

// UIKit's image drawing into the current context (`UIGraphicsGetCurrentContext()`): upright in
// UIKit's y-down space, `size` in points, with a blend mode and an alpha that last for the one
// call. Outside a drawing context nothing happens, as on iOS.
extension UIImage {
    /// Draws the image at its size in points with its top-left corner at `point`.
    @preconcurrency @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1)
    }

    /// Draws the image at `point` with a blend mode and an alpha.
    @preconcurrency @MainActor public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image scaled to fill `rect`.
    @preconcurrency @MainActor public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Draws the image scaled to fill `rect`, combined by `blendMode`, its opacity times `alpha`.
    @preconcurrency @MainActor public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        let r = rect.standardized
        guard r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite, r.width > 0, r.height > 0 else {
            return
        }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(context.graphicsState.alpha * (alpha.isFinite ? min(max(alpha, 0), 1) : 1))
        // CoreGraphics puts an image's top row at the rect's maxY; flipping about the rect's
        // middle shows it upright in UIKit's y-down space.
        context.translateBy(x: 0, y: r.minY + r.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: r)
        context.restoreGState()
    }

    /// Tiles the image over `rect`, its top-left tile at the context's origin (the pattern phase).
    @preconcurrency @MainActor public func drawAsPattern(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), cgImage != nil else { return }
        let r = rect.standardized
        let tile = size
        guard r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0, tile.width > 0, tile.height > 0 else { return }
        context.saveGState()
        context.clip(to: r)
        var y = (r.minY / tile.height).rounded(.down) * tile.height
        while y < r.maxY {
            var x = (r.minX / tile.width).rounded(.down) * tile.width
            while x < r.maxX {
                draw(in: CGRect(x: x, y: y, width: tile.width, height: tile.height))
                x += tile.width
            }
            y += tile.height
        }
        context.restoreGState()
    }
}

/// Fills `rect` in the current context with its fill colour, combined by `blendMode`, UIKit's
/// `UIRectFillUsingBlendMode`.
@preconcurrency @MainActor public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    UIRectFill(rect)
    context.restoreGState()
}

/// `UIRectFrame` combined by `blendMode`, UIKit's `UIRectFrameUsingBlendMode`.
@preconcurrency @MainActor public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    UIRectFrame(rect)
    context.restoreGState()
}
