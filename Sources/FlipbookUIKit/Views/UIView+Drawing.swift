import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// Drawing (`draw(_:)` into the recording `CGContext`), snapshots and `drawHierarchy`.
///
/// `setNeedsDisplay()` marks the backing layer; when the layer displays (the renderer asks it
/// before drawing a frame), Core Animation calls the view's `draw(_:in:)` delegate method,
/// which makes the layer's recording context current (`UIGraphicsGetCurrentContext()`) and
/// calls `draw(bounds)`.
extension UIView {
    func markNeedsDisplay() {
        layoutExtras.needsDisplay = true
        layer.setNeedsDisplay()
    }

    func drawLayerContents(in ctx: CGContext) {
        layoutExtras.needsDisplay = false
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(bounds)
    }

    /// Renders the view (its presentation tree at the current media time, in its own bounds,
    /// without its own transform or position) into a `CGImage` at `scale` pixels per point.
    ///
    /// Snapshots of a view taken while nothing in it changed share one image, as on iOS, where a
    /// view is drawn once per screen update and every snapshot of it reuses that drawing: an
    /// "explode" animator cutting a screen into hundreds of tiles draws it once
    /// (`SnapshotMemo`).
    func renderedImage(scale: CGFloat, afterScreenUpdates: Bool) -> CGImage? {
        if afterScreenUpdates {
            layoutIfNeeded()
            layer.displayTreeIfNeeded()
        }
        let runtime = layer.owningRuntime
        runtime.checkBound("A UIView's snapshot")
        return runtime.state(SnapshotMemo.self) { SnapshotMemo() }.image(of: layer, scale: scale)
    }

    /// The scale snapshots are drawn at: the frames' while frames of the view's app are being
    /// made (its runtime's `frameScale`), else the screen's.
    private var snapshotScale: CGFloat { layer.owningRuntime.frameScale ?? window?.screen.scale ?? UIScreen.drawingScale }

    func makeSnapshotView(afterScreenUpdates: Bool) -> UIView? {
        let size = bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            FlipbookDiagnostics.report("Snapshotting a view (\(type(of: self))) that has a zero or invalid size; returning an empty snapshot.")
            return UIView(frame: CGRect(origin: .zero, size: CGSize(width: max(0, size.width.isFinite ? size.width : 0), height: max(0, size.height.isFinite ? size.height : 0))))
        }
        let scale = snapshotScale
        let snapshot = UIView(frame: CGRect(origin: .zero, size: size))
        snapshot.layer.contents = renderedImage(scale: scale, afterScreenUpdates: afterScreenUpdates)
        snapshot.layer.contentsScale = scale
        snapshot.layer.contentsGravity = .resize
        return snapshot
    }

    /// A snapshot of `rect` of this view: the whole view's picture cropped with `contentsRect`,
    /// its cap insets as `contentsCenter` (unit coordinates of the cropped part). A rect that is
    /// empty, not finite or outside the bounds is reported and gives nil, as UIKit gives nil.
    func makeResizableSnapshotView(from rect: CGRect, afterScreenUpdates: Bool, capInsets: UIEdgeInsets) -> UIView? {
        let b = bounds
        let finite = rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite
        let r = finite ? rect.standardized.intersection(b) : .null
        guard !r.isNull, r.width > 0, r.height > 0, b.width > 0, b.height > 0 else {
            FlipbookDiagnostics.report(
                "resizableSnapshotView(from: \(rect)) of a \(type(of: self)) with bounds \(b): the rect is empty, "
                    + "not finite or outside the bounds; returning nil.")
            return nil
        }
        guard let full = makeSnapshotView(afterScreenUpdates: afterScreenUpdates) else { return nil }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: r.size))
        snapshot.layer.contents = full.layer.contents
        snapshot.layer.contentsScale = full.layer.contentsScale
        snapshot.layer.contentsGravity = .resize
        snapshot.layer.contentsRect = CGRect(
            x: (r.minX - b.minX) / b.width, y: (r.minY - b.minY) / b.height,
            width: r.width / b.width, height: r.height / b.height)
        let insets = [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right]
        if insets.allSatisfy({ $0.isFinite && $0 >= 0 }), insets.contains(where: { $0 > 0 }),
           capInsets.left + capInsets.right < r.width, capInsets.top + capInsets.bottom < r.height {
            snapshot.layer.contentsCenter = CGRect(
                x: capInsets.left / r.width, y: capInsets.top / r.height,
                width: (r.width - capInsets.left - capInsets.right) / r.width,
                height: (r.height - capInsets.top - capInsets.bottom) / r.height)
        }
        return snapshot
    }

    /// Draws a snapshot of the whole view hierarchy rooted here into the current graphics
    /// context, scaled to `rect`. Returns false when there is no current context or the view
    /// has no size.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext() else { return false }
        guard bounds.width > 0, bounds.height > 0, rect.width.isFinite, rect.height.isFinite else { return false }
        let scale = max(1, snapshotScale)
        guard let image = renderedImage(scale: scale, afterScreenUpdates: afterUpdates) else { return false }
        // CGContext.draw puts the image's first row at the rect's maxY; UIKit's contexts are
        // y-down, so flip about the rect to keep the snapshot upright, as UIImage.draw(in:) does.
        ctx.saveGState()
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
        return true
    }
}
