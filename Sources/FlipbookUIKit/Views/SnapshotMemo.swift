import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// The pictures of the views snapshotted last in one app, so that snapshots of a view taken
/// while nothing in it changed share one image instead of drawing the view again each time.
///
/// Each entry keeps its own `LayerRenderer`, whose `render(_:)` returns the very image it
/// returned before when the view's display list is the same (it compares the lists; the pixels
/// are the full redraw's, byte for byte), so an unchanged view costs a display list, not a
/// rasterisation, and its snapshots share one `CGImage`. The few most recent views are kept
/// (their renderers hold frame-sized buffers); a view that is gone frees its entry.
@MainActor
final class SnapshotMemo {
    /// How many views keep a renderer and a picture.
    static let capacity = 4

    private struct Entry {
        weak var layer: CALayer?
        let scale: CGFloat
        let renderer: LayerRenderer
        var image: RenderedImage
        var cgImage: CGImage?
    }

    /// Most recently used last.
    private var entries: [Entry] = []

    /// The picture of `layer`'s presentation tree at `scale`, shared with the previous snapshot
    /// of it when nothing changed since.
    func image(of layer: CALayer, scale: CGFloat) -> CGImage? {
        entries.removeAll { $0.layer == nil }
        if let i = entries.firstIndex(where: { $0.layer === layer && $0.scale == scale }) {
            var entry = entries.remove(at: i)
            let image = entry.renderer.render(layer)
            if !Self.sameStorage(image, entry.image) || image.width != entry.image.width || image.height != entry.image.height {
                entry.image = image
                entry.cgImage = Self.cgImage(image)
            }
            entries.append(entry)
            return entry.cgImage
        }
        let renderer = LayerRenderer(scale: scale)
        let image = renderer.render(layer)
        let entry = Entry(layer: layer, scale: scale, renderer: renderer, image: image, cgImage: Self.cgImage(image))
        entries.append(entry)
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        return entry.cgImage
    }

    private static func cgImage(_ image: RenderedImage) -> CGImage? {
        CGImage(width: image.width, height: image.height, premultipliedRGBA: image.premultipliedPixels)
    }

    /// Whether two images share one pixel buffer (both are alive, so equal addresses mean the
    /// same storage): `render(_:)` returned its previous image because nothing changed.
    private static func sameStorage(_ a: RenderedImage, _ b: RenderedImage) -> Bool {
        a.premultipliedPixels.withUnsafeBufferPointer { pa in
            b.premultipliedPixels.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress }
        }
    }
}
