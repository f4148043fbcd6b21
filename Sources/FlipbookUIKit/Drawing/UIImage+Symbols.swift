import Foundation
import FlipbookGeometry
import FlipbookRender

/// SF Symbols stand-ins and tinting (docs/Divergences.md, "Symbols").
///
/// Flipbook ships no Apple symbols. `UIImage(systemName:)` never returns nil: common names are
/// drawn by `SymbolGlyphs` as vector glyphs; any other name draws a neutral outlined glyph and
/// reports once per name through `FlipbookDiagnostics`. A symbol image is a black mask on a
/// square of `pointSize × 1.2 × scale factor` points, drawn at 3 pixels per point; image views
/// draw it (and any `.alwaysTemplate` image) in their `tintColor`.
extension UIImage {
    struct SymbolInfo: Sendable {
        let name: String
        let configuration: UIImage.SymbolConfiguration
        /// Whether Flipbook has a stand-in for the name (false: the neutral glyph).
        let isKnown: Bool
    }

    /// The symbol called `name`, at the body style (never nil in Flipbook).
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The symbol called `name` with a configuration (never nil in Flipbook).
    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
        let config = (configuration as? UIImage.SymbolConfiguration) ?? .unspecified
        let (cg, known) = SymbolRasterCache.image(name: name, configuration: config)
        self.init(cgImage: cg, scale: SymbolRasterCache.pixelsPerPoint, renderingMode: .automatic,
                  symbol: SymbolInfo(name: name, configuration: config, isKnown: known), tint: nil)
    }

    /// The symbol called `name` (the traits are not used by the stand-ins).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// Whether this is a symbol image.
    public var isSymbolImage: Bool { symbol != nil }

    /// The symbol configuration of a symbol image (nil for other images).
    public var symbolConfiguration: UIImage.SymbolConfiguration? { symbol?.configuration }

    /// The configuration the image was made with.
    public var configuration: UIImage.Configuration? { symbol?.configuration }

    /// The same symbol drawn with `configuration` applied on top of its own; other images are
    /// returned as they are.
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        guard let symbol, let c = configuration as? UIImage.SymbolConfiguration else { return self }
        return remade(symbol: symbol, configuration: symbol.configuration.applying(c))
    }

    /// The symbol with `configuration` applied, or nil for images that are not symbols.
    public func applyingSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration) -> UIImage? {
        guard let symbol else { return nil }
        return remade(symbol: symbol, configuration: symbol.configuration.applying(configuration))
    }

    private func remade(symbol: SymbolInfo, configuration: UIImage.SymbolConfiguration) -> UIImage {
        let (cg, known) = SymbolRasterCache.image(name: symbol.name, configuration: configuration)
        let info = SymbolInfo(name: symbol.name, configuration: configuration, isKnown: known)
        let tinted = assignedTintColor.map { SymbolRasterCache.tint(cg, with: $0) } ?? cg
        return UIImage(cgImage: tinted, scale: scale, renderingMode: renderingMode, symbol: info, tint: assignedTintColor)
    }

    /// The same image with another rendering mode (`.alwaysTemplate`: drawn as a mask in the
    /// image view's tint colour; `.alwaysOriginal`: drawn as it is, black for a symbol).
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(cgImage: cgImage, scale: scale, renderingMode: renderingMode, symbol: symbol, tint: assignedTintColor)
    }

    /// The image drawn in `color` wherever it is not transparent, shown as it is (not tinted
    /// again by image views).
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: .alwaysOriginal)
    }

    /// The image drawn in `color`, with a rendering mode (`.alwaysTemplate` lets image views
    /// tint it again).
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        let tinted = cgImage.map { SymbolRasterCache.tint($0, with: color) }
        return UIImage(cgImage: tinted, scale: scale, renderingMode: renderingMode, symbol: symbol, tint: color)
    }

    /// Whether an image view draws this image as a mask in its tint colour: template images,
    /// and symbols left `.automatic` without a colour of their own.
    var isDrawnAsTemplate: Bool {
        switch renderingMode {
        case .alwaysTemplate: true
        case .alwaysOriginal: false
        case .automatic: symbol != nil && assignedTintColor == nil
        }
    }

    /// The pixels an image view shows for this image under `tintColor`.
    func displayedCGImage(tintColor: UIColor) -> CGImage? {
        guard let cg = cgImage else { return nil }
        guard isDrawnAsTemplate else { return cg }
        let color = symbol?.configuration.colors.first ?? tintColor
        return SymbolRasterCache.tint(cg, with: color)
    }
}

/// Draws and caches symbol stand-ins by (name, size, weight, scale); tints masks.
enum SymbolRasterCache {
    /// Symbols are drawn at the iPhone's 3 pixels per point, so 2x renders sample them down.
    static let pixelsPerPoint: CGFloat = 3

    private struct Key: Hashable { let name: String; let pointSize: CGFloat; let weight: Int; let scale: Int }
    private static let cache = LockedValue<[Key: CGImage]>([:])

    /// The mask for `name` under `configuration`, and whether the name has a stand-in.
    static func image(name: String, configuration: UIImage.SymbolConfiguration) -> (CGImage, Bool) {
        let resolved = SymbolGlyphs.resolve(name)
        if resolved == nil {
            FlipbookDiagnostics.reportFromAnyContext(
                "UIImage(systemName: \"\(name)\"): Flipbook has no stand-in for this symbol; drawing a neutral outlined glyph (docs/Divergences.md, \"Symbols\").",
                once: "symbol-missing:\(name)")
        }
        let key = Key(name: name, pointSize: configuration.resolvedPointSize,
                      weight: configuration.resolvedWeight.rawValue, scale: configuration.scale.rawValue)
        if let hit = cache.withLock({ $0[key] }) { return (hit, resolved != nil) }
        // Drawn outside the lock: two threads may both draw a missing symbol; the bytes are the same.
        let image = draw(resolved, configuration: configuration)
        cache.withLock { $0[key] = image }
        return (image, resolved != nil)
    }

    private static func draw(_ resolved: SymbolGlyphs.Resolved?, configuration c: UIImage.SymbolConfiguration) -> CGImage {
        let pointSize = c.resolvedPointSize
        // Whole pixels at 3x, so `size` is exactly the side asked for, rounded to a third of a point.
        let side = max(1, (pointSize * 1.2 * c.scale.sizeFactor * pixelsPerPoint).rounded() / pixelsPerPoint)
        let width = pointSize * 0.095 * c.resolvedWeight.strokeFactor
        let size = CGSize(width: side, height: side)
        func render(_ body: (SymbolPen) -> Void) -> CGImage {
            DrawingRasterizer.image(size: size, scale: pixelsPerPoint) { ctx in
                ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
                ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
                body(SymbolPen(context: ctx, transform: CGAffineTransform(scaleX: side, y: side), width: width))
            } ?? CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!
        }
        guard let r = resolved else { return render { SymbolGlyphs.missing($0) } }
        switch r.enclosure {
        case .none:
            return render { r.glyph($0, r.filled) }
        case .ring:
            return render { pen in
                pen.circle(0.5, 0.5, 0.42)
                r.glyph(pen.inset(0.5), r.filled)
            }
        case .disc:
            // The glyph is cut out of the disc: disc alpha × (1 − glyph alpha).
            let disc = render { $0.circle(0.5, 0.5, 0.42, fill: true) }
            let inner = render { r.glyph($0.inset(0.5), r.filled) }
            var px = disc.pixels
            let cut = inner.pixels
            for i in stride(from: 3, to: px.count, by: 4) {
                px[i] = UInt8((Int(px[i]) * (255 - Int(cut[i])) + 127) / 255)
            }
            return CGImage(width: disc.width, height: disc.height, premultipliedRGBA: px) ?? disc
        }
    }

    /// The image's alpha as a mask painted in `color` (resolved for the current traits).
    static func tint(_ image: CGImage, with color: UIColor) -> CGImage {
        let c = color.resolvedColor(with: UITraitCollection.current)
        let r = min(max(c.red, 0), 1), g = min(max(c.green, 0), 1), b = min(max(c.blue, 0), 1)
        let a = min(max(c.alpha, 0), 1)
        var px = image.pixels
        for i in stride(from: 0, to: px.count, by: 4) {
            let alpha = CGFloat(px[i + 3]) * a
            px[i] = UInt8((r * alpha).rounded())
            px[i + 1] = UInt8((g * alpha).rounded())
            px[i + 2] = UInt8((b * alpha).rounded())
            px[i + 3] = UInt8(alpha.rounded())
        }
        return CGImage(width: image.width, height: image.height, premultipliedRGBA: px) ?? image
    }
}
