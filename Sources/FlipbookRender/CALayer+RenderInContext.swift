import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension CALayer {
    /// Draws the layer and its sublayers into `ctx`, Core Animation's `render(in:)`: the tree
    /// as it looks now (presentation values at the current media time, as snapshots and
    /// `drawHierarchy` draw it), in the layer's own bounds space, the layer's own transform
    /// and position left out, at the scale of the image context `ctx` belongs to (UIKit's
    /// `UIGraphicsBeginImageContextWithOptions`), else at 2 pixels per point.
    ///
    /// Declared here rather than in FlipbookQuartz because drawing a tree takes the renderer.
    public func render(in ctx: CGContext) {
        let size = bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return }
        let scale = AppRuntime.current.frameScale ?? Self.imageContextScales[ObjectIdentifier(ctx)] ?? 2
        displayTreeIfNeeded()  // a tree in no window has its drawing still to do
        guard let image = LayerRenderer(scale: scale).renderCGImage(self) else { return }
        // CGContext.draw puts the image's first row at the rect's maxY; in UIKit's y-down
        // contexts that is the bottom, so flip about the rect, as UIImage.draw(in:) does.
        let rect = CGRect(origin: bounds.origin, size: size)
        ctx.saveGState()
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }

    /// The scale of each open UIKit image context, by context (set by FlipbookUIKit).
    @preconcurrency @MainActor package static var imageContextScales: [ObjectIdentifier: CGFloat] = [:]
}
