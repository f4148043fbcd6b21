import Foundation
import Testing
import TestSupport

@testable import FlipbookRender

/// The compositor's per-pixel step has two forms (docs/Renderer.md, "The compositor in debug builds"): SIMD lanes
/// in optimised builds and plain integers in debug builds. They must agree bit for bit.
@Suite struct PixelScalarTests {
    /// A premultiplied pixel (colour lanes at most alpha), or transparent, or opaque.
    static func pixel(_ r: UInt64, kind: UInt64) -> UInt64 {
        let a: UInt64 = kind == 0 ? 0 : (kind == 1 ? 255 : (r >> 24) & 0xFF)
        func lane(_ v: UInt64) -> UInt64 { a == 0 ? 0 : v % (a + 1) }
        return lane(r & 0xFF) | lane((r >> 8) & 0xFF) << 8 | lane((r >> 16) & 0xFF) << 16 | a << 24
    }

    @Test func scalarAndVectorSamplesAgree() {
        var mix = SeededGenerator(state: 20_261_125)
        var mismatches = 0
        for _ in 0..<200_000 {
            let r = mix.next(), q = mix.next(), c = mix.next()
            var top = Self.pixel(r, kind: c % 4) | Self.pixel(r >> 32 ^ q, kind: (c >> 2) % 4) << 32
            if (c >> 44) % 4 == 0 { top = (top & 0xFFFF_FFFF) | top << 32 }  // both texels equal
            let bottom = (c >> 4) % 5 == 0 ? top : Self.pixel(q, kind: (c >> 6) % 4) | Self.pixel(q >> 32 ^ r, kind: (c >> 8) % 4) << 32
            let t00 = UInt32(truncatingIfNeeded: top)
            let flat = top == bottom && top == (UInt64(t00) | UInt64(t00) << 32)
            let wx = Int((c >> 10) & 255), wy = Int((c >> 18) & 255)
            let k = (c >> 26) % 3 == 0 ? 256 : Int((c >> 28) % 256)
            let dest = UInt32(truncatingIfNeeded: Self.pixel(mix.next(), kind: (c >> 40) % 4))
            var a = dest, b = dest
            withUnsafeMutableBytes(of: &a) { PixelVector.sampleOver(top: top, bottom: bottom, flat: flat, wx: wx, wy: wy, k: k, into: $0.baseAddress!) }
            withUnsafeMutableBytes(of: &b) { PixelScalar.sampleOver(top: top, bottom: bottom, flat: flat, wx: wx, wy: wy, k: k, into: $0.baseAddress!) }
            if a != b { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
