import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// UIKit's graphics-context stack: `draw(_:)` and image renderers make their recording
/// `CGContext` current so `UIGraphicsGetCurrentContext()` finds it.
@preconcurrency @MainActor
enum GraphicsContextStack {
    static var stack: [CGContext] = []
}

/// The current graphics context (inside `draw(_:)` or an image renderer's closure), or nil.
@preconcurrency @MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.stack.last }

/// Makes `context` current until the matching `UIGraphicsPopContext()`.
@preconcurrency @MainActor public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.stack.append(context) }

/// Restores the previously current context.
@preconcurrency @MainActor public func UIGraphicsPopContext() {
    guard !GraphicsContextStack.stack.isEmpty else {
        FlipbookDiagnostics.report("UIGraphicsPopContext() called with no context pushed; ignored.")
        return
    }
    GraphicsContextStack.stack.removeLast()
}

/// Turns a drawing closure into a `CGImage`: the closure records into a layer's context and
/// FlipbookRender replays it with cairo at `scale`.
@preconcurrency @MainActor
enum RecordedDrawing {
    private final class Drawer: NSObject, CALayerDelegate {
        let body: (CGContext) -> Void
        init(_ body: @escaping (CGContext) -> Void) { self.body = body }
        /// No implicit animations: the layer must show its final values at once.
        func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
        func draw(_ layer: CALayer, in ctx: CGContext) {
            UIGraphicsPushContext(ctx)
            defer { UIGraphicsPopContext() }
            body(ctx)
        }
    }

    static func image(size: CGSize, scale: CGFloat, opaque: Bool, _ body: @escaping (CGContext) -> Void) -> CGImage? {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        let layer = CALayer()
        let drawer = Drawer(body)
        layer.delegate = drawer
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        if opaque { layer.backgroundColor = CGColor.white }
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = LayerRenderer(scale: scale).renderCGImage(layer)
        layer.delegate = nil
        return withExtendedLifetime(drawer) { image }
    }
}

/// Options for `UIGraphicsImageRenderer`, UIKit's `UIGraphicsImageRendererFormat`.
@preconcurrency @MainActor
public final class UIGraphicsImageRendererFormat {
    /// Pixels per point (default: Flipbook's drawing scale, 3; see `UIScreen.drawingScale`).
    public var scale: CGFloat = UIScreen.drawingScale
    /// Whether the image is opaque (Flipbook fills it with white first).
    public var opaque = false
    /// Kept for source compatibility (Flipbook's images are always sRGB).
    public var preferredRange: Int = 0
    public init() {}
    /// The default format (main screen scale, not opaque).
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The drawing context handed to a `UIGraphicsImageRenderer` closure.
@preconcurrency @MainActor
public final class UIGraphicsImageRendererContext {
    /// The recording context, in points, origin top left.
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }
    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect` with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Clips further drawing to `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images with closures, UIKit's `UIGraphicsImageRenderer`.
@preconcurrency @MainActor
public final class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    let size: CGSize

    public init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) {
        self.size = size
        self.format = format
    }

    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.init(size: bounds.size, format: format)
    }

    /// The image drawn by `actions` (an empty 1×1 transparent image when the size is invalid).
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let format = self.format
        var cg: CGImage?
        withoutActuallyEscaping(actions) { actions in
            cg = RecordedDrawing.image(size: size, scale: format.scale, opaque: format.opaque) { ctx in
                actions(UIGraphicsImageRendererContext(cgContext: ctx, format: format))
            }
        }
        guard let cg else {
            FlipbookDiagnostics.report("UIGraphicsImageRenderer: invalid size \(size); returning an empty image.")
            return UIImage(cgImage: CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!, scale: 1)
        }
        return UIImage(cgImage: cg, scale: format.scale)
    }

    /// PNG bytes of the image drawn by `actions`.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}

/// Fills `rect` in the current context with its fill colour, UIKit's `UIRectFill`. Outside a
/// drawing context it does nothing, as on iOS.
@preconcurrency @MainActor public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Draws a one-point frame just inside `rect` with the current fill colour, UIKit's `UIRectFrame`.
@preconcurrency @MainActor public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let line = min(1, r.width, r.height)
    context.fill([
        CGRect(x: r.minX, y: r.minY, width: r.width, height: line),
        CGRect(x: r.minX, y: r.maxY - line, width: r.width, height: line),
        CGRect(x: r.minX, y: r.minY, width: line, height: r.height),
        CGRect(x: r.maxX - line, y: r.minY, width: line, height: r.height),
    ])
}

/// Intersects the current context's clip with `rect`, UIKit's `UIRectClip`.
@preconcurrency @MainActor public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
