import Foundation
import Testing
import Flipbook

/// Golden images of UIKit views drawn by FlipbookRender. Record with
/// `FLIPBOOK_RECORD_SNAPSHOTS=1 swift test --filter ImageGoldenTests` (never in CI). A mismatch
/// writes the actual image and a diff next to the test output and prints their paths.
@MainActor
@Suite struct ImageGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/ImageGoldenTests")

    func assertGolden(_ view: UIView, named name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(view.layer)
        let url = Self.directory.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["FLIPBOOK_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try image.write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url), let golden = ImageDecoder.decode(data: data) else {
            Issue.record("No golden image at \(url.path); record with FLIPBOOK_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        let actual = image.premultipliedPixels
        var worst = 0
        var diff = [UInt8](repeating: 0, count: actual.count)
        if golden.width == image.width && golden.height == image.height {
            for i in 0..<actual.count {
                let d = abs(Int(actual[i]) - Int(golden.pixels[i]))
                worst = max(worst, d)
                diff[i] = i % 4 == 3 ? 255 : UInt8(min(255, d * 8))
            }
        } else {
            worst = Int.max
        }
        if worst > tolerance {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-uikit-goldens")
            try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let actualURL = out.appendingPathComponent("\(name)-actual.png")
            let diffURL = out.appendingPathComponent("\(name)-diff.png")
            try? image.write(to: actualURL)
            try? RenderedImage(width: image.width, height: image.height, premultipliedPixels: diff)?.write(to: diffURL)
            Issue.record(
                "\(name): differs from the golden by \(worst) (tolerance \(tolerance)); actual: \(actualURL.path), diff: \(diffURL.path)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func label() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
        label.backgroundColor = .systemGray6
        label.text = "Flipbook"
        label.font = .boldSystemFont(ofSize: 24)
        label.textColor = .systemIndigo
        label.textAlignment = .center
        try assertGolden(label, named: "label")
    }

    @Test func multilineLabelTruncates() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 50))
        label.backgroundColor = .white
        label.numberOfLines = 2
        label.font = .systemFont(ofSize: 14)
        label.text = "A card flips over and zooms to fill the screen"
        try assertGolden(label, named: "label-two-lines")
    }

    @Test func button() throws {
        let button = UIButton(type: .system)
        button.setTitle("Present", for: .normal)
        button.backgroundColor = .white
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        try assertGolden(button, named: "button-system")
        var config = UIButton.Configuration.filled()
        config.title = "Dismiss"
        config.baseBackgroundColor = .systemRed
        config.cornerStyle = .capsule
        let filled = UIButton(configuration: config)
        filled.frame = CGRect(origin: .zero, size: filled.intrinsicContentSize)
        try assertGolden(filled, named: "button-filled")
    }

    @Test func imageView() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { ctx in
            UIColor.systemOrange.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.systemTeal.setFill()
            ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        }
        let view = UIImageView(image: image)
        #expect(view.frame.size == CGSize(width: 20, height: 10))
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        view.backgroundColor = .systemGray5
        view.contentMode = .scaleAspectFit
        try assertGolden(view, named: "imageview-aspect-fit")
        view.contentMode = .scaleToFill
        try assertGolden(view, named: "imageview-fill")
    }
}
