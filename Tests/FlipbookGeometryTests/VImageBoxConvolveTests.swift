import Foundation
import Testing

@testable import FlipbookGeometry

/// vImage's box convolution (Sources/FlipbookGeometry/Accelerate+vImage.swift) against the 2D
/// box mean written the plain way, pixel by pixel, in every edge mode.
@Suite struct VImageBoxConvolveTests {
    /// The mean of the window around (x + ox, y + oy), channel `c`, the edge by `mode`, rounded to nearest.
    static func reference(
        _ pixels: [UInt8], width: Int, height: Int, channels: Int, x: Int, y: Int, c: Int, offset: (Int, Int),
        kernel: (Int, Int), mode: Int, background: [UInt8]
    ) -> UInt8 {
        let (cx, cy) = (x + offset.0, y + offset.1)
        let (rx, ry) = (kernel.0 / 2, kernel.1 / 2)
        var sum = 0, count = 0, missing = false
        for sy in (cy - ry)...(cy + ry) {
            for sx in (cx - rx)...(cx + rx) {
                let inside = sx >= 0 && sx < width && sy >= 0 && sy < height
                if !inside { missing = true }
                switch (inside, mode) {
                case (true, _):
                    sum += Int(pixels[(sy * width + sx) * channels + c]); count += 1
                case (false, kvImageEdgeExtend):
                    sum += Int(pixels[(min(max(sy, 0), height - 1) * width + min(max(sx, 0), width - 1)) * channels + c])
                    count += 1
                case (false, kvImageBackgroundColorFill):
                    sum += Int(background[c]); count += 1
                default: break
                }
            }
        }
        if mode == kvImageCopyInPlace && missing { return pixels[(cy * width + cx) * channels + c] }
        if mode == kvImageCopyInPlace { count = kernel.0 * kernel.1 }
        return UInt8((sum + count / 2) / count)
    }

    static func randomImage(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<(width * height * channels)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test(arguments: [kvImageEdgeExtend, kvImageBackgroundColorFill, kvImageTruncateKernel, kvImageCopyInPlace])
    func argbMatchesTheBoxMean(mode: Int) {
        let (w, h) = (13, 9)
        var pixels = Self.randomImage(width: w, height: h, channels: 4, seed: UInt64(mode))  // var: bytes are lent mutably
        let background: [UInt8] = [255, 10, 200, 30]
        for (kernel, offset, size) in [((5, 3), (0, 0), (w, h)), ((1, 7), (2, 1), (8, 6)), ((15, 11), (0, 0), (w, h))] {
            var out = [UInt8](repeating: 0, count: size.0 * size.1 * 4)
            let result = pixels.withUnsafeMutableBytes { srcBytes in
                out.withUnsafeMutableBytes { destBytes in
                    var src = vImage_Buffer(data: srcBytes.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w * 4)
                    var dest = vImage_Buffer(
                        data: destBytes.baseAddress, height: UInt(size.1), width: UInt(size.0), rowBytes: size.0 * 4)
                    return vImageBoxConvolve_ARGB8888(
                        &src, &dest, nil, UInt(offset.0), UInt(offset.1), UInt32(kernel.1), UInt32(kernel.0), background,
                        vImage_Flags(mode))
                }
            }
            #expect(result == kvImageNoError)
            var mismatches = 0
            for y in 0..<size.1 {
                for x in 0..<size.0 {
                    for c in 0..<4 {
                        let expected = Self.reference(
                            pixels, width: w, height: h, channels: 4, x: x, y: y, c: c, offset: offset, kernel: kernel,
                            mode: mode, background: background)
                        if out[(y * size.0 + x) * 4 + c] != expected { mismatches += 1 }
                    }
                }
            }
            #expect(mismatches == 0, "kernel \(kernel), offset \(offset)")
        }
    }

    /// The same call in place (source and destination one buffer), as blur code swaps them.
    @Test func inPlaceGivesTheSameAsOutOfPlace() {
        let (w, h) = (10, 7)
        let original = Self.randomImage(width: w, height: h, channels: 4, seed: 7)
        var separate = [UInt8](repeating: 0, count: original.count)
        var source = original
        var inPlace = original
        let flags = vImage_Flags(kvImageEdgeExtend)
        _ = source.withUnsafeMutableBytes { s in
            separate.withUnsafeMutableBytes { d in
                var src = vImage_Buffer(data: s.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w * 4)
                var dest = vImage_Buffer(data: d.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w * 4)
                return vImageBoxConvolve_ARGB8888(&src, &dest, nil, 0, 0, 5, 5, nil, flags)
            }
        }
        _ = inPlace.withUnsafeMutableBytes { b in
            var buffer = vImage_Buffer(data: b.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w * 4)
            return vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 5, 5, nil, flags)
        }
        #expect(inPlace == separate)
        #expect(source == original)
    }

    @Test func planarMatchesTheBoxMean() {
        let (w, h) = (11, 6)
        var pixels = Self.randomImage(width: w, height: h, channels: 1, seed: 3)
        var out = [UInt8](repeating: 0, count: w * h)
        let result = pixels.withUnsafeMutableBytes { s in
            out.withUnsafeMutableBytes { d in
                var src = vImage_Buffer(data: s.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w)
                var dest = vImage_Buffer(data: d.baseAddress, height: UInt(h), width: UInt(w), rowBytes: w)
                return vImageBoxConvolve_Planar8(&src, &dest, nil, 0, 0, 3, 5, 0, vImage_Flags(kvImageEdgeExtend))
            }
        }
        #expect(result == kvImageNoError)
        for y in 0..<h {
            for x in 0..<w {
                let expected = Self.reference(
                    pixels, width: w, height: h, channels: 1, x: x, y: y, c: 0, offset: (0, 0), kernel: (5, 3),
                    mode: kvImageEdgeExtend, background: [0])
                #expect(out[y * w + x] == expected)
            }
        }
    }

    /// The blur library's calling pattern: ask for the temporary buffer's size, allocate it, pass it.
    @Test func tempBufferSizeDoesNoWorkAndBadInputIsAnError() {
        var pixels = [UInt8](repeating: 9, count: 4 * 4 * 4)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeMutableBytes { s in
            out.withUnsafeMutableBytes { d in
                var src = vImage_Buffer(data: s.baseAddress, height: 4, width: 4, rowBytes: 16)
                var dest = vImage_Buffer(data: d.baseAddress, height: 4, width: 4, rowBytes: 16)
                let size = vImageBoxConvolve_ARGB8888(
                    &src, &dest, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageEdgeExtend + kvImageGetTempBufferSize))
                #expect(size > 0)
                #expect(vImageBoxConvolve_ARGB8888(&src, &dest, nil, 0, 0, 2, 3, nil, vImage_Flags(kvImageEdgeExtend))
                    == kvImageInvalidKernelSize)
                #expect(vImageBoxConvolve_ARGB8888(&src, &dest, nil, 0, 0, 3, 3, nil, 0) == kvImageInvalidEdgeStyle)
                #expect(vImageBoxConvolve_ARGB8888(
                    &src, &dest, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageEdgeExtend | kvImageTruncateKernel))
                    == kvImageInvalidEdgeStyle)
                #expect(vImageBoxConvolve_ARGB8888(
                    &src, &dest, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageBackgroundColorFill))
                    == kvImageNullPointerArgument)
                #expect(vImageBoxConvolve_ARGB8888(&src, &dest, nil, 1, 0, 3, 3, nil, vImage_Flags(kvImageEdgeExtend))
                    == kvImageInvalidOffset_X)
                #expect(vImageBoxConvolve_ARGB8888(&src, &dest, nil, 0, 0, 3, 3, nil, 1 << 20) == kvImageUnknownFlagsBit)
            }
        }
        #expect(out.allSatisfy { $0 == 0 }, "no call above wrote pixels")
    }
}
