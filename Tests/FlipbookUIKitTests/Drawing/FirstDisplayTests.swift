import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry
import FlipbookRender

/// "This method is called when a view is first displayed" (`draw(_:)`): a view overriding it
/// draws at its first commit without `setNeedsDisplay()`, at the size it has by then, and only
/// again when asked (docs/Semantics.md, "Drawing").
@Suite(.freshRuntime) @MainActor struct FirstDisplayTests {
    final class Swatch: UIView {
        var color: UIColor = .orange
        var draws = 0
        override func draw(_ rect: CGRect) {
            super.draw(rect)
            draws += 1
            color.setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
    }

    @Test func aViewDrawsWhenFirstDisplayedAtItsSizeThenAndAgainOnlyWhenAsked() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.makeKeyAndVisible()
        let sized = Swatch(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let late = Swatch(frame: .zero)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(sized)
        window.addSubview(late)
        window.addSubview(plain)
        late.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        #expect(sized.draws == 0, "nothing draws before the commit")
        MediaClock.main.advanceFrames(1)
        #expect(sized.draws == 1 && late.draws == 1)
        #expect(late.layer.drawnContent?.size == CGSize(width: 100, height: 100), "drawn at the size it had at the commit")
        #expect(plain.layer.drawnContent == nil, "a view that draws nothing keeps no content")
        let image = LayerRenderer(scale: 1).render(window.layer)
        #expect(image.pixel(x: 50, y: 50) == image.pixel(x: 150, y: 50))
        #expect(image.pixel(x: 50, y: 50).r == 255 && image.pixel(x: 50, y: 50).b == 0)

        MediaClock.main.advanceFrames(3)
        late.frame.size.width = 50
        MediaClock.main.advanceFrames(1)
        #expect(sized.draws == 1 && late.draws == 1, "not again without setNeedsDisplay (contentMode is not .redraw)")
        sized.color = .blue
        sized.setNeedsDisplay()
        MediaClock.main.advanceFrames(1)
        #expect(sized.draws == 2)
    }
}
