import Foundation
import FlipbookGeometry

/// Bitmaps of layer content kept between frames, keyed by what they show.
///
/// A frame marks every entry it uses; entries unused for two consecutive frames are dropped.
/// A layer that only moves, rotates or fades keeps its key, so its bitmap is reused. Images shown
/// directly (see `ImageContent`) are kept by image identity: one texture per `CGImage`, however
/// many layers show it.
final class ContentCache {
    private struct Entry<V> {
        var value: V
        var lastUse: Int
    }
    private var bodies: [LayerContent: Entry<PlacedRaster?>] = [:]
    private var borders: [BorderContent: Entry<PlacedRaster?>] = [:]
    private var shadows: [ShadowContent: Entry<PlacedRaster?>] = [:]
    /// The blurred shapes of `shadows`, by their key without colour (`ShadowContent.shape`): a
    /// shadow whose colour or shadowOpacity changes (a card's shadow fading as it slides) is
    /// only tinted again.
    private var blurredShadows: [ShadowContent: Entry<ShadowRasterizer.Blurred?>] = [:]
    private var images: [IdentityBox: Entry<Raster?>] = [:]
    /// Shadows of layers drawn whole, per model layer: kept while the layer's own drawing (in
    /// its own space, so moving the layer does not change it) and its shadow settings stay.
    /// The blurred shape is kept with the tinted bitmap, so a change of colour or shadowOpacity
    /// alone only tints again.
    private var composites: [ObjectIdentifier: Entry<CompositeShadow>] = [:]
    private struct CompositeShadow {
        var shape: ShadowContent
        var drawing: [DisplayItem]
        var blurred: ShadowRasterizer.Blurred?
        var color: [CGFloat]
        var shadow: PlacedRaster?
    }
    /// `shouldRasterize` bitmaps, per model layer: kept while the layer's drawing in its own
    /// space (at its `rasterizationScale`) stays the same.
    private var rasterized: [ObjectIdentifier: Entry<(scale: Double, drawing: [DisplayItem], bitmap: PlacedRaster)>] = [:]
    private var frame = 0
    /// The image `image(_:)` looked up last in this frame, and its texture.
    private var lastImage: (image: CGImage, raster: Raster?)?
    /// How many bitmaps were drawn (cache misses) since this cache was made.
    private(set) var rasterizations = 0
    /// How many shadow shapes were blurred since this cache was made (a shadow only tinted
    /// again counts as a rasterization, not here).
    private(set) var shadowBlurs = 0

    func body(_ key: LayerContent) -> PlacedRaster? {
        // A plain background's bitmap is one colour whatever the bounds' origin (see
        // `ContentRasterizer.solidColor`): one bitmap serves every origin, placed at the layer's
        // own. A scroll view's bounds origin is its content offset, so without this a screen-
        // sized bitmap was made again (allocated, filled, faulted in) every scrolling frame.
        if key.bounds.minX != 0 || key.bounds.minY != 0, ContentRasterizer.isPlainBackground(key) {
            var k = key
            k.bounds = CGRect(origin: .zero, size: key.bounds.size)
            k.shape.minX = 0; k.shape.minY = 0
            k.shape.maxX = Double(k.bounds.maxX); k.shape.maxY = Double(k.bounds.maxY)
            guard var placed = cached(k, in: \.bodies, make: { ContentRasterizer.rasterize(k) }) else { return nil }
            placed.originX = Double(key.bounds.minX); placed.originY = Double(key.bounds.minY)
            return placed
        }
        return cached(key, in: \.bodies) { ContentRasterizer.rasterize(key) }
    }

    func border(_ key: BorderContent) -> PlacedRaster? {
        cached(key, in: \.borders) { ContentRasterizer.rasterize(key) }
    }

    func shadow(_ key: ShadowContent) -> PlacedRaster? {
        cached(key, in: \.shadows) {
            let blurred = cached(key.shape, in: \.blurredShadows, counted: false) { () -> ShadowRasterizer.Blurred? in
                shadowBlurs += 1
                // A direct image's shadow is drawn from the image itself (it may spill outside
                // the bounds); other bodies lend their bitmap's alpha.
                if let c = key.content, let image = ImageContent(c) {
                    return ShadowRasterizer.blurred(key, image: image)
                }
                return ShadowRasterizer.blurred(key, body: key.content.flatMap { self.body($0) })
            }
            return blurred.map { ShadowRasterizer.tint($0, color: key.color) }
        }
    }

    /// The texture of a directly drawn image (its pixels, made once per `CGImage`).
    func image(_ image: CGImage) -> Raster? {
        // Tiles cut from one snapshot all show the same image: after the first lookup in a
        // frame (which marks the entry used), the same object gets the same texture without
        // hashing again (hundreds of lookups a frame in an explode animation).
        if let last = lastImage, last.image === image { return last.raster }
        let raster = cached(IdentityBox(object: image), in: \.images) { ImageContent.raster(of: image) }
        lastImage = (image, raster)
        return raster
    }

    /// The shadow of the layer `owner` drawn whole (see `DisplayListBuilder.compositeShadow`):
    /// the last one when `key` and `drawing` (the layer's drawing in its own space) are the same
    /// as then; the last blur tinted again when only the colour (or shadowOpacity) changed; else
    /// `blur()` tinted.
    func compositeShadow(
        of owner: ObjectIdentifier, key: ShadowContent, drawing: [DisplayItem], blur: () -> ShadowRasterizer.Blurred?
    ) -> PlacedRaster? {
        let shape = key.shape
        if let i = composites.index(forKey: owner), composites.values[i].value.shape == shape,
           composites.values[i].value.drawing == drawing
        {
            composites.values[i].lastUse = frame
            if composites.values[i].value.color == key.color { return composites.values[i].value.shadow }
            rasterizations += 1
            let blurred = composites.values[i].value.blurred
            let placed = RenderPhases.rasterizing { blurred.map { ShadowRasterizer.tint($0, color: key.color) } }
            composites.values[i].value.color = key.color
            composites.values[i].value.shadow = placed
            return placed
        }
        rasterizations += 1
        shadowBlurs += 1
        let (blurred, placed) = RenderPhases.rasterizing { () -> (ShadowRasterizer.Blurred?, PlacedRaster?) in
            let b = blur()
            return (b, b.map { ShadowRasterizer.tint($0, color: key.color) })
        }
        composites[owner] = Entry(
            value: CompositeShadow(shape: shape, drawing: drawing, blurred: blurred, color: key.color, shadow: placed), lastUse: frame)
        return placed
    }

    /// The `shouldRasterize` bitmap of `owner`: the last one when `drawing` (the layer drawn in
    /// its own space at `scale`) is the same as then, else `make()`.
    func rasterized(of owner: ObjectIdentifier, scale: Double, drawing: [DisplayItem], make: () -> PlacedRaster) -> PlacedRaster {
        cached(owner, in: \.rasterized, if: { $0.scale == scale && $0.drawing == drawing }) {
            (scale, drawing, make())
        }.bitmap
    }

    /// The entry for `key` (when `valid` holds for it), marked as used this frame; drawn with
    /// `make` on a miss. `make` runs while no table is being accessed: drawing one layer may
    /// need another entry of the same table (a `shouldRasterize` layer inside another, a layer
    /// drawn whole inside another), and a table held inout across it would be accessed twice.
    private func cached<K: Hashable, V>(
        _ key: K, in table: ReferenceWritableKeyPath<ContentCache, [K: Entry<V>]>,
        if valid: (V) -> Bool = { _ in true }, counted: Bool = true, make: () -> V
    ) -> V {
        if let v = Self.hit(key, in: &self[keyPath: table], frame: frame, if: valid) { return v }
        if counted { rasterizations += 1 }
        let v = RenderPhases.rasterizing(make)
        self[keyPath: table][key] = Entry(value: v, lastUse: frame)
        return v
    }

    /// The entry for `key` when `valid` holds for it, marked as used in `frame`.
    private static func hit<K: Hashable, V>(
        _ key: K, in table: inout [K: Entry<V>], frame: Int, if valid: (V) -> Bool
    ) -> V? {
        guard let i = table.index(forKey: key), valid(table.values[i].value) else { return nil }
        table.values[i].lastUse = frame
        return table.values[i].value
    }

    /// Ends a frame: forgets bitmaps not used in this frame or the one before.
    func endFrame() {
        lastImage = nil
        let keep = frame - 1
        bodies = bodies.filter { $0.value.lastUse >= keep }
        borders = borders.filter { $0.value.lastUse >= keep }
        shadows = shadows.filter { $0.value.lastUse >= keep }
        if !blurredShadows.isEmpty { blurredShadows = blurredShadows.filter { $0.value.lastUse >= keep } }
        images = images.filter { $0.value.lastUse >= keep }
        composites = composites.filter { $0.value.lastUse >= keep }
        if !rasterized.isEmpty { rasterized = rasterized.filter { $0.value.lastUse >= keep } }
        frame += 1
    }
}
