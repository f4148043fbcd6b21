import Foundation

extension QuadJob {
    /// Columns whose taps `interiorBlocks` works out ahead of sampling them.
    static let interiorChunk = 64

    /// The interior path of `pixels` (full coverage and in-bounds taps guaranteed by the caller,
    /// see `interior`), in chunks of up to `interiorChunk` columns, in three passes: every
    /// column's tap origin (`TapStepper.taps`: the block anchors' divisions, two columns a
    /// division where every column is exact, back to back instead of between samples); every
    /// column's four texels, loaded without a branch between them so the loads overlap; then
    /// the samples. Each column gets what `TapStepper.position` gives it, so the bytes are those
    /// of the per-pixel loop (which the shortcut tests check against the full reference path).
    func interiorBlocks(_ y: Int, _ xa: Int, _ xb: Int, _ stepper: inout TapStepper) {
        let src = quad.source
        let sw = src.width
        let sdata = UnsafeRawPointer(src.data)
        let out = UnsafeMutableRawPointer(dest.data + y * dest.width * 4)
        let k = Int(quad.opacity * 256 + 0.5)
        let below = sw &<< 2  // bytes from a tap to the one under it
        @inline(__always) func load(_ tu: Int64, _ tv: Int64) -> (UInt64, UInt64) {
            let ix = Int(truncatingIfNeeded: tu &>> 32), iy = Int(truncatingIfNeeded: tv &>> 32)
            let t = sdata + (iy &* sw &+ ix) &<< 2
            return (t.loadUnaligned(as: UInt64.self), t.loadUnaligned(fromByteOffset: below, as: UInt64.self))
        }
        @inline(__always) func sample(_ x: Int, _ tu: Int64, _ tv: Int64, _ top: UInt64, _ bottom: UInt64) {
            if (top | bottom) & 0xFF00_0000_FF00_0000 == 0 { return }  // all four texels transparent
            let wx = Int(truncatingIfNeeded: (tu &>> 24) & 255), wy = Int(truncatingIfNeeded: (tv &>> 24) & 255)
            Self.blendSample(top: top, bottom: bottom, wx: wx, wy: wy, k: k, into: out + x &<< 2)
        }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 &* Self.interiorChunk) { buffer in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            let taps = raw.assumingMemoryBound(to: Int64.self)
            let texels = (raw + 16 &* Self.interiorChunk).assumingMemoryBound(to: UInt64.self)
            var x = xa
            while x < xb {
                let n = min(xb &- x, Self.interiorChunk)
                if stepper.taps(x, n, into: taps) {
                    for i in 0..<n {
                        let (top, bottom) = load(taps[2 &* i], taps[2 &* i &+ 1])
                        texels[2 &* i] = top; texels[2 &* i &+ 1] = bottom
                    }
                    for i in 0..<n {
                        sample(x &+ i, taps[2 &* i], taps[2 &* i &+ 1], texels[2 &* i], texels[2 &* i &+ 1])
                    }
                } else {
                    // A column without a position (not expected in the interior): column by column.
                    for xx in x..<(x &+ n) {
                        guard let (fu, fv) = stepper.position(xx) else { continue }
                        let tu = fu &- TapStepper.half, tv = fv &- TapStepper.half
                        let (top, bottom) = load(tu, tv)
                        sample(xx, tu, tv, top, bottom)
                    }
                }
                x &+= n
            }
        }
    }
}
