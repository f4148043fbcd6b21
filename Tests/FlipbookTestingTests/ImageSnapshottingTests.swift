import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// A 60 × 40 view: a red bar over a blue one, a rounded green square on the right.
@MainActor
func makeSwatch() -> UIView {
    let view = UIView(frame: CGRect(x: 30, y: 50, width: 60, height: 40))
    view.backgroundColor = .white
    let red = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
    red.backgroundColor = .red
    let blue = UIView(frame: CGRect(x: 0, y: 20, width: 30, height: 20))
    blue.backgroundColor = .blue
    let green = UIView(frame: CGRect(x: 36, y: 8, width: 20, height: 20))
    green.backgroundColor = .green
    green.layer.cornerRadius = 6
    for v in [red, blue, green] { view.addSubview(v) }
    return view
}

@Suite(.freshRuntime, .snapshots(record: snapshotRecording))
@MainActor
struct ImageSnapshottingTests {
    @Test func viewOutsideAWindowIsDrawnAlone() {
        assertSnapshot(of: makeSwatch(), as: .image, named: "swatch")
    }

    @Test func scaleSetsThePixelSize() {
        let renderer = Snapshotting<UIView, RenderedImage>.image(scale: 3)
        var image: RenderedImage?
        renderer.snapshot(makeSwatch()).run { image = $0 }
        #expect(image?.width == 180 && image?.height == 120)
        // Top-left is red, bottom-left blue, right of the bars white.
        #expect(image?.pixel(x: 10, y: 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(image?.pixel(x: 10, y: 100) == RGBA(r: 0, g: 0, b: 255, a: 255))
        #expect(image?.pixel(x: 95, y: 110) == RGBA(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func layerTreeIsDrawnAtItsBounds() {
        assertSnapshot(of: makeSwatch().layer, as: .image(scale: 1), named: "swatch-layer")
    }

    @Test func viewInAWindowIsDrawnAfterItsWindowIsLaidOut() {
        let root = UIViewController(nibName: nil, bundle: nil)
        let driver = AppDriver(rootViewController: root)
        let swatch = makeSwatch()
        root.view.addSubview(swatch)
        // The window's layout pass runs before drawing: an Auto Layout width is applied.
        swatch.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            swatch.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 10),
            swatch.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 10),
            swatch.widthAnchor.constraint(equalToConstant: 80),
            swatch.heightAnchor.constraint(equalToConstant: 40),
        ])
        var image: RenderedImage?
        Snapshotting<UIView, RenderedImage>.image(scale: 1).snapshot(swatch).run { image = $0 }
        #expect(image?.width == 80 && image?.height == 40)
        _ = driver
    }

    @Test func viewControllerWithoutAWindowGetsTheScreenSize() {
        let controller = HomeViewController()
        var image: RenderedImage?
        Snapshotting<UIViewController, RenderedImage>.image(scale: 1).snapshot(controller).run { image = $0 }
        #expect(image?.width == 393 && image?.height == 852)
        #expect(image?.pixel(x: 200, y: 400) == RGBA(r: 48, g: 176, b: 199, a: 255))
    }

    @Test func animatedViewIsDrawnAtTheClocksTime() {
        let view = makeSwatch()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        MediaClock.main.advance(by: 0.5)
        assertSnapshot(of: view, as: .image(scale: 1, tolerance: 1), named: "half-faded")
    }

    /// A mismatch through the library: it writes the new image to its artifacts folder, the
    /// diffing writes the diff beside it and names it in the message.
    @Test func mismatchWritesTheNewImageAndADiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-testing-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let view = makeSwatch()
        let recorded = verifySnapshot(
            of: view, as: .image(scale: 1), named: "swatch", record: .all, snapshotDirectory: folder.path)
        #expect(recorded?.contains("Record mode is on") == true)
        #expect(verifySnapshot(of: view, as: .image(scale: 1), named: "swatch", record: .never, snapshotDirectory: folder.path) == nil)
        view.subviews[2].backgroundColor = .yellow
        let failure = try #require(
            verifySnapshot(of: view, as: .image(scale: 1), named: "swatch", record: .never, snapshotDirectory: folder.path))
        #expect(failure.contains("pixels (") && failure.contains("differ by more than 0"))
        let diffPath = try #require(failure.components(separatedBy: "Diff image: ").last?.components(separatedBy: "\n").first)
        #expect(FileManager.default.fileExists(atPath: diffPath))
        try? FileManager.default.removeItem(atPath: diffPath)
    }

    @Test func filmstripLaysFramesLeftToRight() {
        let a = RenderedImage(width: 2, height: 1, premultipliedPixels: [255, 0, 0, 255, 255, 0, 0, 255])!
        let b = RenderedImage(width: 1, height: 2, premultipliedPixels: [0, 0, 255, 255, 0, 0, 255, 255])!
        let strip = RenderedImage.filmstrip([a, b])
        #expect(strip?.width == 3 && strip?.height == 2)
        #expect(strip?.pixel(x: 1, y: 0) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(strip?.pixel(x: 1, y: 1) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(strip?.pixel(x: 2, y: 1) == RGBA(r: 0, g: 0, b: 255, a: 255))
        #expect(RenderedImage.filmstrip([]) == nil)
    }

    @Test func filmstripOfNoTimesIsOneTransparentPixel() {
        let driver = AppDriver(rootViewController: HomeViewController())
        var image: RenderedImage?
        Snapshotting<AppDriver, RenderedImage>.filmstrip(at: []).snapshot(driver).run { image = $0 }
        #expect(image?.width == 1 && image?.height == 1 && image?.pixel(x: 0, y: 0).a == 0)
    }
}

/// The PNG diffing on its own: tolerance, pixel fraction, sizes, the diff image.
@Suite(.freshRuntime)
struct ImageDiffingTests {
    /// A `width` × 1 image of grey `value`, with the first `changed` pixels at `value + delta`.
    func strip(width: Int = 10, value: UInt8 = 100, changed: Int = 0, delta: Int = 0) -> RenderedImage {
        var pixels: [UInt8] = []
        for x in 0..<width {
            let v = UInt8(Int(value) + (x < changed ? delta : 0))
            pixels += [v, v, v, 255]
        }
        return RenderedImage(width: width, height: 1, premultipliedPixels: pixels)!
    }

    @Test func pngRoundTripKeepsPixels() {
        let diffing = Diffing<RenderedImage>.image()
        let image = strip(changed: 3, delta: 7)
        #expect(diffing.fromData(diffing.toData(image)) == image)
    }

    @Test func equalImagesMatch() {
        #expect(Diffing<RenderedImage>.image().diffV2(strip(), strip()) == nil)
    }

    @Test func channelToleranceAllowsSmallDifferences() {
        let changed = strip(changed: 10, delta: 2)
        #expect(Diffing<RenderedImage>.image(tolerance: 2).diffV2(strip(), changed) == nil)
        let failure = Diffing<RenderedImage>.image(tolerance: 1).diffV2(strip(), changed)
        #expect(failure?.0.hasPrefix("10 of 10 pixels (100.000%) differ by more than 1 (worst 2)") == true)
    }

    @Test func pixelFractionAllowsAFewPixels() {
        let changed = strip(changed: 1, delta: 50)
        #expect(Diffing<RenderedImage>.image(pixelFraction: 0.1).diffV2(strip(), changed) == nil)
        #expect(Diffing<RenderedImage>.image(pixelFraction: 0.05).diffV2(strip(), changed) != nil)
    }

    @Test func differentSizesNeverMatchAndTheDiffImageIsWritten() throws {
        let failure = try #require(Diffing<RenderedImage>.image(pixelFraction: 1).diffV2(strip(width: 10), strip(width: 12)))
        #expect(failure.0.hasPrefix("The new image is 12×1 pixels, the reference 10×1."))
        let path = try #require(failure.0.components(separatedBy: "Diff image: ").last)
        let diff = try #require(ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path)))
        // The union of both sizes: red in the two columns only the new image has.
        #expect(diff.width == 12 && diff.height == 1)
        #expect(Array(diff.pixels[44..<48]) == [255, 0, 0, 255])
        #expect(Array(diff.pixels[0..<4]) == [25, 25, 25, 255])
        try? FileManager.default.removeItem(atPath: path)
    }
}
