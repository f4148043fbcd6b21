import Foundation
import FlipbookQuartz

/// Bars draw their items' images as templates, as UIKit does: only the image's alpha counts,
/// filled with the item's colour.
@preconcurrency @MainActor
enum TemplateImage {
    private static var cache: [Key: UIImage] = [:]

    private struct Key: Hashable {
        let image: ObjectIdentifier
        let rgba: [Int]
    }

    /// `image`'s shape filled with `color` (premultiplied), at the image's scale.
    static func tinted(_ image: UIImage, with color: UIColor) -> UIImage {
        guard let cg = image.cgImage else { return image }
        let c = color.cgColor.components ?? [0, 0, 0, 1]
        let rgba = [c[0], c[1], c[2], c.count > 3 ? c[3] : 1].map { Int(($0 * 255).rounded()) }
        let key = Key(image: ObjectIdentifier(cg), rgba: rgba)
        if let hit = cache[key] { return hit }
        var pixels = [UInt8](repeating: 0, count: cg.width * cg.height * 4)
        let source = cg.pixels
        for i in 0..<(cg.width * cg.height) {
            let a = Int(source[i * 4 + 3]) * rgba[3] / 255
            pixels[i * 4 + 0] = UInt8(rgba[0] * a / 255)
            pixels[i * 4 + 1] = UInt8(rgba[1] * a / 255)
            pixels[i * 4 + 2] = UInt8(rgba[2] * a / 255)
            pixels[i * 4 + 3] = UInt8(a)
        }
        guard let tinted = CGImage(width: cg.width, height: cg.height, premultipliedRGBA: pixels) else { return image }
        let result = UIImage(cgImage: tinted, scale: image.scale)
        if cache.count > 256 { cache.removeAll() }
        cache[key] = result
        return result
    }
}
