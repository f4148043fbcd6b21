import CFlipbookBlend
import Dispatch
import Foundation

/// Runs a display list into a raster, on every core.
///
/// The frame's rows are dealt to workers in bands (`RowShare`); each worker runs the whole list
/// for its own rows: quads, offscreen groups, masks and group compositing. Offscreen rasters are
/// assigned by nesting level before the workers start, so workers share them without ever
/// touching the same row, and each worker clears what it drew in them before it finishes.
/// Every pixel is computed by one worker with the same arithmetic: the bytes do not depend on
/// the number of workers or their timing.
enum DisplayListExecutor {
    /// Workers per frame (the machines Flipbook targets have at least two cores).
    static let workers = 2

    /// Draws `items` over `target`, after filling it with `background` (a premultiplied RGBA8
    /// word; nil leaves the target as it is). With `damage`, only the damaged pixels are
    /// filled and drawn; the rest of the target is left as it is. Offscreen rasters come from
    /// `pool` (fresh buffers when nil) and go back to it transparent.
    /// With `base` (a raster of the target's size), the drawn pixels start as `base`'s instead of
    /// the background. With `copy`, each worker then copies its rows of the finished target there
    /// (width × height × 4 bytes), while they are still in its cache.
    /// With `outside` (width × height × 4 bytes, the frame before) and `damage`, each worker
    /// first copies the pixels outside the damage there into its rows of the target (a target
    /// that is not the frame buffer, whose bytes are not kept from frame to frame).
    /// `groups` (by the index of their `beginGroup` in `items`, top-level groups of a list
    /// without backdrops) are composited from a kept raster of their content instead of being
    /// drawn again (`CachedGroup`). `limitsMaskedGroups` false draws masked groups whole (the
    /// reference `run`'s shortcut is tested against).
    static func execute(
        _ items: [DisplayItem], into target: Raster, background: UInt32? = nil, base: Raster? = nil, damage: FrameDamage? = nil,
        pool: RasterPool? = nil, workers: Int = workers, copy: UnsafeMutablePointer<UInt8>? = nil,
        outside: UnsafePointer<UInt8>? = nil, groups: [Int: CachedGroup] = [:], limitsMaskedGroups: Bool = true
    ) {
        let copy = copy.map(SharedPointer.init)
        let outside = damage == nil ? nil : outside.map { SharedPointer(pointer: UnsafeMutablePointer(mutating: $0)) }
        let needed = scratchCount(items)
        let scratch = (0..<needed).map { _ in pool?.take(width: target.width, height: target.height) ?? Raster(width: target.width, height: target.height) }
        prepare(items)
        // A first quad that paints the whole target opaquely (a screen's background) hides the fill.
        var hidden = false
        if case .quad(let q)? = items.first { hidden = QuadJob(quad: q, dest: target).coversOpaquely(width: target.width, height: target.height) }
        let fillColor = hidden ? nil : background
        // A backdrop reads rows around its own, so it must wait for every row drawn before it.
        // Backdrops outside any group split the list: each part runs on every worker, the
        // backdrop between them (on every worker itself) once the part before it is finished.
        // Other lists with one run on a single row share (the blur itself still uses every worker).
        if workers > 1, DisplayItem.containsBackdrop(items), let parts = topLevelParts(items) {
            let shares = RowShare.split(workers)
            func parallel(_ body: @Sendable (RowShare) -> Void) {
                DispatchQueue.concurrentPerform(iterations: shares.count) { body(shares[$0]) }
            }
            parallel { share in
                if let outside, let damage { copyOutside(of: outside.pointer, to: target, share: share, damage: damage) }
                if let base, base.width == target.width, base.height == target.height {
                    copyRows(of: base, to: target, share: share, damage: damage)
                } else if let fillColor {
                    fill(target, with: fillColor, share: share, damage: damage)
                }
                _ = self.run(parts.first ?? [], into: target, scratch: scratch, level: 0, share: share, damage: damage, limits: limitsMaskedGroups)
            }
            for (k, step) in parts.backdrops.enumerated() {
                _ = BackdropBlur.apply(step, stack: [target], workers: workers)
                let next = parts.lists[k + 1]
                if !next.isEmpty {
                    parallel { share in _ = self.run(next, into: target, scratch: scratch, level: 0, share: share, damage: damage, limits: limitsMaskedGroups) }
                }
            }
            if let copy {
                parallel { share in
                    let rowBytes = target.width * 4
                    share.forEachRow(0, target.height) { y in (copy.pointer + y * rowBytes).update(from: target.data + y * rowBytes, count: rowBytes) }
                }
            }
            if let pool { for r in scratch { pool.give(r) } }
            return
        }
        let shares = RowShare.split(DisplayItem.containsBackdrop(items) ? 1 : workers)
        let run: @Sendable (RowShare) -> Void = { share in
            if let outside, let damage { copyOutside(of: outside.pointer, to: target, share: share, damage: damage) }
            if let base, base.width == target.width, base.height == target.height {
                copyRows(of: base, to: target, share: share, damage: damage)
            } else if let fillColor {
                fill(target, with: fillColor, share: share, damage: damage)
            }
            _ = self.run(items, into: target, scratch: scratch, level: 0, share: share, damage: damage, groups: groups, limits: limitsMaskedGroups)
            if let out = copy?.pointer {
                let rowBytes = target.width * 4
                share.forEachRow(0, target.height) { y in (out + y * rowBytes).update(from: target.data + y * rowBytes, count: rowBytes) }
            }
        }
        if shares.count == 1 {
            run(shares[0])
        } else {
            DispatchQueue.concurrentPerform(iterations: shares.count) { run(shares[$0]) }
        }
        if let pool { for r in scratch { pool.give(r) } }
    }

    /// A list cut at its backdrops when every backdrop lies outside any group (and none in a
    /// mask): `lists` has one more element than `backdrops` (the items before the first, between
    /// each two, after the last). Nil otherwise.
    static func topLevelParts(_ items: [DisplayItem]) -> (lists: [[DisplayItem]], backdrops: [BackdropDraw], first: [DisplayItem]?)? {
        var lists: [[DisplayItem]] = [[]], backdrops: [BackdropDraw] = []
        var depth = 0
        for item in items {
            switch item {
            case .beginGroup: depth += 1
            case .endGroup(_, let mask):
                if let mask, DisplayItem.containsBackdrop(mask) { return nil }
                depth -= 1
            case .backdrop(let d):
                guard depth == 0 else { return nil }
                backdrops.append(d)
                lists.append([])
                continue
            case .quad: break
            }
            lists[lists.count - 1].append(item)
        }
        return (lists, backdrops, lists.first)
    }

    /// Fills the rows of `share` (their damaged columns, when given) with one word.
    static func fill(_ r: Raster, with word: UInt32, share: RowShare, damage: FrameDamage? = nil) {
        let p = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        share.forEachRow(0, r.height) { y in
            let (a, b) = damage.map { $0.columns(y) } ?? (0, r.width)
            let xa = max(0, a), xb = min(r.width, b)
            if xa < xb { (p + y * r.width + xa).update(repeating: word, count: xb - xa) }
        }
    }

    /// Copies the rows of `share` (their damaged columns, when given) from `source`.
    static func copyRows(of source: Raster, to r: Raster, share: RowShare, damage: FrameDamage?) {
        share.forEachRow(0, r.height) { y in
            let (a, b) = damage.map { $0.columns(y) } ?? (0, r.width)
            let xa = max(0, a), xb = min(r.width, b)
            if xa < xb { (r.data + (y * r.width + xa) * 4).update(from: source.data + (y * r.width + xa) * 4, count: (xb - xa) * 4) }
        }
    }

    /// Copies the rows of `share`, outside their damaged columns, from `source` (the target's size).
    static func copyOutside(of source: UnsafeMutablePointer<UInt8>, to r: Raster, share: RowShare, damage: FrameDamage) {
        share.forEachRow(0, r.height) { y in
            let (a, b) = damage.columns(y)
            let row = y * r.width * 4
            let xa = min(r.width, max(0, a)), xb = max(xa, min(r.width, b))
            if xa > 0 { (r.data + row).update(from: source + row, count: xa * 4) }
            if xb < r.width { (r.data + row + xb * 4).update(from: source + row + xb * 4, count: (r.width - xb) * 4) }
        }
    }

    /// Offscreen rasters a list needs at once: one per open group, plus a mask's raster and what
    /// the mask's own list needs, at the deepest point.
    static func scratchCount(_ items: [DisplayItem]) -> Int {
        var open = 0, need = 0
        for item in items {
            switch item {
            case .quad, .backdrop: continue
            case .beginGroup:
                open += 1
                need = max(need, open)
            case .endGroup(_, let mask):
                guard open > 0 else { continue }
                if let mask { need = max(need, open + 1 + scratchCount(mask)) }
                open -= 1
            }
        }
        return need
    }

    /// One-thread work before the workers start (finding flat-colour cores of sources).
    private static func prepare(_ items: [DisplayItem]) {
        for item in items {
            switch item {
            case .quad(let q): Compositor.prepare(q)
            case .beginGroup, .backdrop: continue
            case .endGroup(_, let mask): if let mask { prepare(mask) }
            }
        }
    }

    /// Runs `items` into `target` for the rows of `share`. Open groups use `scratch[level + p - 1]`
    /// at stack position p; a group's mask uses the next raster and its list starts one level
    /// further. A top-level group in `groups` is composited from its kept raster, within the
    /// damage, and its items are skipped. Returns the rectangle drawn into (within the owned rows).
    ///
    /// A masked group is drawn only where its mask can show it: its items within the mask's
    /// reach (`FrameDamage.reach`: every pixel the mask's quads can touch), its mask within what
    /// the group drew. Outside the reach the mask is transparent, so those pixels of the group
    /// would be multiplied by 0 and then skipped by the compositing: the frame's bytes are the
    /// same, and a masked layer costs its own area however large its content (a picture zoomed
    /// beyond a card) or its mask (`MaskedGroupTests`). A group holding a backdrop is drawn
    /// whole (a blur reads around the pixels it writes).
    private static func run(
        _ items: [DisplayItem], into target: Raster, scratch: [Raster], level: Int, share: RowShare, damage: FrameDamage?,
        groups: [Int: CachedGroup] = [:], limits: Bool = true
    ) -> PixelRect {
        // Per open group: its raster, what was drawn into it, and the damage its items are drawn within.
        var stack: [(raster: Raster, dirty: PixelRect, damage: FrameDamage?)] = [(target, .empty, damage)]
        // The end of each masked group, by the index of its `beginGroup` (made on the first one met).
        var maskedEnds: [Int: Int]?
        var index = 0
        while index < items.count {
            let item = items[index]
            index += 1
            switch item {
            case .quad(let q):
                if let r = Compositor.draw(q, into: stack[stack.count - 1].raster, share: share, damage: stack[stack.count - 1].damage) {
                    stack[stack.count - 1].dirty.formUnion(r)
                }
            case .backdrop(let d):
                // Only ever run on one share that owns every row (see `execute`).
                if let r = BackdropBlur.apply(d, stack: stack.map { $0.raster }) { stack[stack.count - 1].dirty.formUnion(r) }
            case .beginGroup:
                if stack.count == 1, let kept = groups[index - 1], kept.end < items.count,
                   case .endGroup(let opacity, _) = items[kept.end]
                {
                    GroupBlend.composite(kept.raster, over: target, opacity: opacity, in: kept.reach, share: share, damage: damage)
                    stack[0].dirty.formUnion(kept.reach)
                    index = kept.end + 1
                    continue
                }
                var inner = stack[stack.count - 1].damage
                if limits && maskedEnds == nil { maskedEnds = maskedGroupEnds(items) }
                if let end = maskedEnds?[index - 1], case .endGroup(_, let mask?) = items[end], !DisplayItem.containsBackdrop(mask) {
                    let raster = stack[stack.count - 1].raster
                    inner = FrameDamage.limit(inner, to: FrameDamage.reach(of: mask[...]), width: raster.width, height: raster.height)
                }
                stack.append((scratch[level + stack.count - 1], .empty, inner))
            case .endGroup(let opacity, let mask):
                guard stack.count > 1 else { continue }
                let position = stack.count - 1
                let group = stack.removeLast()
                if group.dirty.isEmpty { continue }
                if let mask {
                    let m = scratch[level + position]
                    // Only the mask's pixels over what the group drew are read.
                    let within = !limits || DisplayItem.containsBackdrop(mask)
                        ? damage : FrameDamage.limit(stack[stack.count - 1].damage, to: group.dirty, width: m.width, height: m.height)
                    let drawn = run(mask, into: m, scratch: scratch, level: level + position + 1, share: share, damage: within, limits: limits)
                    GroupBlend.applyMask(m, to: group.raster, in: group.dirty, share: share)
                    clear(m, drawn, share: share)
                }
                GroupBlend.composite(group.raster, over: stack[stack.count - 1].raster, opacity: opacity, in: group.dirty, share: share)
                stack[stack.count - 1].dirty.formUnion(group.dirty)
                clear(group.raster, group.dirty, share: share)
            }
        }
        // Unbalanced groups (never produced by the builder): leave their rasters clean too.
        while stack.count > 1, let group = stack.popLast() { clear(group.raster, group.dirty, share: share) }
        return stack[0].dirty
    }

    /// The `endGroup` index of each masked group of `items` that holds no backdrop, by the index
    /// of its `beginGroup` (the groups `run` draws only within their mask's reach).
    static func maskedGroupEnds(_ items: [DisplayItem]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        var open: [(begin: Int, backdrop: Bool)] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .beginGroup: open.append((i, false))
            case .backdrop:
                // Every open group holds it.
                for k in open.indices { open[k].backdrop = true }
            case .endGroup(_, let mask):
                guard let g = open.popLast() else { return result }
                if mask != nil && !g.backdrop { result[g.begin] = i }
            case .quad: continue
            }
        }
        return result
    }

    /// Clears `rect` of `r` in the rows of `share`.
    private static func clear(_ r: Raster, _ rect: PixelRect, share: RowShare) {
        let xa = max(0, rect.x0), xb = min(r.width, rect.x1)
        guard xa < xb else { return }
        share.forEachRow(max(0, rect.y0), min(r.height, rect.y1)) { y in
            (r.data + (y * r.width + xa) * 4).update(repeating: 0, count: (xb - xa) * 4)
        }
    }
}

/// A buffer the workers write disjoint rows of.
// @unchecked: a raw pointer; the workers write disjoint row bands of it (never the same byte).
struct SharedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
}

/// Whole-raster operations for groups.
enum GroupBlend {
    /// Multiplies `group` by the mask's alpha inside `rect`.
    static func applyMask(_ mask: Raster, to group: Raster, in rect: PixelRect, share: RowShare = .all) {
        share.forEachRow(rect.y0, rect.y1) { y in
            let g = group.data + y * group.width * 4, m = mask.data + y * mask.width * 4
            for x in rect.x0..<rect.x1 {
                let a = Int(m[x * 4 + 3])
                if a == 255 { continue }
                for c in 0..<4 { g[x * 4 + c] = UInt8((Int(g[x * 4 + c]) * a + 127) / 255) }
            }
        }
    }

    /// Premultiplied source-over of `group` × `opacity` onto `dest` inside `rect`: each pixel's
    /// lanes scaled by k / 256 (k = opacity × 256, rounded) when k < 256, then `Pixel.over`
    /// (round(d × (255 − a) / 255) per lane, clamped); transparent pixels are skipped. Four pixels
    /// at a time (`flipbook_blend_over_span`; the one-pixel form is the tests' reference). With
    /// `damage`, only the damaged columns of each row (a kept group's raster holds its whole
    /// content, and the pixels outside the damage already hold the finished frame).
    static func composite(
        _ group: Raster, over dest: Raster, opacity: Double, in rect: PixelRect, share: RowShare = .all, damage: FrameDamage? = nil
    ) {
        guard opacity > 0 else { return }  // NaN too
        let k = Int((min(opacity, 1) * 256).rounded())
        guard k > 0 else { return }
        let xa = max(0, rect.x0), xb = min(group.width, dest.width, rect.x1)
        guard xa < xb else { return }
        share.forEachRow(max(0, rect.y0), min(group.height, dest.height, rect.y1)) { y in
            var (c0, c1) = (xa, xb)  // the row's columns to blend
            if let damage, y < damage.height {
                let (d0, d1) = damage.columns(y)
                c0 = max(c0, d0); c1 = min(c1, d1)
                guard c0 < c1 else { return }
            }
            let s = UnsafeMutableRawPointer(group.data + y * group.width * 4).assumingMemoryBound(to: UInt32.self)
            let d = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
            flipbook_blend_over_span(d + c0, s + c0, c1 - c0, Int32(k))
        }
    }
}
