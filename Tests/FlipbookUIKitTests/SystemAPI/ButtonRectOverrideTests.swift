import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// A swipe-action button that stacks its image above its title by overriding UIButton's
/// layout rectangles, as a swipeable-cell library does.
@MainActor private final class StackedButton: UIButton {
    var asked: [String] = []
    override func contentRect(forBounds bounds: CGRect) -> CGRect {
        asked.append("content")
        return bounds.insetBy(dx: 5, dy: 5)
    }
    override func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        asked.append("image")
        return CGRect(x: contentRect.midX - 10, y: contentRect.minY, width: 20, height: 20)
    }
    override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        asked.append("title")
        let size = (currentTitle ?? "").boundingRect(
            with: contentRect.size, options: [.usesLineFragmentOrigin], attributes: [.font: titleLabel!.font!], context: nil
        ).integral.size
        return CGRect(x: contentRect.midX - size.width / 2, y: contentRect.minY + 28, width: size.width, height: size.height)
    }
    override func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 10, dy: 10) }
}

@Suite(.freshRuntime) @MainActor struct ButtonRectOverrideTests {
    private func swatch(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
            color.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    @Test func theDefaultRectanglesAreTheLayoutsFrames() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.setTitle("Archive", for: .normal)
        button.setImage(swatch(.red), for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 20)
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: -4, bottom: 0, right: 4)
        button.layoutIfNeeded()
        let content = button.contentRect(forBounds: button.bounds)
        #expect(content == CGRect(x: 10, y: 4, width: 170, height: 50))
        #expect(button.backgroundRect(forBounds: button.bounds) == button.bounds)
        #expect(button.imageRect(forContentRect: content) == button.imageView?.frame)
        #expect(button.titleRect(forContentRect: content) == button.titleLabel?.frame)
        // The image sits before the title, the pair centred in the content rectangle.
        let image = button.imageRect(forContentRect: content), title = button.titleRect(forContentRect: content)
        #expect(image.maxX + 4 == title.minX)             // moved 4 points left by its insets
        #expect(abs((image.minX + 4 + title.maxX) / 2 - content.midX) < 0.01)
        // No image: a zero rectangle.
        let plain = UIButton(type: .system)
        plain.setTitle("Only", for: .normal)
        plain.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        #expect(plain.imageRect(forContentRect: plain.bounds).size == .zero)
    }

    @Test func aSubclassMovesItsTitleImageAndBackground() {
        let button = StackedButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        button.titleLabel?.font = .systemFont(ofSize: 15, weight: .medium)
        button.setTitle("Delete", for: .normal)
        button.setImage(swatch(.white), for: .normal)
        button.setBackgroundImage(swatch(.blue), for: .normal)
        button.asked = []
        button.setNeedsLayout()
        button.layoutIfNeeded()
        #expect(button.asked.prefix(3) == ["content", "image", "title"])
        #expect(button.imageView?.frame == CGRect(x: 50, y: 5, width: 20, height: 20))
        let title = button.titleLabel!.frame
        #expect(title.minY == 33 && abs(title.midX - 60) <= 0.5)
        // The background image fills the background rectangle, not the bounds.
        let image = LayerRenderer(scale: 1).render(button.layer)
        let inside = image.pixel(x: 15, y: 60)
        #expect(inside.b > 200 && inside.r < 40)
        let outside = image.pixel(x: 5, y: 5)
        #expect(outside.a == 0)
        // Back to the bounds: the layer's contents again.
        button.setBackgroundImage(nil, for: .normal)
        button.layoutIfNeeded()
        #expect(button.layer.contents == nil)
    }

    @Test func stringsMeasureAndDrawLikeNSString() {
        let font = UIFont.systemFont(ofSize: 15)
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.red]
        let text = "Flag this message"
        let fromString = text.boundingRect(
            with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), options: [.usesLineFragmentOrigin],
            attributes: attributes, context: nil)
        let fromNSString = (text as NSString).boundingRect(
            with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), options: [.usesLineFragmentOrigin],
            attributes: attributes, context: nil)
        let fromAttributed = NSAttributedString(string: text, attributes: attributes).boundingRect(
            with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), options: [.usesLineFragmentOrigin], context: nil)
        #expect(fromString == fromNSString && fromString == fromAttributed)
        #expect(fromString.width <= 60 && fromString.height > font.lineHeight * 1.5, "wrapped")
        let oneLine = text.size(withAttributes: attributes)
        #expect(oneLine == (text as NSString).size(withAttributes: attributes))
        #expect(oneLine == NSAttributedString(string: text, attributes: attributes).size())
        #expect(oneLine.width > 60 && oneLine.height < fromString.height)
        #expect("".size(withAttributes: attributes) == .zero)
        let context = NSStringDrawingContext()
        _ = text.boundingRect(with: .zero, options: [], attributes: nil, context: context)
        #expect(context.totalBounds.size == text.size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)]))

        // Drawing: red text in the rectangle, nothing outside it.
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 40)).image { _ in
            text.draw(at: CGPoint(x: 4, y: 2), withAttributes: attributes)
            ("Second" as NSString).draw(in: CGRect(x: 4, y: 22, width: 100, height: 18), withAttributes: [.font: font])
        }
        let shown = UIImageView(image: image)
        shown.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        let rendered = LayerRenderer(scale: 1).render(shown.layer)
        var red = 0, black = 0
        for y in 0..<rendered.height {
            for x in 0..<rendered.width {
                let p = rendered.pixel(x: x, y: y)
                guard p.a > 200 else { continue }
                if p.r > 200 && p.g < 60 { red += 1 }
                if p.r < 40 && p.g < 40 && p.b < 40 { black += 1 }
            }
        }
        #expect(red > 20 && black > 20)
        let reports = FlipbookDiagnostics.capture {
            UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
                text.draw(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), withAttributes: attributes)
            }
        }
        #expect(reports.count == 1)
    }
}
