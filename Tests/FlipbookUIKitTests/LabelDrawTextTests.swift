import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// `UILabel.drawText(in:)` and `textRect(forBounds:limitedToNumberOfLines:)` overrides, the two
/// ways iOS code pads a label's text (docs/Semantics.md, "Label text placement").
@MainActor
@Suite(.freshRuntime) struct LabelDrawTextTests {
    static let insets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)

    final class DrawPadded: UILabel {
        override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: LabelDrawTextTests.insets)) }
    }

    final class RectPadded: UILabel {
        override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines n: Int) -> CGRect {
            let i = LabelDrawTextTests.insets
            let r = super.textRect(forBounds: bounds.inset(by: i), limitedToNumberOfLines: n)
            return r.inset(by: UIEdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
        }
    }

    final class Silent: UILabel {
        override func drawText(in rect: CGRect) {}
    }

    final class Recolouring: UILabel {
        var calls = 0
        override func drawText(in rect: CGRect) {
            calls += 1
            textColor = .red
            super.drawText(in: rect)
        }
    }

    /// A morphing label draws its own characters in `drawText(in:)` with the current context
    /// (and the text through `super` once the morph is over), as UIKit's `draw(_:)` calls it.
    final class SelfDrawing: UILabel {
        var drawsItself = true
        override func drawText(in rect: CGRect) {
            guard drawsItself else { return super.drawText(in: rect) }
            let ctx = UIGraphicsGetCurrentContext()!
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
    }

    @Test func anOverrideDrawsIntoTheLabelsLayerWithTheContextCurrent() throws {
        let label = SelfDrawing(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Hi"
        label.layoutIfNeeded()
        label.layer.setNeedsDisplay()
        label.layer.displayIfNeeded()
        let drawing = try #require(label.layer.drawnContent)
        #expect(drawing.commands.count == 1, "the red square")
        #expect(label.textLayer.isHidden)
        label.drawsItself = false
        label.setNeedsDisplay()
        label.layer.displayIfNeeded()
        #expect(!label.textLayer.isHidden, "the text shows once the override calls super")
    }

    @Test func anInsetRectPassedToSuperInsetsTheText() {
        let label = DrawPadded(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Hi"
        #expect(label.textLayer.bounds.width == 180)
        #expect(label.textLayer.position == CGPoint(x: 100, y: 20))
        let plain = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        plain.text = "Hi"
        #expect(plain.textLayer.bounds.width == 200)
        #expect(label.textLayer.bounds.height == plain.textLayer.bounds.height)
        #expect(!label.textLayer.isHidden)
    }

    @Test func anOverrideThatNeverCallsSuperDrawsNoText() {
        let label = Silent(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Hi"
        #expect(label.textLayer.isHidden)
    }

    @Test func aPaddedTextRectSizesTheLabel() {
        let label = RectPadded()
        label.text = "Padded"
        let plain = UILabel()
        plain.text = "Padded"
        let p = plain.intrinsicContentSize
        #expect(p.width > 0)
        #expect(label.intrinsicContentSize == CGSize(width: p.width + 20, height: p.height + 8))
        #expect(label.sizeThatFits(CGSize(width: 300, height: 100)) == label.intrinsicContentSize)
    }

    /// An override that changes the label while it draws is not asked again from inside.
    @Test func anOverrideChangingTheLabelIsNotReentered() {
        let label = Recolouring(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.calls = 0
        label.text = "Hi"
        #expect(label.calls == 1)
        #expect(label.textLayer.position == CGPoint(x: 100, y: 20))
    }
}
