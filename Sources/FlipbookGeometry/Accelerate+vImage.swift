import Foundation

#if !canImport(Accelerate)
// The part of Accelerate's vImage that blur code in UI libraries calls: the box convolution iOS
// libraries run a few times over a screenshot to blur it (docs/Porting.md, "Accelerate").
// `flipbook port` gates `import Accelerate` when a file uses nothing else of it.

/// A number of pixels, vImage's `vImagePixelCount`.
public typealias vImagePixelCount = UInt
/// vImage's option bits (`kvImageEdgeExtend`, …).
public typealias vImage_Flags = UInt32
/// vImage's result: 0, a negative error, or a temporary buffer's size.
public typealias vImage_Error = Int
/// One 8-bit channel value.
public typealias Pixel_8 = UInt8
/// Four 8-bit channels, in the buffer's order.
public typealias Pixel_8888 = (UInt8, UInt8, UInt8, UInt8)

/// A rectangle of pixels in memory, vImage's `vImage_Buffer`.
public struct vImage_Buffer {
    public var data: UnsafeMutableRawPointer!
    public var height: vImagePixelCount
    public var width: vImagePixelCount
    public var rowBytes: Int

    public init() {
        data = nil
        height = 0
        width = 0
        rowBytes = 0
    }

    public init(data: UnsafeMutableRawPointer!, height: vImagePixelCount, width: vImagePixelCount, rowBytes: Int) {
        self.data = data
        self.height = height
        self.width = width
        self.rowBytes = rowBytes
    }
}

// Flags (Swift imports vImage's anonymous enum constants as `Int`).
public let kvImageNoFlags: Int = 0
public let kvImageLeaveAlphaUnchanged: Int = 1
public let kvImageCopyInPlace: Int = 2
public let kvImageBackgroundColorFill: Int = 4
public let kvImageEdgeExtend: Int = 8
public let kvImageDoNotTile: Int = 16
public let kvImageHighQualityResampling: Int = 32
public let kvImageTruncateKernel: Int = 64
public let kvImageGetTempBufferSize: Int = 128

// Errors.
public let kvImageNoError: Int = 0
public let kvImageRoiLargerThanInputBuffer: Int = -21766
public let kvImageInvalidKernelSize: Int = -21767
public let kvImageInvalidEdgeStyle: Int = -21768
public let kvImageInvalidOffset_X: Int = -21769
public let kvImageInvalidOffset_Y: Int = -21770
public let kvImageNullPointerArgument: Int = -21772
public let kvImageInvalidParameter: Int = -21773
public let kvImageUnknownFlagsBit: Int = -21775

/// Box-filters a four-channel, 8-bit interleaved image: each destination channel is the mean of
/// the `kernel_height` × `kernel_width` source pixels around it, rounded to nearest. Missing pixels
/// at the edges follow the one edge mode in `flags`. Works in place.
public func vImageBoxConvolve_ARGB8888(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer!,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32,
    _ kernel_width: UInt32, _ backgroundColor: UnsafePointer<UInt8>!, _ flags: vImage_Flags
) -> vImage_Error {
    let background = backgroundColor.map { Array(UnsafeBufferPointer(start: $0, count: 4)) } ?? [0, 0, 0, 0]
    return BoxConvolution.run(
        src.pointee, dest.pointee, channels: 4, offset: (srcOffsetToROI_X, srcOffsetToROI_Y),
        kernel: (kernel_width, kernel_height), background: background, hasBackground: backgroundColor != nil,
        flags: flags)
}

/// Box-filters a one-channel, 8-bit image (`vImageBoxConvolve_ARGB8888` for one channel).
public func vImageBoxConvolve_Planar8(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer!,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32,
    _ kernel_width: UInt32, _ backgroundColor: Pixel_8, _ flags: vImage_Flags
) -> vImage_Error {
    BoxConvolution.run(
        src.pointee, dest.pointee, channels: 1, offset: (srcOffsetToROI_X, srcOffsetToROI_Y),
        kernel: (kernel_width, kernel_height), background: [backgroundColor], hasBackground: true, flags: flags)
}

/// The box filter behind both vImage entry points: a horizontal pass of exact integer sums, then
/// a vertical one, so the result is the 2D box mean whatever the order.
enum BoxConvolution {
    enum Edge { case copyInPlace, background, extend, truncate }

    static func run(
        _ src: vImage_Buffer, _ dest: vImage_Buffer, channels: Int, offset: (UInt, UInt), kernel: (UInt32, UInt32),
        background: [UInt8], hasBackground: Bool, flags: vImage_Flags
    ) -> vImage_Error {
        let known = UInt32(
            kvImageLeaveAlphaUnchanged | kvImageCopyInPlace | kvImageBackgroundColorFill | kvImageEdgeExtend
                | kvImageDoNotTile | kvImageTruncateKernel | kvImageGetTempBufferSize)
        if flags & ~known != 0 { return kvImageUnknownFlagsBit }
        let modes: [(Int, Edge)] = [
            (kvImageCopyInPlace, .copyInPlace), (kvImageBackgroundColorFill, .background),
            (kvImageEdgeExtend, .extend), (kvImageTruncateKernel, .truncate),
        ]
        let chosen = modes.filter { flags & UInt32($0.0) != 0 }
        guard chosen.count == 1, let edge = chosen.first?.1 else { return kvImageInvalidEdgeStyle }
        if edge == .background, !hasBackground { return kvImageNullPointerArgument }
        let (kw, kh) = (Int(kernel.0), Int(kernel.1))
        guard kw > 0, kh > 0, kw % 2 == 1, kh % 2 == 1, kw < 1 << 16, kh < 1 << 16 else { return kvImageInvalidKernelSize }
        let (sw, sh, dw, dh) = (Int(clamping: src.width), Int(clamping: src.height), Int(clamping: dest.width), Int(clamping: dest.height))
        let (ox, oy) = (Int(clamping: offset.0), Int(clamping: offset.1))
        if flags & UInt32(kvImageGetTempBufferSize) != 0 {
            // What this implementation would use for its column sums: the value apps allocate and
            // hand back (it is ignored; the sums live in Swift arrays).
            return dw * channels * MemoryLayout<UInt32>.size
        }
        guard dw > 0, dh > 0 else { return kvImageNoError }
        guard let srcData = src.data, let destData = dest.data else { return kvImageNullPointerArgument }
        guard src.rowBytes >= sw * channels, dest.rowBytes >= dw * channels else { return kvImageInvalidParameter }
        guard ox + dw <= sw else { return sw == 0 ? kvImageRoiLargerThanInputBuffer : kvImageInvalidOffset_X }
        guard oy + dh <= sh else { return sh == 0 ? kvImageRoiLargerThanInputBuffer : kvImageInvalidOffset_Y }
        let (rx, ry) = (kw / 2, kh / 2)
        let leaveAlpha = channels == 4 && flags & UInt32(kvImageLeaveAlphaUnchanged) != 0
        let source = srcData.assumingMemoryBound(to: UInt8.self)
        // Horizontal pass over every source row (edges padded by mode), by prefix sums: for each
        // destination column, the sum of the row window; `rowCounts`, the real pixels in it.
        let padded = sw + 2 * rx
        var rowSums = [UInt32](repeating: 0, count: sh * dw * channels)
        var rowCounts = [UInt32](repeating: 0, count: dw)
        for x in 0..<dw {
            let cx = ox + x
            rowCounts[x] = UInt32(min(cx + rx, sw - 1) - max(cx - rx, 0) + 1)
        }
        var prefix = [UInt32](repeating: 0, count: padded + 1)
        for y in 0..<sh {
            let row = source + y * src.rowBytes
            for c in 0..<channels {
                for i in 0..<padded {
                    let sx = i - rx
                    let value: UInt32
                    if sx >= 0 && sx < sw {
                        value = UInt32(row[sx * channels + c])
                    } else {
                        switch edge {
                        case .extend: value = UInt32(row[min(max(sx, 0), sw - 1) * channels + c])
                        case .background: value = UInt32(background[c])
                        case .truncate, .copyInPlace: value = 0
                        }
                    }
                    prefix[i + 1] = prefix[i] + value
                }
                for x in 0..<dw {
                    let cx = ox + x  // window sx in cx-rx...cx+rx, padded index sx+rx
                    rowSums[(y * dw + x) * channels + c] = prefix[cx + 2 * rx + 1] - prefix[cx]
                }
            }
        }
        // Vertical pass, the same way over the row sums, into a buffer, then the copy out: the
        // source may be the destination.
        var out = [UInt8](repeating: 0, count: dh * dw * channels)
        let paddedRows = sh + 2 * ry
        var columnPrefix = [UInt32](repeating: 0, count: paddedRows + 1)
        for x in 0..<dw {
            for c in 0..<channels {
                for i in 0..<paddedRows {
                    let sy = i - ry
                    let value: UInt32
                    if sy >= 0 && sy < sh {
                        value = rowSums[(sy * dw + x) * channels + c]
                    } else {
                        switch edge {
                        case .extend: value = rowSums[(min(max(sy, 0), sh - 1) * dw + x) * channels + c]
                        case .background: value = UInt32(background[c]) * UInt32(kw)
                        case .truncate, .copyInPlace: value = 0
                        }
                    }
                    columnPrefix[i + 1] = columnPrefix[i] + value
                }
                for y in 0..<dh {
                    let cy = oy + y
                    let index = (y * dw + x) * channels + c
                    let rowsIn = min(cy + ry, sh - 1) - max(cy - ry, 0) + 1
                    let inside = rowsIn == kh && Int(rowCounts[x]) == kw
                    if (leaveAlpha && c == 0) || (edge == .copyInPlace && !inside) {
                        out[index] = source[cy * src.rowBytes + (ox + x) * channels + c]
                        continue
                    }
                    let sum = columnPrefix[cy + 2 * ry + 1] - columnPrefix[cy]
                    let divisor = edge == .truncate ? UInt32(rowsIn) * rowCounts[x] : UInt32(kw * kh)
                    out[index] = UInt8((sum + divisor / 2) / divisor)
                }
            }
        }
        let destination = destData.assumingMemoryBound(to: UInt8.self)
        out.withUnsafeBufferPointer { pixels in
            for y in 0..<dh {
                (destination + y * dest.rowBytes).update(from: pixels.baseAddress! + y * dw * channels, count: dw * channels)
            }
        }
        return kvImageNoError
    }
}

#endif
