import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// UIKit's bitmap image contexts (`UIGraphicsBeginImageContextWithOptions` and friends), on top
/// of the recording contexts: the context made current is the recorded content of a layer of
/// the image's size, so `UIGraphicsGetImageFromCurrentImageContext()` renders that layer with
/// whatever was drawn so far.
@preconcurrency @MainActor
enum ImageContextStack {
    struct Entry {
        let layer: CALayer
        let context: CGContext
        let scale: CGFloat
    }
    static var entries: [Entry] = []

    /// Captures the context a layer records into when it displays.
    private final class Capture: NSObject, CALayerDelegate {
        var context: CGContext?
        func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
        func draw(_ layer: CALayer, in ctx: CGContext) { context = ctx }
    }

    static func begin(size: CGSize, opaque: Bool, scale: CGFloat) {
        let valid = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        if !valid {
            FlipbookDiagnostics.report(
                "UIGraphicsBeginImageContext: invalid size \(size); the context draws nothing and its image is nil.")
        }
        let s = scale.isFinite && scale > 0 ? scale : UIScreen.drawingScale
        let layer = CALayer()
        let capture = Capture()
        layer.delegate = capture
        let bounds = CGRect(origin: .zero, size: valid ? size : .zero)
        layer.bounds = bounds
        layer.position = CGPoint(x: bounds.midX, y: bounds.midY)
        if opaque { layer.backgroundColor = CGColor.white }
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.delegate = nil
        let context = capture.context ?? CGContext(size: bounds.size)
        // `UIGraphicsGetCurrentContext()!.makeImage()`: the same image as
        // `UIGraphicsGetImageFromCurrentImageContext()` (iOS's image contexts are bitmap contexts).
        context.imageOfRecording = { [weak layer] in
            guard MainQueue.isCurrent, let layer else { return nil }
            return MainActor.assumeIsolated { LayerRenderer(scale: s).renderCGImage(layer) }
        }
        entries.append(Entry(layer: layer, context: context, scale: s))
        CALayer.imageContextScales[ObjectIdentifier(context)] = s
        UIGraphicsPushContext(context)
    }

    static var current: Entry? {
        guard let top = entries.last, UIGraphicsGetCurrentContext() === top.context else { return nil }
        return top
    }
}

/// Opens a bitmap context of `size` points (`opaque`: filled white first; `scale` pixels per point,
/// 0 for the main screen's) and makes it current.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    ImageContextStack.begin(size: size, opaque: opaque, scale: scale == 0 ? UIScreen.drawingScale : scale)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    ImageContextStack.begin(size: size, opaque: false, scale: 1)
}

/// The image drawn so far in the current image context, or nil when the current context is
/// not an image context (or its size was invalid).
@preconcurrency @MainActor
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = ImageContextStack.current, entry.layer.bounds.width > 0 else { return nil }
    guard let cg = LayerRenderer(scale: entry.scale).renderCGImage(entry.layer) else { return nil }
    return UIImage(cgImage: cg, scale: entry.scale)
}

/// Closes the current image context (reported and ignored when the current context is not one).
@preconcurrency @MainActor
public func UIGraphicsEndImageContext() {
    guard let entry = ImageContextStack.current else {
        FlipbookDiagnostics.report("UIGraphicsEndImageContext() without a current image context; ignored.")
        return
    }
    ImageContextStack.entries.removeLast()
    CALayer.imageContextScales[ObjectIdentifier(entry.context)] = nil
    UIGraphicsPopContext()
}
