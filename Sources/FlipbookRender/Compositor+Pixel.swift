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

/// The compositor's per-pixel blend in the optimised build's SIMD registers (SSE2 on x86-64:
/// each vector below is one register), bit for bit `PixelVector.sampleOver` and `PixelScalar`.
/// Lanes are built one by one from bytes (`widen`) rather than through the standard library's
/// generic conversions, which are not always inlined in a large caller (then every pixel made
/// a call); the bilinear mean's two passes are multiply-adds of 16-bit pairs (`madd`: SSE2's
/// `pmaddwd`).
enum PixelFast {
    /// The four bytes of a packed RGBA8 word as 16-bit lanes.
    @inline(__always) static func widen(_ w: UInt32) -> SIMD4<UInt16> {
        let b = unsafeBitCast(w, to: SIMD4<UInt8>.self)
        return SIMD4<UInt16>(UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]))
    }

    /// Packs 16-bit lanes already in 0…255.
    @inline(__always) static func pack(_ v: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                                   UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3])), to: UInt32.self)
    }

    /// Lane pairs multiplied and summed: x[2i]·w[2i] + x[2i+1]·w[2i+1] (exact: every operand fits 16 bits signed).
    /// Written lane by lane: the generic widening conversion of `SIMD8` is not always inlined.
    @inline(__always) static func madd(_ x: SIMD8<Int16>, _ w: SIMD8<Int16>) -> SIMD4<Int32> {
        let xe = SIMD4<Int32>(Int32(x[0]), Int32(x[2]), Int32(x[4]), Int32(x[6]))
        let xo = SIMD4<Int32>(Int32(x[1]), Int32(x[3]), Int32(x[5]), Int32(x[7]))
        let we = SIMD4<Int32>(Int32(w[0]), Int32(w[2]), Int32(w[4]), Int32(w[6]))
        let wo = SIMD4<Int32>(Int32(w[1]), Int32(w[3]), Int32(w[5]), Int32(w[7]))
        return xe &* we &+ xo &* wo
    }

    /// The bilinear mean of the taps `top` (texels x0 and x0 + 1 of the upper row) and `bottom`,
    /// weights in 1/256, rounded: (Σ texel × weight + 32768) >> 16 over the four taps, as
    /// `PixelVector.bilinear` (the same integer sum, taken column first: each column's two taps
    /// with the vertical weights, then the columns with the horizontal ones; no intermediate
    /// exceeds 2^24).
    @inline(__always) static func bilinear(_ top: UInt64, _ bottom: UInt64, wx: Int, wy: Int) -> SIMD4<UInt16> {
        let t = unsafeBitCast(top, to: SIMD8<UInt8>.self), b = unsafeBitCast(bottom, to: SIMD8<UInt8>.self)
        // Each channel's upper and lower tap side by side, texel x0 then texel x0 + 1.
        let c0 = SIMD8<Int16>(Int16(t[0]), Int16(b[0]), Int16(t[1]), Int16(b[1]), Int16(t[2]), Int16(b[2]), Int16(t[3]), Int16(b[3]))
        let c1 = SIMD8<Int16>(Int16(t[4]), Int16(b[4]), Int16(t[5]), Int16(b[5]), Int16(t[6]), Int16(b[6]), Int16(t[7]), Int16(b[7]))
        let vw = unsafeBitCast(SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: (256 &- wy) | wy &<< 16)), to: SIMD8<Int16>.self)
        let v0 = madd(c0, vw), v1 = madd(c1, vw)  // each column's vertical sum, below 2^16
        // v0·(256 − wx) + v1·wx, with one multiplication.
        let s = (v0 &<< 8 &+ (v1 &- v0) &* Int32(truncatingIfNeeded: wx) &+ 32768) &>> 16
        return SIMD4<UInt16>(UInt16(truncatingIfNeeded: s[0]), UInt16(truncatingIfNeeded: s[1]),
                             UInt16(truncatingIfNeeded: s[2]), UInt16(truncatingIfNeeded: s[3]))
    }

    /// Source lanes (0…255) over the packed destination pixel `d`, as `PixelVector.over`.
    @inline(__always) static func over(_ s: SIMD4<UInt16>, _ d: UInt32) -> UInt32 {
        let t = widen(d) &* (255 &- s[3]) &+ 128
        let r = s &+ ((t &+ (t &>> 8)) &>> 8)
        return pack(pointwiseMin(r, SIMD4<UInt16>(repeating: 255)))
    }

    /// `QuadJob.blendSample`: the bilinear sample of the tap pairs at coverage `k`/256 over the
    /// pixel at `o`. Four equal taps (`flat`) take the texel itself (what the mean gives them).
    @inline(__always) static func blend(top: UInt64, bottom: UInt64, wx: Int, wy: Int, k: Int, into o: UnsafeMutableRawPointer) {
        let t00 = UInt32(truncatingIfNeeded: top)
        var s: SIMD4<UInt16>
        if top == bottom && top == (top &<< 32 | top &>> 32) {
            if k >= 256 && t00 >= 0xFF00_0000 {
                o.storeBytes(of: t00, as: UInt32.self)  // opaque and flat: the sample is the texel
                return
            }
            s = widen(t00)
        } else {
            s = bilinear(top, bottom, wx: wx, wy: wy)
        }
        if k < 256 { s = (s &* UInt16(truncatingIfNeeded: k) &+ 128) &>> 8 }
        if s[3] >= 255 {
            o.storeBytes(of: pack(s), as: UInt32.self)  // lanes are at most 255: no clamping
        } else if s != SIMD4<UInt16>() {
            o.storeBytes(of: over(s, o.load(as: UInt32.self)), as: UInt32.self)
        }
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
