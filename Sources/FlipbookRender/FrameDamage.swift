import Foundation

extension QuadDraw: Equatable {
    /// Same bitmap object (content bitmaps never change once made), same map, outline, opacity
    /// and clips: the quad puts the same bytes in the same pixels.
    static func == (l: QuadDraw, r: QuadDraw) -> Bool {
        l.source === r.source && l.toSource == r.toSource && l.opacity == r.opacity && l.polygon == r.polygon && l.clips == r.clips
            && l.sourceWindow == r.sourceWindow
    }
}


/// The pixels of a frame that may differ from the previous frame: per row, one column interval
/// covering every change on that row.
///
/// Found by comparing two display lists item by item. A quad that changed (moved, faded, got
/// new content) damages the pixels it covered and the pixels it covers now; a group whose
/// opacity or mask changed damages everything its quads cover. Every other pixel is computed
/// from identical items and keeps its bytes, so redrawing only the damage gives exactly the
/// frame a full redraw gives.
struct FrameDamage: Sendable, Equatable {
    let width: Int
    let height: Int
    /// Per row: damaged columns `[x0[y], x1[y])` (empty when x0 >= x1).
    private(set) var x0: [Int32]
    private(set) var x1: [Int32]

    /// No damage.
    init(width: Int, height: Int) {
        self.width = max(1, width); self.height = max(1, height)
        x0 = [Int32](repeating: Int32(clamping: self.width), count: self.height)
        x1 = [Int32](repeating: 0, count: self.height)
    }

    /// Every pixel damaged.
    static func full(width: Int, height: Int) -> FrameDamage {
        var d = FrameDamage(width: width, height: height)
        d.add(PixelRect(x0: 0, y0: 0, x1: d.width, y1: d.height))
        return d
    }

    var isEmpty: Bool { zip(x0, x1).allSatisfy { $0 >= $1 } }

    /// Damaged pixel count (rows' intervals summed).
    var area: Int { zip(x0, x1).reduce(0) { $0 + max(0, Int($1.1) - Int($1.0)) } }

    /// The damaged columns of row y.
    @inline(__always) func columns(_ y: Int) -> (Int, Int) { (Int(x0[y]), Int(x1[y])) }

    mutating func add(_ r: PixelRect) {
        let ya = max(0, r.y0), yb = min(height, r.y1), xa = Int32(clamping: max(0, r.x0)), xb = Int32(clamping: min(width, r.x1))
        guard ya < yb, xa < xb else { return }
        for y in ya..<yb {
            x0[y] = min(x0[y], xa)
            x1[y] = max(x1[y], xb)
        }
    }

    /// `damage` (every pixel when nil) within `rect`: what a masked group is drawn within
    /// (`DisplayListExecutor.run`).
    static func limit(_ damage: FrameDamage?, to rect: PixelRect, width: Int, height: Int) -> FrameDamage {
        var d = FrameDamage(width: width, height: height)
        let ya = max(0, rect.y0), yb = min(d.height, rect.y1, damage?.height ?? d.height)
        guard ya < yb else { return d }
        for y in ya..<yb {
            let (a, b) = damage?.columns(y) ?? (0, d.width)
            let xa = max(a, rect.x0, 0), xb = min(b, rect.x1, d.width)
            if xa < xb {
                d.x0[y] = Int32(xa)
                d.x1[y] = Int32(xb)
            }
        }
        return d
    }

    /// The pixels `item` can touch: the bounding box of its outline with the compositor's
    /// antialiasing slack (see `Compositor.spans`), or of every quad inside a mask.
    static func reach(of q: QuadDraw) -> PixelRect {
        guard q.polygon.count >= 3 else { return .empty }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in q.polygon {
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        }
        func int(_ v: Double) -> Int { v.isFinite ? Int(max(-1e9, min(1e9, v))) : (v > 0 ? 1_000_000_000 : -1_000_000_000) }
        return PixelRect(x0: int((minX - 2).rounded(.down)), y0: int((minY - 2).rounded(.down)), x1: int((maxX + 2).rounded(.up)), y1: int((maxY + 2).rounded(.up)))
    }

    /// Everything the quads of a list (and its masks) can touch.
    static func reach(of items: ArraySlice<DisplayItem>) -> PixelRect {
        var r = PixelRect.empty
        for item in items {
            switch item {
            case .quad(let q): r.formUnion(reach(of: q))
            case .backdrop(let b): r.formUnion(reach(of: b))
            case .beginGroup: continue
            case .endGroup(_, let mask): if let mask { r.formUnion(reach(of: mask[...])) }
            }
        }
        return r
    }

    /// The damage between two frames' lists, or nil when their group structure differs (then
    /// the whole frame is redrawn).
    ///
    /// The lists are walked together: group markers pair up in order (their sequences must be
    /// the same), and between two markers quads pair up in order. A pair that differs damages
    /// both quads' reach; a quad left without a partner (a layer appeared, was hidden or culled)
    /// damages its own; a group whose opacity or mask changed damages everything in it. Pixels
    /// outside the damage are covered by the same items in the same groups in both frames.
    static func between(_ old: [DisplayItem], _ new: [DisplayItem], width: Int, height: Int) -> FrameDamage? {
        var damage = FrameDamage(width: width, height: height)
        var starts: [(Int, Int)] = []  // open groups: start indices in old and new
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let a = i < old.count ? old[i] : nil, b = j < new.count ? new[j] : nil
            switch (a, b) {
            case (.quad(let qa)?, .quad(let qb)?):
                if qa != qb { damage.add(reach(of: qa)); damage.add(reach(of: qb)) }
                i += 1; j += 1
            case (.quad(let qa)?, _):
                damage.add(reach(of: qa)); i += 1  // gone (the new list is at a marker or its end)
            case (_, .quad(let qb)?):
                damage.add(reach(of: qb)); j += 1  // new
            case (.backdrop(let ba)?, .backdrop(let bb)?):
                if ba != bb { damage.add(reach(of: ba)); damage.add(reach(of: bb)) }
                i += 1; j += 1
            case (.backdrop(let ba)?, _):
                damage.add(reach(of: ba)); i += 1
            case (_, .backdrop(let bb)?):
                damage.add(reach(of: bb)); j += 1
            case (.beginGroup?, .beginGroup?):
                starts.append((i, j)); i += 1; j += 1
            case (.endGroup(let oa, let ma)?, .endGroup(let ob, let mb)?):
                guard let (si, sj) = starts.popLast() else { return nil }
                if oa != ob || ma != mb {
                    damage.add(reach(of: old[si...i]))
                    damage.add(reach(of: new[sj...j]))
                }
                i += 1; j += 1
            default:
                return nil  // markers differ: a group appeared or went away
            }
        }
        guard starts.isEmpty else { return nil }
        damage.widenForBackdrops(in: new)
        return damage
    }

    /// How many leading items two lists share, cut where no group is open (so the shared part
    /// composites to the same pixels on its own).
    static func staticPrefix(_ old: [DisplayItem], _ new: [DisplayItem]) -> Int {
        var depth = 0, cut = 0, i = 0
        while i < old.count && i < new.count && old[i] == new[i] {
            switch new[i] {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case .quad, .backdrop: break
            }
            i += 1
            if depth == 0 { cut = i }
        }
        return cut
    }
}
