import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// An image, UIKit's `UIImage`: a `CGImage` (premultiplied RGBA8) and a scale.
///
/// `size` is in points: pixels divided by `scale`. PNG and JPEG are decoded by FlipbookRender.
/// `init?(named:)` looks, in order, in the directories listed in the environment variable
/// `FLIPBOOK_IMAGE_PATH` (colon-separated), the main bundle's resource directory and the
/// current directory, trying `name`, `name@3x.png`, `name@2x.png`, `name.png`, `name.jpg`
/// and `name.jpeg`; an `@Nx` suffix sets the scale. `init?(systemName:)` never returns nil: Flipbook
/// ships no SF Symbols and draws stand-ins (UIImage+Symbols.swift).
// @unchecked: immutable (every stored property is a `let` of a Sendable type or a CGImage,
// itself immutable, or a `var` written only while the image is made, before anyone else sees
// it: `imageOrientation`, `images`, `duration`); Swift cannot check an NSObject subclass's
// conformance.
public final class UIImage: NSObject, AssociatedObjectsHost, @unchecked Sendable {
    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the image is drawn: as it is, or as a mask in the tint colour.
    public let renderingMode: RenderingMode
    /// The symbol this image stands for (nil for ordinary images).
    let symbol: SymbolInfo?
    /// The colour `withTintColor(_:)` gave the image (its pixels are already in it).
    let assignedTintColor: UIColor?
    /// The orientation the image was made with (Flipbook draws every image `.up`:
    /// docs/Divergences.md).
    public private(set) var imageOrientation: Orientation = .up
    /// The frames of an animated image (`animatedImage(with:duration:)`); nil for a still one.
    /// Set only while the image is made, like `imageOrientation`.
    public internal(set) var images: [UIImage]?
    /// How long an animated image's frames take to play once (0 for a still image).
    public internal(set) var duration: TimeInterval = 0
    /// Associated objects (FlipbookQuartz/AssociatedObjects.swift), released with the image; its
    /// accessibility properties are one (Appearance/NSObject+Accessibility.swift).
    /// `nonisolated(unsafe)`: every read and write goes through `AssociatedObjects`' one lock,
    /// which guards the hosts' tables (the image itself stays immutable and Sendable).
    nonisolated(unsafe) package var associatedObjectTable: AssociatedObjectTable?

    /// An empty image (no pixels, zero size), Objective-C's inherited `init()`: what theme code
    /// sets as a bar's shadow or background image to hide it (`shadowImage = UIImage()`).
    public override convenience init() {
        self.init(cgImage: nil, scale: 1, renderingMode: .automatic, symbol: nil, tint: nil)
    }

    /// A Core Graphics image shown at `scale` pixels per point (invalid scales read as 1).
    public convenience init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.init(cgImage: cgImage, scale: scale, renderingMode: .automatic, symbol: nil, tint: nil)
        imageOrientation = orientation
    }

    init(cgImage: CGImage?, scale: CGFloat, renderingMode: RenderingMode, symbol: SymbolInfo?, tint: UIColor?) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.renderingMode = renderingMode
        self.symbol = symbol
        self.assignedTintColor = tint
    }

    /// An image decoded from PNG or JPEG bytes; nil when they are not an image.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let cg = ImageDecoder.decode(data: data) else { return nil }
        self.init(cgImage: cg, scale: scale)
    }

    /// An image read from a PNG or JPEG file; the scale comes from an `@2x`/`@3x` suffix.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(fromFileName: path))
    }

    /// An image found by name in the search path described above.
    public convenience init?(named name: String) {
        guard !name.isEmpty, let path = UIImage.resolve(named: name) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// The size in points.
    public var size: CGSize {
        guard let cg = cgImage else { return .zero }
        return CGSize(width: CGFloat(cg.width) / scale, height: CGFloat(cg.height) / scale)
    }

    /// PNG bytes of the image.
    public func pngData() -> Data? {
        guard let cg = cgImage,
            let r = RenderedImage(width: cg.width, height: cg.height, premultipliedPixels: cg.pixels)
        else { return nil }
        return r.pngData()
    }

    public override var description: String { "<UIImage> size {\(size.width), \(size.height)} scale \(scale)" }

    /// Image orientation, UIKit's `UIImage.Orientation` (Flipbook only shows `.up`).
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    /// Template rendering, UIKit's `UIImage.RenderingMode`: a template image is drawn as a mask
    /// in the tint colour of the image view showing it.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    static func scale(fromFileName path: String) -> CGFloat {
        let base = (path as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }

    static var searchDirectories: [String] {
        var dirs: [String] = []
        if let env = ProcessInfo.processInfo.environment["FLIPBOOK_IMAGE_PATH"] {
            dirs += env.split(separator: ":").map(String.init)
        }
        if let r = Bundle.main.resourcePath { dirs.append(r) }
        dirs.append(FileManager.default.currentDirectoryPath)
        return dirs
    }

    static func resolve(named name: String) -> String? {
        let candidates = [name, "\(name)@3x.png", "\(name)@2x.png", "\(name).png", "\(name).jpg", "\(name).jpeg"]
        for dir in searchDirectories {
            for c in candidates {
                let path = (dir as NSString).appendingPathComponent(c)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { return path }
            }
        }
        return nil
    }
}
