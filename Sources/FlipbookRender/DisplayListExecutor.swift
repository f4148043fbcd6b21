import Foundation

/// Runs a display list into a raster.
enum DisplayListExecutor {
    /// Draws `items` over `target`. Offscreen groups and masks come from `pool` (fresh buffers
    /// when nil) and are cleared and returned to it. Returns the rectangle drawn into, starting
    /// from `dirty` (the whole target by default).
    @discardableResult
    static func execute(_ items: [DisplayItem], into target: Raster, pool: RasterPool? = nil, dirty: PixelRect? = nil) -> PixelRect {
        var stack: [(raster: Raster, dirty: PixelRect)] = [(target, dirty ?? PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height))]
        func take() -> Raster { pool?.take(width: target.width, height: target.height) ?? Raster(width: target.width, height: target.height) }
        func give(_ r: Raster, _ drawn: PixelRect) {
            guard let pool else { return }
            r.clear(x0: drawn.x0, y0: drawn.y0, x1: drawn.x1, y1: drawn.y1)
            pool.give(r)
        }
        for item in items {
            switch item {
            case .quad(let q):
                if let r = Compositor.draw(q, into: stack[stack.count - 1].raster) { stack[stack.count - 1].dirty.formUnion(r) }
            case .beginGroup:
                stack.append((take(), .empty))
            case .endGroup(let opacity, let mask):
                guard stack.count > 1, let group = stack.popLast() else { continue }
                if group.dirty.isEmpty { give(group.raster, group.dirty); continue }
                if let mask {
                    let m = take()
                    let drawn = execute(mask, into: m, pool: pool, dirty: .empty)
                    GroupBlend.applyMask(m, to: group.raster, in: group.dirty)
                    give(m, drawn)
                }
                GroupBlend.composite(group.raster, over: stack[stack.count - 1].raster, opacity: opacity, in: group.dirty)
                stack[stack.count - 1].dirty.formUnion(group.dirty)
                give(group.raster, group.dirty)
            }
        }
        // Unbalanced groups (never produced by the builder): hand their buffers back too.
        while stack.count > 1, let group = stack.popLast() { give(group.raster, group.dirty) }
        return stack[0].dirty
    }
}

/// Whole-raster operations for groups.
enum GroupBlend {
    /// Multiplies `group` by the mask's alpha inside `rect`.
    static func applyMask(_ mask: Raster, to group: Raster, in rect: PixelRect) {
        for y in rect.y0..<rect.y1 {
            let g = group.data + y * group.width * 4, m = mask.data + y * mask.width * 4
            for x in rect.x0..<rect.x1 {
                let a = Int(m[x * 4 + 3])
                if a == 255 { continue }
                for c in 0..<4 { g[x * 4 + c] = UInt8((Int(g[x * 4 + c]) * a + 127) / 255) }
            }
        }
    }

    /// Premultiplied source-over of `group` × `opacity` onto `dest` inside `rect`.
    static func composite(_ group: Raster, over dest: Raster, opacity: Double, in rect: PixelRect) {
        let k = Int((opacity * 256).rounded())
        guard k > 0 else { return }
        for y in rect.y0..<rect.y1 {
            let s = group.data + y * group.width * 4, d = dest.data + y * dest.width * 4
            for x in rect.x0..<rect.x1 {
                var sa = Int(s[x * 4 + 3])
                if sa == 0 { continue }
                var rgb = (Int(s[x * 4]), Int(s[x * 4 + 1]), Int(s[x * 4 + 2]))
                if k < 256 {
                    sa = (sa * k + 128) >> 8
                    rgb = ((rgb.0 * k + 128) >> 8, (rgb.1 * k + 128) >> 8, (rgb.2 * k + 128) >> 8)
                }
                let ia = 255 - sa
                d[x * 4] = UInt8(min(255, rgb.0 + (Int(d[x * 4]) * ia + 127) / 255))
                d[x * 4 + 1] = UInt8(min(255, rgb.1 + (Int(d[x * 4 + 1]) * ia + 127) / 255))
                d[x * 4 + 2] = UInt8(min(255, rgb.2 + (Int(d[x * 4 + 2]) * ia + 127) / 255))
                d[x * 4 + 3] = UInt8(min(255, sa + (Int(d[x * 4 + 3]) * ia + 127) / 255))
            }
        }
    }
}
