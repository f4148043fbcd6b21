import Foundation
import Flipbook
import Testing

// Image strategies for swift-snapshot-testing, drawn by Flipbook's `LayerRenderer`.
//
//     assertSnapshot(of: view, as: .image)                    // 2 pixels per point, exact
//     assertSnapshot(of: layer, as: .image(scale: 1))
//     assertSnapshot(of: viewController, as: .image(tolerance: 2, pixelFraction: 0.001))
//     assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.25, 0.5], scale: 1))
//
// The format is a `RenderedImage`, stored as PNG (`__Snapshots__/<file>/<test>.<n>.png` beside
// the test file, as the library names references). Drawing reads presentation values at
// `MediaClock.main`'s current time, so a snapshot taken mid-animation shows that instant.

extension Snapshotting where Value == UIView, Format == RenderedImage {
    /// The view drawn at 2 pixels per point, compared exactly.
    @preconcurrency @MainActor public static var image: Self { .image() }

    /// The view drawn at `scale` pixels per point.
    ///
    /// A view in a window is drawn after its window is laid out; a view not in a window is
    /// laid out and drawn alone. Either way the image is the view's bounds (its own position
    /// and transform are ignored, as for the root of a screen).
    ///
    /// - Parameters:
    ///   - scale: pixels per point (2 by default).
    ///   - tolerance: the largest per-channel difference (0…255) for which two pixels count as equal.
    ///   - pixelFraction: the fraction of pixels (0…1) that may differ by more than `tolerance`.
    @preconcurrency @MainActor public static func image(scale: CGFloat = 2, tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { view in
            MainActor.assumeIsolated { SnapshotDrawing.draw(view, scale: scale) }
        }
    }
}

extension Snapshotting where Value == CALayer, Format == RenderedImage {
    /// The layer tree drawn at 2 pixels per point, compared exactly.
    @preconcurrency @MainActor public static var image: Self { .image() }

    /// The layer tree drawn at `scale` pixels per point (its bounds; its own position and
    /// transform ignored). Parameters as for `UIView`'s `image(scale:tolerance:pixelFraction:)`.
    @preconcurrency @MainActor public static func image(scale: CGFloat = 2, tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { layer in
            MainActor.assumeIsolated {
                layer.layoutIfNeeded()
                layer.displayTreeIfNeeded()  // a tree in no window has its drawing still to do
                return LayerRenderer(scale: scale).render(layer)
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == RenderedImage {
    /// The view controller's view drawn at 2 pixels per point, compared exactly.
    @preconcurrency @MainActor public static var image: Self { .image() }

    /// The view controller's view drawn at `scale` pixels per point. The view is loaded if it
    /// was not; a view that is in no window and has no size yet is given `UIScreen.main`'s
    /// bounds (an iPhone 15) first. Parameters as for `UIView`'s `image(scale:tolerance:pixelFraction:)`.
    @preconcurrency @MainActor public static func image(scale: CGFloat = 2, tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) {
            controller in
            MainActor.assumeIsolated {
                controller.loadViewIfNeeded()
                let view = controller.view!
                if view.window == nil, view.bounds.isEmpty { view.frame = UIScreen.main.bounds }
                return SnapshotDrawing.draw(view, scale: scale)
            }
        }
    }
}

extension Snapshotting where Value == AppDriver, Format == RenderedImage {
    /// The driver's window as it looks now, at 2 pixels per point, compared exactly.
    @preconcurrency @MainActor public static var image: Self { .image() }

    /// The driver's window as it looks now (`AppDriver.render(scale:)`).
    @preconcurrency @MainActor public static func image(scale: CGFloat = 2, tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { driver in
            MainActor.assumeIsolated { driver.render(scale: scale) }
        }
    }

    /// The driver's window at each driver time in `times` (seconds since the driver was created,
    /// ascending), laid left to right in one image: a contact sheet of the transition.
    ///
    /// Taking the snapshot advances the clock (`AppDriver.renderFrames(at:scale:)`): scripted
    /// steps (`driver.at(_:_:)`) run on the way. A time already past is drawn as the window
    /// looks now. No times give a 1 × 1 transparent image.
    @preconcurrency @MainActor public static func filmstrip(
        at times: [CFTimeInterval], scale: CGFloat = 1, tolerance: Int = 0, pixelFraction: Double = 0
    ) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { driver in
            MainActor.assumeIsolated {
                RenderedImage.filmstrip(driver.renderFrames(at: times, scale: scale)) ?? SnapshotDrawing.empty
            }
        }
    }
}

extension Snapshotting where Value == AppDriver, Format == RenderedImage {
    /// A transition as a contact sheet: runs `transition` with the driver on the next frame,
    /// then draws the window at each of `times` (seconds after that frame, ascending), left to
    /// right in one image.
    ///
    /// The closure is anything a test does to the app: a present or dismiss, a push or pop, a
    /// tab switch, or touches (`driver.drag(from:to:duration:)`, `driver.tap(_:)`), which,
    /// since the closure runs inside a frame, play out on the following frames while the
    /// frames are drawn:
    ///
    /// ```swift
    /// assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.1, 0.2, 0.4]) { _ in nav.pushViewController(detail, animated: true) })
    /// assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.15, 0.3]) { driver in
    ///     driver.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.3)   // an edge-swipe pop
    /// })
    /// ```
    @preconcurrency @MainActor public static func filmstrip(
        at times: [CFTimeInterval], scale: CGFloat = 1, tolerance: Int = 0, pixelFraction: Double = 0,
        of transition: @escaping @MainActor (AppDriver) -> Void
    ) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { driver in
            MainActor.assumeIsolated {
                let start = driver.time + MediaClock.main.frameDuration
                driver.at(start) { transition(driver) }
                let frames = driver.renderFrames(at: times.map { start + $0 }, scale: scale)
                return RenderedImage.filmstrip(frames) ?? SnapshotDrawing.empty
            }
        }
    }
}

extension RenderedImage {
    /// `frames` laid left to right in one image, top-aligned; the strip is as tall as the
    /// tallest frame, transparent below shorter ones. Nil when there are no frames.
    public static func filmstrip(_ frames: [RenderedImage]) -> RenderedImage? {
        guard !frames.isEmpty else { return nil }
        let width = frames.reduce(0) { $0 + $1.width }, height = frames.map(\.height).max()!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var left = 0
        for frame in frames {
            let row = frame.width * 4
            for y in 0..<frame.height {
                let dst = (y * width + left) * 4
                pixels.replaceSubrange(dst..<(dst + row), with: frame.premultipliedPixels[(y * row)..<((y + 1) * row)])
            }
            left += frame.width
        }
        return RenderedImage(width: width, height: height, premultipliedPixels: pixels)
    }
}

extension Diffing where Value == RenderedImage {
    /// Images stored as PNG and compared by decoded pixels.
    ///
    /// Two pixels count as equal when none of their four (premultiplied) channels differs by
    /// more than `tolerance` (0…255); the images match when they have the same size and at most
    /// `pixelFraction` (0…1) of their pixels differ. The new image is compared as a PNG round
    /// trip would give it back, as the reference went through one (computed per pixel, without
    /// encoding it). On a mismatch the library writes the new image to its artifacts folder
    /// (`SNAPSHOT_ARTIFACTS`, else the temporary folder); this writes a diff image beside it
    /// (red where pixels differ, a darkened copy of the new image elsewhere) and names both in
    /// the failure message.
    ///
    /// Equal images cost reading the reference and one byte comparison; only a mismatch pays for
    /// the difference image (docs/Testing.md, "Comparing fast"). A reference that is not a
    /// readable PNG, a negative `tolerance` and a negative or NaN `pixelFraction` fail with a
    /// message saying so.
    public static func image(tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        .diff(
            toData: { $0.pngData() },
            fromData: { ImageComparison.readReference($0) },
            diffV2: { reference, actual in
                ImageComparison.failure(reference: reference, actual: actual, tolerance: tolerance, pixelFraction: pixelFraction)
            })
    }

    /// The comparison as it was before the fast path, kept as the reference the tests hold
    /// `image(tolerance:pixelFraction:)` to: cairo decodes the reference, the new image goes
    /// through a real PNG round trip, and the pixels are compared one by one in Swift.
    /// (Public to the benchmarks only.)
    @_spi(Benchmarks) public static func referenceImage(tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        .diff(
            toData: { $0.pngData() },
            fromData: { ImageComparison.decodeWithCairo($0) ?? SnapshotDrawing.empty },
            diffV2: { reference, actual in
                let comparison = ImageComparison(
                    reference: reference, actual: ImageComparison.decodeWithCairo(actual.pngData()) ?? actual, tolerance: tolerance)
                guard comparison.sizesDiffer || comparison.fraction > pixelFraction else { return nil }
                return ImageComparison.report(comparison, reference: reference, actual: actual, tolerance: tolerance, pixelFraction: pixelFraction)
            })
    }
}

/// Drawing views for snapshots.
enum SnapshotDrawing {
    static let empty = RenderedImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0])!

    @preconcurrency @MainActor static func draw(_ view: UIView, scale: CGFloat) -> RenderedImage {
        if let window = view.window { window.layoutIfNeeded() } else { view.layoutIfNeeded() }
        view.layer.displayTreeIfNeeded()  // a view in no window has its drawing still to do
        return LayerRenderer(scale: scale).render(view.layer)
    }
}

/// One comparison of a new image with its reference: the one pixel comparison of the package,
/// used by the snapshot strategies and by the package's own golden images (TestSupport).
///
/// `init(reference:actual:tolerance:)` is the reference implementation, one pixel at a time in
/// Swift; the snapshot strategies use `init(reference:rendered:tolerance:)` and
/// `count(reference:rendered:tolerance:)`, the same results computed in C
/// (ImageComparison+Fast.swift).
package struct ImageComparison {
    package var sizesDiffer: Bool
    /// Pixels that differ by more than the tolerance (all of the union when the sizes differ).
    package var differing = 0
    package var fraction: Double
    /// The largest channel difference seen.
    package var worst = 0
    /// Red where the images differ (or only one has pixels), a darkened new image elsewhere.
    package var diff: RenderedImage

    /// A comparison of images `diff`'s size with these counts.
    init(sizesDiffer: Bool, differing: Int, worst: Int, diff: RenderedImage) {
        self.sizesDiffer = sizesDiffer
        self.differing = differing
        self.worst = worst
        self.fraction = Double(differing) / Double(max(1, diff.width * diff.height))
        self.diff = diff
    }

    package init(reference: RenderedImage, actual: RenderedImage, tolerance: Int) {
        sizesDiffer = reference.width != actual.width || reference.height != actual.height
        let w = max(reference.width, actual.width), h = max(reference.height, actual.height)
        let a = actual.premultipliedPixels, r = reference.premultipliedPixels
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let k = (y * w + x) * 4
                out[k + 3] = 255
                guard x < actual.width, y < actual.height, x < reference.width, y < reference.height else {
                    out[k] = 255
                    differing += 1
                    continue
                }
                let ka = (y * actual.width + x) * 4, kr = (y * reference.width + x) * 4
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(a[ka + c]) - Int(r[kr + c]))) }
                worst = max(worst, d)
                if d > tolerance {
                    out[k] = 255
                    differing += 1
                } else {
                    for c in 0..<3 { out[k + c] = a[ka + c] / 4 }
                }
            }
        }
        fraction = Double(differing) / Double(max(1, w * h))
        diff = RenderedImage(width: w, height: h, premultipliedPixels: out)!
    }

    /// A PNG decoded to premultiplied pixels: by FlipbookTesting's own reader when it is a
    /// PNG of the kind Flipbook writes, else by cairo (the same pixels either way, tested).
    package static func decode(_ data: Data) -> RenderedImage? {
        if case .success(let image) = read(data) { return image }
        return nil
    }

    /// A PNG decoded by cairo (libpng), as every reference was before the fast reader.
    package static func decodeWithCairo(_ data: Data) -> RenderedImage? {
        guard let image = ImageDecoder.decode(data: data) else { return nil }
        return RenderedImage(width: image.width, height: image.height, premultipliedPixels: image.pixels)
    }

    /// Writes a diff image to `$SNAPSHOT_ARTIFACTS/FlipbookTesting/` (else the temporary
    /// folder's), named after the running test; returns its path.
    static func writeDiff(_ data: Data) -> String {
        let folder = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true
        ).appendingPathComponent("FlipbookTesting")
        let test = (Test.current?.name ?? "snapshot").filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let url = folder.appendingPathComponent("\(test)-\(UUID().uuidString.prefix(8)).diff.png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            return "(could not write \(url.path): \(error))"
        }
        return url.path
    }
}
