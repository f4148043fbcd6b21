import Foundation

/// Bitmaps of layer content kept between frames, keyed by what they show.
///
/// A frame marks every entry it uses; entries unused for two consecutive frames are dropped.
/// A layer that only moves, rotates or fades keeps its key, so its bitmap is reused.
final class ContentCache {
    private struct Entry<V> {
        var value: V
        var lastUse: Int
    }
    private var bodies: [LayerContent: Entry<PlacedRaster?>] = [:]
    private var borders: [BorderContent: Entry<PlacedRaster?>] = [:]
    private var shadows: [ShadowContent: Entry<PlacedRaster?>] = [:]
    private var frame = 0
    /// How many bitmaps were drawn (cache misses) since this cache was made.
    private(set) var rasterizations = 0

    func body(_ key: LayerContent) -> PlacedRaster? {
        if var e = bodies[key] {
            e.lastUse = frame
            bodies[key] = e
            return e.value
        }
        rasterizations += 1
        let v = ContentRasterizer.rasterize(key)
        bodies[key] = Entry(value: v, lastUse: frame)
        return v
    }

    func border(_ key: BorderContent) -> PlacedRaster? {
        if var e = borders[key] {
            e.lastUse = frame
            borders[key] = e
            return e.value
        }
        rasterizations += 1
        let v = ContentRasterizer.rasterize(key)
        borders[key] = Entry(value: v, lastUse: frame)
        return v
    }

    func shadow(_ key: ShadowContent) -> PlacedRaster? {
        if var e = shadows[key] {
            e.lastUse = frame
            shadows[key] = e
            return e.value
        }
        rasterizations += 1
        let body = key.content.flatMap { self.body($0) }
        let v = ShadowRasterizer.rasterize(key, body: body)
        shadows[key] = Entry(value: v, lastUse: frame)
        return v
    }

    /// Ends a frame: forgets bitmaps not used in this frame or the one before.
    func endFrame() {
        let keep = frame - 1
        bodies = bodies.filter { $0.value.lastUse >= keep }
        borders = borders.filter { $0.value.lastUse >= keep }
        shadows = shadows.filter { $0.value.lastUse >= keep }
        frame += 1
    }
}
