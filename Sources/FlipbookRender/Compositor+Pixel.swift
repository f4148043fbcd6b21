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

    /// One bilinear sample of the two tap rows `top` and `bottom` (texels x0 and x0 + 1 in the
    /// low and high words; `flat`: all four taps are the low word of `top`), scaled by the
    /// coverage `k` (1/256; 256 and above is full), drawn source-over into the pixel at `o`.
    /// Every intermediate fits 16-bit lanes (products of bytes, sums below 2^16).
    @inline(__always) static func sampleOver(
        top: UInt64, bottom: UInt64, flat: Bool, wx: Int, wy: Int, k: Int, into o: UnsafeMutableRawPointer
    ) {
        let sample = sample(top: top, bottom: bottom, flat: flat, wx: wx, wy: wy, k: k)
        if sample == SIMD4<UInt16>() { return }
        if sample[3] >= 255 {
            // Lanes are at most 255 here (a bilinear mean of bytes), so no clamping is needed.
            o.storeBytes(of: pack(sample), as: UInt32.self)
        } else {
            o.storeBytes(of: over(sample, o.load(as: UInt32.self)), as: UInt32.self)
        }
    }

    /// The sample `sampleOver` draws: the bilinear mean (or the flat texel), scaled by `k`.
    @inline(__always) static func sample(top: UInt64, bottom: UInt64, flat: Bool, wx: Int, wy: Int, k: Int) -> SIMD4<UInt16> {
        var sample = flat ? lanes16(UInt32(truncatingIfNeeded: top)) : SIMD4<UInt16>(truncatingIfNeeded: bilinear(
            unsafeBitCast(top, to: SIMD8<UInt8>.self), unsafeBitCast(bottom, to: SIMD8<UInt8>.self), wx: wx, wy: wy))
        if k < 256 { sample = (sample &* UInt16(truncatingIfNeeded: k) &+ 128) &>> 8 }
        return sample
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

/// `PixelVector.sampleOver` in plain integer arithmetic, bit for bit the same (no intermediate
/// exceeds what the 16-bit lanes hold, so 32-bit scalars give the same values): used by
/// unoptimised builds, where generic SIMD code is not specialised and runs many times slower.
enum PixelScalar {
    // Straight-line code on `let`s: unoptimised builds zero-fill the stack slots of `var`s and
    // of nested functions' captures on every call, which cost as much as the arithmetic.
    @inline(__always) static func sampleOver(
        top: UInt64, bottom: UInt64, flat: Bool, wx: Int, wy: Int, k: Int, into o: UnsafeMutableRawPointer
    ) {
        // Texel x0's channels in bits 0…31 of each tap row, x1's in bits 32…63.
        let a = UInt32(truncatingIfNeeded: 256 &- wx), b = UInt32(truncatingIfNeeded: wx)
        let c = UInt32(truncatingIfNeeded: 256 &- wy), d = UInt32(truncatingIfNeeded: wy)
        let t0 = UInt32(truncatingIfNeeded: top), t1 = UInt32(truncatingIfNeeded: top &>> 32)
        let b0 = UInt32(truncatingIfNeeded: bottom), b1 = UInt32(truncatingIfNeeded: bottom &>> 32)
        let r = flat ? t0 & 0xFF : (((t0 & 0xFF) &* a &+ (t1 & 0xFF) &* b) &* c
            &+ ((b0 & 0xFF) &* a &+ (b1 & 0xFF) &* b) &* d &+ 32768) &>> 16
        let g = flat ? (t0 &>> 8) & 0xFF : ((((t0 &>> 8) & 0xFF) &* a &+ ((t1 &>> 8) & 0xFF) &* b) &* c
            &+ (((b0 &>> 8) & 0xFF) &* a &+ ((b1 &>> 8) & 0xFF) &* b) &* d &+ 32768) &>> 16
        let bl = flat ? (t0 &>> 16) & 0xFF : ((((t0 &>> 16) & 0xFF) &* a &+ ((t1 &>> 16) & 0xFF) &* b) &* c
            &+ (((b0 &>> 16) & 0xFF) &* a &+ ((b1 &>> 16) & 0xFF) &* b) &* d &+ 32768) &>> 16
        let al = flat ? t0 &>> 24 : (((t0 &>> 24) &* a &+ (t1 &>> 24) &* b) &* c
            &+ ((b0 &>> 24) &* a &+ (b1 &>> 24) &* b) &* d &+ 32768) &>> 16
        let kk = UInt32(truncatingIfNeeded: k)
        let partial = k < 256
        let s0 = partial ? (r &* kk &+ 128) &>> 8 : r
        let s1 = partial ? (g &* kk &+ 128) &>> 8 : g
        let s2 = partial ? (bl &* kk &+ 128) &>> 8 : bl
        let s3 = partial ? (al &* kk &+ 128) &>> 8 : al
        if s0 | s1 | s2 | s3 == 0 { return }
        if s3 >= 255 {
            o.storeBytes(of: s0 | s1 &<< 8 | s2 &<< 16 | s3 &<< 24, as: UInt32.self)
            return
        }
        let dst = o.load(as: UInt32.self)
        let ia = 255 &- s3
        let u0 = (dst & 0xFF) &* ia &+ 128, u1 = ((dst &>> 8) & 0xFF) &* ia &+ 128
        let u2 = ((dst &>> 16) & 0xFF) &* ia &+ 128, u3 = (dst &>> 24) &* ia &+ 128
        let o0 = s0 &+ ((u0 &+ (u0 &>> 8)) &>> 8), o1 = s1 &+ ((u1 &+ (u1 &>> 8)) &>> 8)
        let o2 = s2 &+ ((u2 &+ (u2 &>> 8)) &>> 8), o3 = s3 &+ ((u3 &+ (u3 &>> 8)) &>> 8)
        let p0 = o0 > 255 ? 255 : o0, p1 = o1 > 255 ? 255 : o1, p2 = o2 > 255 ? 255 : o2, p3 = o3 > 255 ? 255 : o3
        o.storeBytes(of: p0 | p1 &<< 8 | p2 &<< 16 | p3 &<< 24, as: UInt32.self)
    }
}
