import Foundation

/// Premultiplied RGBA8 pixels as four 32-bit lanes (r, g, b, a) for fixed-point arithmetic.
enum Pixel {
    @inline(__always) static func unpack(_ w: UInt32) -> SIMD4<Int32> {
        SIMD4<Int32>(Int32(w & 0xFF), Int32((w >> 8) & 0xFF), Int32((w >> 16) & 0xFF), Int32(w >> 24))
    }

    /// Packs lanes already in 0…255.
    @inline(__always) static func pack(_ v: SIMD4<Int32>) -> UInt32 {
        UInt32(truncatingIfNeeded: v[0]) | UInt32(truncatingIfNeeded: v[1]) << 8
            | UInt32(truncatingIfNeeded: v[2]) << 16 | UInt32(truncatingIfNeeded: v[3]) << 24
    }

    /// Lanes of two channels 32 bits apart, each holding 0…255.
    static let lanes8: UInt64 = 0xFF | 0xFF << 32

    /// Red in bits 0…7 and blue in bits 32…39.
    @inline(__always) static func rb(_ w: UInt32) -> UInt64 { UInt64(w & 0xFF) | UInt64(w & 0xFF_0000) << 16 }

    /// Green in bits 0…7 and alpha in bits 32…39.
    @inline(__always) static func ga(_ w: UInt32) -> UInt64 { UInt64((w >> 8) & 0xFF) | UInt64(w >> 24) << 32 }

    /// Packs two-lane words (lanes 0…255) back into RGBA8.
    @inline(__always) static func packLanes(_ rb: UInt64, _ ga: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: rb & 0xFF) | UInt32(truncatingIfNeeded: ga & 0xFF) << 8
            | UInt32(truncatingIfNeeded: (rb >> 32) & 0xFF) << 16 | UInt32(truncatingIfNeeded: (ga >> 32) & 0xFF) << 24
    }

    /// `over` on two-lane words: source lanes 0…255 over the packed destination pixel `d`.
    @inline(__always) static func overLanes(_ rb: UInt64, _ ga: UInt64, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (ga >> 32)
        let round: UInt64 = 128 | 128 << 32
        @inline(__always) func div255(_ x: UInt64) -> UInt64 {
            let t = x &+ round
            return ((t &+ ((t >> 8) & 0x00FF_FFFF_00FF_FFFF)) >> 8) & 0xFFFF_0000_FFFF
        }
        let r = rb &+ div255(Pixel.rb(d) &* ia), g = ga &+ div255(Pixel.ga(d) &* ia)
        @inline(__always) func c(_ v: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: min(v, 255)) }
        return c(r & 0xFFFF_FFFF) | c(g & 0xFFFF_FFFF) << 8 | c(r >> 32) << 16 | c(g >> 32) << 24
    }

    /// Source-over: `s + d × (255 − s.a) / 255` per lane (rounded), clamped to 255, packed.
    @inline(__always) static func over(_ s: SIMD4<Int32>, _ d: SIMD4<Int32>) -> UInt32 {
        let t = d &* (255 &- s[3]) &+ 128
        var r = s &+ ((t &+ (t &>> 8)) &>> 8)
        r.replace(with: 255, where: r .> 255)
        return pack(r)
    }
}

/// Four channels at once in SIMD lanes: the same integer arithmetic as `Pixel`'s lane words.
enum PixelVector {
    /// The four bytes of a packed RGBA8 word as 32-bit lanes.
    @inline(__always) static func lanes(_ w: UInt32) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(w, to: SIMD4<UInt8>.self))
    }

    /// Packs lanes already in 0…255.
    @inline(__always) static func pack(_ v: SIMD4<UInt32>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: v), to: UInt32.self)
    }

    /// The bilinear mean of a 2 × 2 footprint given as two horizontal pairs (texels x0 and x0 + 1
    /// of a row, 8 bytes each), weights in 1/256: Σ texel × weight rounded to a byte, computed
    /// exactly (horizontal pass in 16-bit lanes, vertical pass in 32-bit lanes, no lane overflows).
    @inline(__always) static func bilinear(_ top: SIMD8<UInt8>, _ bottom: SIMD8<UInt8>, wx: Int, wy: Int) -> SIMD4<UInt32> {
        let a = UInt16(truncatingIfNeeded: 256 &- wx), b = UInt16(truncatingIfNeeded: wx)
        let hw = SIMD8<UInt16>(a, a, a, a, b, b, b, b)
        let t = SIMD8<UInt16>(truncatingIfNeeded: top) &* hw
        let u = SIMD8<UInt16>(truncatingIfNeeded: bottom) &* hw
        let th = SIMD4<UInt32>(truncatingIfNeeded: t.lowHalf &+ t.highHalf)
        let bh = SIMD4<UInt32>(truncatingIfNeeded: u.lowHalf &+ u.highHalf)
        return (th &* UInt32(truncatingIfNeeded: 256 &- wy) &+ bh &* UInt32(truncatingIfNeeded: wy) &+ 32768) &>> 16
    }

    /// The four bytes of a packed RGBA8 word as 16-bit lanes.
    @inline(__always) static func lanes16(_ w: UInt32) -> SIMD4<UInt16> {
        SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(w, to: SIMD4<UInt8>.self))
    }

    /// Packs 16-bit lanes already in 0…255.
    @inline(__always) static func pack(_ v: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: v), to: UInt32.self)
    }

    /// Source lanes (0…255, premultiplied) over the packed destination pixel `d`, rounded and
    /// clamped as `Pixel.overLanes`: d × (255 − sa) + 128 stays below 2^16, so 16-bit lanes
    /// compute it exactly.
    @inline(__always) static func over(_ s: SIMD4<UInt16>, _ d: UInt32) -> UInt32 {
        let t = lanes16(d) &* (255 &- s[3]) &+ 128
        let r = s &+ ((t &+ (t &>> 8)) &>> 8)
        return pack(pointwiseMin(r, SIMD4<UInt16>(repeating: 255)))
    }
}
