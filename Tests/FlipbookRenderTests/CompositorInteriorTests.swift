import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The interior path's pieces (docs/Renderer.md, "The perspective interior"): the chunked
/// tap origins and the optimised build's blend, each against the per-pixel form it replaces.
/// The whole path is checked against the full per-pixel reference by `CompositorShortcutTests`
/// (in the build being tested) and by every scene's `--checksum` (release builds).
@Suite struct CompositorInteriorTests {
    /// `TapStepper.taps` gives every column of a chunk what `position` gives it (less half a
    /// texel), at every anchor spacing, every-column-exact rows included, with exact columns
    /// two a division (`paired`, what optimised builds do) and one at a time; `exactPair`
    /// gives each of its two columns what `exact` gives it. Chunks start anywhere, across block
    /// boundaries, after other chunks of the same stepper and not.
    @Test func chunkedTapsAreThePerColumnPositions() {
        var g = CompositorShortcutTests.Generator(state: 4242)
        var shifts = Set<Int>(), columns = 0, pairs = 0, pairedChunks = 0
        let buffer = UnsafeMutablePointer<Int64>.allocate(capacity: 2 * 80)
        defer { buffer.deallocate() }
        for _ in 0..<400 {
            let src = Raster(width: 48, height: 36)
            guard let m = CompositorShortcutTests.placement(&g, source: src, size: 240).inverse else { continue }
            let py = Double(Int(g.next() * 240)) + 0.5
            let xa = Int(g.next() * 200) - 20, xb = xa + 1 + Int(g.next() * 220)
            var chunked = TapStepper(m, py: py, xa: xa, xb: xb)
            var single = chunked
            shifts.insert(chunked.shift)
            var x = xa
            while x < xb {
                let n = min(xb - x, 1 + Int(g.next() * 80))
                // Both ways: exact columns two a division (optimised builds) and one at a time.
                let paired = g.next() < 0.5
                if paired { pairedChunks += 1 }
                if chunked.taps(x, n, into: buffer, paired: paired) {
                    for i in 0..<n {
                        guard let (fu, fv) = single.position(x + i) else {
                            Issue.record("column \(x + i) has taps but no position")
                            continue
                        }
                        #expect(buffer[2 * i] == fu &- TapStepper.half && buffer[2 * i + 1] == fv &- TapStepper.half)
                        columns += 1
                    }
                } else {
                    // Some column of the chunk has no position.
                    #expect((x..<(x + n)).contains { single.position($0) == nil })
                }
                x += n
                if g.next() < 0.2 { chunked = TapStepper(m, py: py, xa: xa, xb: xb) }  // a fresh stepper mid-row
            }
            for x in stride(from: xa, to: xb, by: 3) {
                let one = chunked.exact(x), two = chunked.exact(x + 1), both = chunked.exactPair(x)
                if let one, let two, let both {
                    #expect(both.u == SIMD2(one.0, two.0) && both.v == SIMD2(one.1, two.1))
                    pairs += 1
                } else {
                    #expect(both == nil && (one == nil || two == nil))
                }
            }
        }
        #expect(shifts.contains(0) && shifts.contains(5) && shifts.count >= 4)
        #expect(columns > 20_000)
        #expect(pairs > 5_000)
        #expect(pairedChunks > 500)
    }

    /// `PixelFast.blend` (the optimised build's `QuadJob.blendSample`) gives the bytes of the
    /// scalar form unoptimised builds use, on random taps (flat, opaque, transparent and mixed),
    /// weights, coverages and destinations.
    @Test func fastAndScalarBlendsAgree() {
        var mix = SeededGenerator(state: 20_261_127)
        var mismatches = 0, flat = 0
        for n in 0..<60_000 {
            let r = mix.next(), q = mix.next(), c = mix.next()
            var top = PixelScalarTests.pixel(r, kind: c % 4) | PixelScalarTests.pixel(r >> 32 ^ q, kind: (c >> 2) % 4) << 32
            if (c >> 44) % 4 == 0 { top = (top & 0xFFFF_FFFF) | top << 32 }  // both texels equal
            let bottom = (c >> 4) % 5 == 0 ? top : PixelScalarTests.pixel(q, kind: (c >> 6) % 4) | PixelScalarTests.pixel(q >> 32 ^ r, kind: (c >> 8) % 4) << 32
            // The weights' ends every few cases.
            let wx = n % 7 == 0 ? 0 : (n % 11 == 0 ? 255 : Int((c >> 10) & 255))
            let wy = n % 5 == 0 ? 0 : (n % 13 == 0 ? 255 : Int((c >> 18) & 255))
            let k = (c >> 26) % 3 == 0 ? 256 : Int((c >> 28) % 256)
            let dest = UInt32(truncatingIfNeeded: PixelScalarTests.pixel(mix.next(), kind: (c >> 40) % 4))
            let t00 = UInt32(truncatingIfNeeded: top)
            let isFlat = top == bottom && top == (UInt64(t00) | UInt64(t00) << 32)
            if isFlat { flat += 1 }
            var a = dest, b = dest
            withUnsafeMutableBytes(of: &a) { PixelFast.blend(top: top, bottom: bottom, wx: wx, wy: wy, k: k, into: $0.baseAddress!) }
            withUnsafeMutableBytes(of: &b) { o in
                if k >= 256 && isFlat && t00 >= 0xFF00_0000 {
                    o.storeBytes(of: t00, as: UInt32.self)
                } else {
                    PixelScalar.sampleOver(top: top, bottom: bottom, flat: isFlat, wx: wx, wy: wy, k: k, into: o.baseAddress!)
                }
            }
            if a != b { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(flat > 1_000)
    }
}
