import Foundation

/// A top-level group drawn from a kept raster of its content: `DisplayListExecutor.run`
/// composites `raster` (the group's items and mask composited at full opacity) with the
/// opacity of the group's `endGroup` at index `end`, inside `reach` and the damage, instead of
/// drawing the group's items.
struct CachedGroup: Sendable {
    let end: Int
    let reach: PixelRect
    let raster: Raster
}

/// The content of top-level groups kept from frame to frame while it stays the same, so that
/// a group that only fades (its opacity animates) or that other layers move across is
/// composited from one raster instead of drawn again (docs/Renderer.md, "Kept groups").
///
/// A group is kept once its content (the items between its markers, and its mask) is the same
/// in two frames running and some of it has to be redrawn; it stays kept while a later frame
/// still has it. The kept raster is drawn by the executor itself, whole, from the same items:
/// compositing it with the group's opacity gives, pixel for pixel, what drawing the group
/// gives (the group's own raster holds exactly these bytes before it is composited), so the
/// frame's bytes do not change. Lists with a backdrop blur are left alone (a backdrop reads
/// what lies under it). At most `capacity` groups are kept, each a raster of the frame's size.
final class GroupCache {
    static let capacity = 2

    private struct Entry {
        let inner: ArraySlice<DisplayItem>
        let mask: [DisplayItem]?
        let raster: Raster

        func holds(_ inner: ArraySlice<DisplayItem>, _ mask: [DisplayItem]?, width: Int, height: Int) -> Bool {
            raster.width == width && raster.height == height && self.mask == mask && self.inner.elementsEqual(inner)
        }
    }

    private var entries: [Entry] = []

    /// Groups kept now (for tests).
    var count: Int { entries.count }

    func removeAll() { entries.removeAll() }

    /// The groups of `items` to composite from kept rasters in a frame of `width × height`
    /// whose `damage` against `previous` (the list drawn before) is given, by the index of
    /// their `beginGroup`. Makes the rasters of newly kept groups; forgets groups `items` no
    /// longer has.
    func groups(
        for items: [DisplayItem], previous: [DisplayItem], damage: FrameDamage, width: Int, height: Int, pool: RasterPool
    ) -> [Int: CachedGroup] {
        guard !DisplayItem.containsBackdrop(items) else {
            entries.removeAll()
            return [:]
        }
        var kept: [Entry] = [], result: [Int: CachedGroup] = [:]
        var earlier: [(inner: ArraySlice<DisplayItem>, mask: [DisplayItem]?)]?
        for (begin, end) in Self.topLevelGroups(items) {
            guard kept.count < Self.capacity, case .endGroup(_, let mask) = items[end] else { continue }
            let inner = items[(begin + 1)..<end]
            var entry = entries.first { $0.holds(inner, mask, width: width, height: height) }
            let reach = Self.clamped(FrameDamage.reach(of: items[begin...end]), width: width, height: height)
            let touched = damage.intersects(reach)
            if entry == nil && touched {
                // Kept from its second frame on: the same content in the list drawn before.
                if earlier == nil {
                    earlier = Self.topLevelGroups(previous).compactMap { b, e in
                        guard case .endGroup(_, let m) = previous[e] else { return nil }
                        return (previous[(b + 1)..<e], m)
                    }
                }
                if earlier!.contains(where: { $0.mask == mask && $0.inner.elementsEqual(inner) }) {
                    let r = Raster(width: width, height: height)
                    DisplayListExecutor.execute([.beginGroup] + Array(inner) + [.endGroup(opacity: 1, mask: mask)], into: r, pool: pool)
                    entry = Entry(inner: inner, mask: mask, raster: r)
                }
            }
            guard let entry else { continue }
            if !kept.contains(where: { $0.raster === entry.raster }) { kept.append(entry) }
            if touched { result[begin] = CachedGroup(end: end, reach: reach, raster: entry.raster) }
        }
        entries = kept
        return result
    }

    /// The `beginGroup` and `endGroup` indices of the groups not inside another group.
    static func topLevelGroups(_ items: [DisplayItem]) -> [(begin: Int, end: Int)] {
        var result: [(Int, Int)] = [], depth = 0, begin = 0
        for (i, item) in items.enumerated() {
            switch item {
            case .beginGroup:
                if depth == 0 { begin = i }
                depth += 1
            case .endGroup:
                depth -= 1
                if depth == 0 { result.append((begin, i)) }
                if depth < 0 { return [] }  // unbalanced (never produced by the builder)
            case .quad, .backdrop: break
            }
        }
        return depth == 0 ? result : []
    }

    private static func clamped(_ r: PixelRect, width: Int, height: Int) -> PixelRect {
        PixelRect(x0: max(0, r.x0), y0: max(0, r.y0), x1: min(width, r.x1), y1: min(height, r.y1))
    }
}
