import Foundation

#if !canImport(CoreGraphics)
/// Where a bitmap's alpha is and whether colours are premultiplied by it, CoreGraphics'
/// `CGImageAlphaInfo` (Apple's raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// A bitmap's layout: the alpha info in the low bits, the byte order and float flags above,
/// CoreGraphics' `CGBitmapInfo` (Apple's raw values).
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bitmap info of `alphaInfo` with the default byte order.
    public init(alphaInfo: CGImageAlphaInfo) { rawValue = alphaInfo.rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The host's 16-bit order (little-endian on Flipbook's machines).
    public static let byteOrder16Host = byteOrder16Little
    /// The host's 32-bit order (little-endian on Flipbook's machines).
    public static let byteOrder32Host = byteOrder32Little
}

extension CGImage {
    /// The image's colour space: sRGB (Flipbook keeps every image as sRGB RGBA).
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
    /// Premultiplied alpha last, default (big-endian: R, G, B, A bytes) order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(alphaInfo: .premultipliedLast) }
    /// `.premultipliedLast`.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// A provider of a copy of the image's bytes, in the format `bitmapInfo` describes (blur
    /// code copies them into vImage buffers through `CFDataGetBytePtr`).
    public var dataProvider: CGDataProvider? { CGDataProvider(data: Data(pixels) as NSData) }
}

extension CGColorSpace {
    /// Colour components without alpha: 1 for a gray space, 3 for the RGB ones.
    public var numberOfComponents: Int { name == CGColorSpace.genericGrayGamma2_2 || name == "kCGColorSpaceGenericGray" ? 1 : 3 }
}

/// The pixel format of a bitmap context Flipbook can draw into: 8 bits a component, RGB with
/// the alpha (or padding byte) first or last in either 32-bit byte order, or 8-bit gray.
package struct CGBitmapFormat: Sendable, Equatable {
    package enum Layout: Sendable, Equatable {
        /// Four bytes a pixel; `order` gives the memory position of R, G, B and A (or padding).
        case rgba(red: Int, green: Int, blue: Int, alpha: Int, hasAlpha: Bool)
        /// One byte a pixel, a gray level.
        case gray
    }
    package let layout: Layout
    package var bytesPerPixel: Int { if case .gray = layout { 1 } else { 4 } }

    /// The format of `bitmapInfo` in a space of `components` colour components with
    /// `bitsPerComponent`, or why Core Graphics refuses it.
    package static func make(bitsPerComponent: Int, components: Int, bitmapInfo: CGBitmapInfo) -> Result<CGBitmapFormat, CGBitmapFormatError> {
        guard bitsPerComponent == 8 else { return .failure(CGBitmapFormatError("\(bitsPerComponent) bits per component (only 8 is supported)")) }
        guard !bitmapInfo.contains(.floatComponents) else { return .failure(CGBitmapFormatError("float components")) }
        let alphaRaw = bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue
        guard let alpha = CGImageAlphaInfo(rawValue: alphaRaw) else { return .failure(CGBitmapFormatError("alpha info \(alphaRaw)")) }
        let order = CGBitmapInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue)
        if components == 1 {
            guard alpha == .none, order == .byteOrderDefault || order == .byteOrder16Big || order == .byteOrder16Little
            else { return .failure(CGBitmapFormatError("a gray space with alpha info \(alpha)")) }
            return .success(CGBitmapFormat(layout: .gray))
        }
        guard components == 3 else { return .failure(CGBitmapFormatError("a colour space of \(components) components")) }
        // Core Graphics draws into premultiplied or padded 32-bit RGB only.
        let alphaFirst: Bool
        switch alpha {
        case .premultipliedFirst, .noneSkipFirst: alphaFirst = true
        case .premultipliedLast, .noneSkipLast: alphaFirst = false
        default: return .failure(CGBitmapFormatError("alpha info \(alpha) in an RGB space (use a premultiplied or skip layout)"))
        }
        let little: Bool
        switch order {
        case .byteOrderDefault, .byteOrder32Big: little = false
        case .byteOrder32Little: little = true
        default: return .failure(CGBitmapFormatError("a 16-bit byte order with 32-bit pixels"))
        }
        // Big-endian word order: A R G B (alpha first) or R G B A (alpha last); little reverses it.
        var slots = alphaFirst ? [1, 2, 3, 0] : [0, 1, 2, 3]  // memory slot of R, G, B, A
        if little { slots = slots.map { 3 - $0 } }
        let hasAlpha = alpha == .premultipliedFirst || alpha == .premultipliedLast
        return .success(CGBitmapFormat(layout: .rgba(red: slots[0], green: slots[1], blue: slots[2], alpha: slots[3], hasAlpha: hasAlpha)))
    }
}

/// Why Core Graphics refuses a bitmap format.
package struct CGBitmapFormatError: Error, Sendable {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
}

/// A bitmap context's pixels: the caller's buffer or one the context owns (freed with it).
package final class CGBitmapBuffer {
    package let bytes: UnsafeMutableRawPointer
    private let owned: Bool
    package init(bytes: UnsafeMutableRawPointer, owned: Bool) {
        self.bytes = bytes
        self.owned = owned
    }
    deinit { if owned { bytes.deallocate() } }
}

/// What a bitmap context is: size in pixels, row length, format and pixels.
package struct CGBitmapStorage {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    package let bitsPerComponent: Int
    package let space: CGColorSpace
    package let bitmapInfo: CGBitmapInfo
    package let format: CGBitmapFormat
    package let buffer: CGBitmapBuffer

    package init(
        width: Int, height: Int, bytesPerRow: Int, bitsPerComponent: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, format: CGBitmapFormat, buffer: CGBitmapBuffer
    ) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.bitsPerComponent = bitsPerComponent
        self.space = space
        self.bitmapInfo = bitmapInfo
        self.format = format
        self.buffer = buffer
    }
}

extension CGContext {
    /// A bitmap context's width in pixels (0 for other contexts).
    public var width: Int { bitmap?.width ?? 0 }
    /// A bitmap context's height in pixels (0 for other contexts).
    public var height: Int { bitmap?.height ?? 0 }
    /// Bytes from one row of a bitmap context's pixels to the next (0 for other contexts).
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    /// Bits of one colour component of a bitmap context (0 for other contexts).
    public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
    /// Bits of one pixel of a bitmap context (0 for other contexts).
    public var bitsPerPixel: Int { (bitmap?.format.bytesPerPixel ?? 0) * 8 }
    /// A bitmap context's colour space (nil for other contexts).
    public var colorSpace: CGColorSpace? { bitmap?.space }
    /// A bitmap context's layout (empty for other contexts).
    public var bitmapInfo: CGBitmapInfo { bitmap?.bitmapInfo ?? [] }
    /// A bitmap context's alpha info (`.none` for other contexts).
    public var alphaInfo: CGImageAlphaInfo {
        bitmap.flatMap { CGImageAlphaInfo(rawValue: $0.bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) } ?? .none
    }
    /// A bitmap context's pixels (nil for other contexts). Flipbook draws into them when
    /// `makeImage()` or `flush()` is called (docs/Divergences.md, "Bitmap contexts").
    public var data: UnsafeMutableRawPointer? { bitmap?.buffer.bytes }
}
#endif
