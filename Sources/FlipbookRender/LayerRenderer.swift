import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Renders layer trees to pixels as iOS would show them.
///
/// `render(_:)` draws the presentation tree rooted at a layer at `MediaClock.main`'s current
/// time; the layer's bounds become the image (size = bounds × scale, rounded up). The root's own
/// transform and position are ignored (it is the screen); its opacity, hidden state, content and
/// sublayerTransform apply. Content bitmaps are cached in the renderer between calls and redrawn
/// only when a layer's content changes, so keep one renderer for a whole sequence.
@preconcurrency @MainActor
public final class LayerRenderer {
    /// Pixels per point (1, 2 or 3 on iOS devices). Invalid values fall back to 2.
    public let scale: CGFloat
    /// A colour painted under everything (nil: transparent), e.g. opaque black for video.
    public var backgroundColor: CGColor?
    private let cache = ContentCache()
    /// The frame buffer and offscreen buffers, reused from frame to frame (results are copied out).
    private var frame: Raster?
    /// True when the last frame was drawn straight into its image's storage (see `render(_:)`):
    /// then `lastImage`, not the frame buffer, holds what `shown` describes.
    private var frameInImage = false
    private let pool = RasterPool()
    /// What the frame buffer holds: the list and background it was last drawn from.
    private var shown: (items: [DisplayItem], background: UInt32)?
    /// The image `render(_:)` last returned, while nothing else was drawn since: an unchanged
    /// frame returns it again (the same storage, neither allocated nor copied), which also lets
    /// exporters see a repeated frame at once; otherwise the next frame is drawn straight into
    /// its own image, starting from this one's pixels outside the damage.
    private var lastImage: RenderedImage?
    /// The composite of a display list's leading items that stayed the same for two frames (a
    /// static backdrop under moving layers): damaged pixels start from it instead of being
    /// drawn from the bottom up.
    private var backdrop: (raster: Raster, items: ArraySlice<DisplayItem>, background: UInt32)?
    /// Top-level groups whose content stayed the same (a fading group, one that layers move
    /// across): composited from a kept raster instead of drawn again.
    let groups = GroupCache()
    /// Pixels redrawn by the last `render` call (the whole frame, or only what changed).
    public private(set) var lastRedrawnPixelCount = 0

    /// Redraw only the pixels that can differ from the previous frame (on by default).
    ///
    /// The renderer compares this frame's display list with the previous one and redraws only
    /// the region covered by layers that moved, changed or faded (and what lies under them);
    /// every other pixel is kept. The result is byte-for-byte the full redraw's (tested), so
    /// this only saves time; turn it off to time or debug full redraws.
    public var drawsOnlyChangedRegions = true

    /// Draw a masked group only within its mask's reach (on by default; the same bytes, see
    /// `DisplayListExecutor.run`). Off: the reference path the tests compare with.
    var limitsMaskedGroups = true

    /// The layer trees the screen shows, back to front, each with its bounds' origin at `offset`
    /// points in the rendered root's space (the root still sets the image's size). Nil (the
    /// default): only the rendered root. AppDriver sets it to the app's visible windows on its
    /// screen, so a window above the app's (a banner, a toast) is drawn over it, as iOS
    /// composites windows by level (docs/Semantics.md, "Several windows on a screen").
    package var screenLayers: (@MainActor () -> [(layer: CALayer, offset: CGPoint)])?

    public init(scale: CGFloat = 2) {
        if scale.isFinite && scale > 0 && scale <= 16 {
            self.scale = scale
        } else {
            FlipbookDiagnostics.report(
                "LayerRenderer(scale:) needs a scale in (0, 16] pixels per point (got \(scale)); using 2.",
                once: "LayerRenderer.scale")
            self.scale = 2
        }
    }

    /// How many content bitmaps this renderer has drawn (cache misses) so far.
    public var contentRasterizations: Int { cache.rasterizations }

    /// How many shadow shapes this renderer has blurred so far (a shadow whose colour or
    /// shadowOpacity alone changed is tinted again, not blurred: see `ContentCache`).
    var shadowBlurs: Int { cache.shadowBlurs }

    /// The pixel size of `render(layer)`'s image.
    public func pixelSize(of layer: CALayer) -> (width: Int, height: Int) {
        let b = layer.bounds
        let s = Double(scale)
        func px(_ v: CGFloat) -> Int {
            let d = Double(v) * s
            guard d.isFinite, d > 0 else { return 1 }
            return max(1, min(16384, Int((d - 1e-9).rounded(.up))))
        }
        return (px(b.width), px(b.height))
    }

    /// Renders the presentation tree rooted at `layer` at the current media time.
    public func render(_ layer: CALayer) -> RenderedImage {
        let recording = RenderPhases.recording
        let t0 = recording ? RenderPhases.now() : 0
        RenderPhases.active = recording
        defer { RenderPhases.active = false }
        let root = LayerPresentation.presented(layer)
        if recording {
            RenderPhases.times.presentation += RenderPhases.now() - t0
            RenderPhases.times.frames += 1
        }
        let size = pixelSize(of: root)
        let previous = lastImage.flatMap { $0.width == size.width && $0.height == size.height ? $0 : nil }
        lastImage = nil
        var unchanged = false
        let byteCount = size.width * size.height * 4
        let pixels: [UInt8]
        if let previous {
            // The frame is drawn straight into the new image's storage: pixels outside the damage
            // start as the previous image's (which holds the frame before), the rest is drawn as
            // in the frame buffer. Nothing is copied out afterwards (left empty when nothing
            // changed since `previous`).
            pixels = previous.premultipliedPixels.withUnsafeBufferPointer { before in
                [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                    let view = Raster(viewing: buffer.baseAddress!, width: size.width, height: size.height)
                    renderPresented(root, into: view, before: before.baseAddress!, unchanged: &unchanged)
                    count = unchanged ? 0 : byteCount
                }
            }
        } else {
            // The workers copy their rows out as they finish, straight into the image's storage.
            pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                let r = renderPresented(root, copy: buffer.baseAddress, reusing: false, unchanged: &unchanged)
                count = r.byteCount
            }
        }
        if unchanged, let previous {
            lastImage = previous
            return previous
        }
        guard let image = RenderedImage(width: size.width, height: size.height, premultipliedPixels: pixels) else {
            return RenderedImage(raster: Raster(width: 1, height: 1))
        }
        lastImage = image
        return image
    }

    /// Renders `layer` (as `render(_:)`) into a `CGImage`, e.g. for snapshots and drawHierarchy.
    public func renderCGImage(_ layer: CALayer) -> CGImage? {
        let r = renderRaster(layer)
        return CGImage(width: r.width, height: r.height, premultipliedRGBA: r.pixels)
    }

    func renderRaster(_ layer: CALayer) -> Raster {
        lastImage = nil  // the frame buffer may no longer hold it
        var unchanged = false
        return renderPresented(LayerPresentation.presented(layer), reusing: false, unchanged: &unchanged)
    }

    /// Renders a presentation tree into the frame buffer (and, with `copy`, copies the frame
    /// there: `pixelSize(of: root)` pixels × 4 bytes). With `reusing`, a frame with nothing to
    /// redraw is not copied: `unchanged` is set instead.
    private func renderPresented(
        _ root: CALayer, copy: UnsafeMutablePointer<UInt8>? = nil, reusing: Bool, unchanged: inout Bool
    ) -> Raster {
        let size = pixelSize(of: root)  // the presented bounds (they may be animating)
        let raster: Raster
        if let f = frame, f.width == size.width, f.height == size.height {
            raster = f
        } else {
            raster = Raster(width: size.width, height: size.height)
            frame = raster
            shown = nil
            pool.keepOnly(width: raster.width, height: raster.height)
        }
        if frameInImage {
            // The frame buffer missed the frames drawn straight into images: draw it whole.
            frameInImage = false
            shown = nil
        }
        draw(root, into: raster, size: size, copy: copy, reusing: reusing, unchanged: &unchanged)
        return raster
    }

    /// Renders a presentation tree straight into `view` (a frame of the frame buffer's size,
    /// not the frame buffer), whose pixels outside the damage start as `before`: the image
    /// `render(_:)` last returned, which holds what `shown` describes. Sets `unchanged` when
    /// there is nothing to redraw (then `view` is left as it is).
    private func renderPresented(_ root: CALayer, into view: Raster, before: UnsafePointer<UInt8>, unchanged: inout Bool) {
        frameInImage = true
        draw(root, into: view, size: (view.width, view.height), before: before, reusing: true, unchanged: &unchanged)
    }

    /// Draws the display list of `root` into `raster` (the frame buffer, or with `before` a view
    /// of a new image whose undamaged pixels come from `before`); see `renderPresented`.
    private func draw(
        _ root: CALayer, into raster: Raster, size: (width: Int, height: Int), copy: UnsafeMutablePointer<UInt8>? = nil,
        before: UnsafePointer<UInt8>? = nil, reusing: Bool, unchanged: inout Bool
    ) {
        // The frame starts as the background colour (premultiplied) or transparent; the workers
        // fill their own rows.
        var background: UInt32 = 0
        if let bg = LayerContentReader.components(backgroundColor) {
            let a = bg[3]
            func byte(_ v: CGFloat) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
            background = byte(bg[0] * a) | byte(bg[1] * a) << 8 | byte(bg[2] * a) << 16 | byte(a) << 24
        }
        let recording = RenderPhases.active
        let t0 = recording ? RenderPhases.now() : 0, r0 = RenderPhases.times.rasterizing
        let builder = DisplayListBuilder(scale: Double(scale), cache: cache)
        let items: [DisplayItem]
        if let layers = screenLayers?(), !layers.isEmpty {
            items = layers.flatMap { builder.build(root: LayerPresentation.presented($0.layer), offset: $0.offset) }
        } else {
            items = builder.build(root: root)
        }
        let t1 = recording ? RenderPhases.now() : 0
        if recording { RenderPhases.times.displayList += t1 - t0 - (RenderPhases.times.rasterizing - r0) }
        defer { if recording { RenderPhases.times.compositing += RenderPhases.now() - t1 } }
        var damage: FrameDamage?
        if drawsOnlyChangedRegions, let shown, shown.background == background {
            damage = FrameDamage.between(shown.items, items, width: raster.width, height: raster.height)
        }
        lastRedrawnPixelCount = damage?.area ?? raster.width * raster.height
        if damage?.isEmpty != true {
            if let backdrop = currentBackdrop(items, background: background, size: size) {
                // Same bytes as drawing the whole list: the backdrop holds exactly what its items draw.
                let rest = Array(items[backdrop.items.count...])
                DisplayListExecutor.execute(
                    rest, into: raster, base: backdrop.raster, damage: damage, pool: pool, copy: copy,
                    outside: before, groups: keptGroups(rest, damage: damage, size: size), limitsMaskedGroups: limitsMaskedGroups)
            } else {
                DisplayListExecutor.execute(
                    items, into: raster, background: background, damage: damage, pool: pool, copy: copy, outside: before,
                    groups: keptGroups(items, damage: damage, size: size), limitsMaskedGroups: limitsMaskedGroups)
            }
        } else if reusing {
            unchanged = true
        } else if let copy {
            copy.update(from: raster.data, count: raster.byteCount)
        }
        shown = drawsOnlyChangedRegions ? (items, background) : nil
        cache.endFrame()
    }

    /// The groups of `list` composited from their kept content this frame (`GroupCache`): only
    /// while drawing changed regions, with the list drawn before to compare with.
    private func keptGroups(_ list: [DisplayItem], damage: FrameDamage?, size: (width: Int, height: Int)) -> [Int: CachedGroup] {
        guard drawsOnlyChangedRegions, let damage, let shown else {
            groups.removeAll()
            return [:]
        }
        return groups.groups(for: list, previous: shown.items, damage: damage, width: size.width, height: size.height, pool: pool)
    }

    /// The backdrop for this frame: kept while its items still lead the list, otherwise made
    /// again from the items this frame shares with the previous one (when there are any).
    private func currentBackdrop(_ items: [DisplayItem], background: UInt32, size: (width: Int, height: Int)) -> (raster: Raster, items: ArraySlice<DisplayItem>)? {
        guard drawsOnlyChangedRegions else { backdrop = nil; return nil }
        if let b = backdrop, b.background == background, b.raster.width == size.width, b.raster.height == size.height,
           b.items.count <= items.count, items[..<b.items.count].elementsEqual(b.items)
        {
            return (b.raster, b.items)
        }
        let old = backdrop?.raster
        backdrop = nil
        guard let shown, shown.background == background else { return nil }
        let n = FrameDamage.staticPrefix(shown.items, items)
        guard n > 0, n < items.count else { return nil }
        let r = old.flatMap { $0.width == size.width && $0.height == size.height ? $0 : nil } ?? Raster(width: size.width, height: size.height)
        DisplayListExecutor.execute(Array(items[..<n]), into: r, background: background, pool: pool)
        backdrop = (r, items[..<n], background)
        return (r, items[..<n])
    }
}
