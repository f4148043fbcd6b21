import Foundation
import Testing
import TestSupport
import Flipbook

/// Golden images of UIKit views drawn by FlipbookRender. Record with
/// `FLIPBOOK_RECORD_SNAPSHOTS=1 swift test --filter ImageGoldenTests` (never in CI). A mismatch
/// writes the actual image and a diff next to the test output and prints their paths.
@MainActor
@Suite(.freshRuntime) struct ImageGoldenTests {
    func assertGolden(_ view: UIView, named name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws {
        view.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(view.layer)
        GoldenImage.assert(
            image, named: "ImageGoldenTests/\(name)", tolerance: .init(channel: tolerance, pixelFraction: 0),
            sourceLocation: sourceLocation)
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
