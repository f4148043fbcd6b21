import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookUIKit

@MainActor
@Suite(.freshRuntime) struct ViewSnapshotTests {
    @Test func snapshotKeepsWhatTheViewShowedThen() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.backgroundColor = .red
        let snapshot = try #require(view.snapshotView(afterScreenUpdates: true))
        view.backgroundColor = .blue
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(snapshot.bounds.size == CGSize(width: 40, height: 20))
        let image = try #require(snapshot.layer.contents as? CGImage)
        let scale = Int(UIScreen.main.scale)
        #expect(image.width == 40 * scale && image.height == 20 * scale)
        let px = Array(image.pixels[0..<4])
        #expect(px == [255, 0, 0, 255])
        // Rendering the snapshot view shows red, not the original's new blue.
        let rendered = LayerRenderer(scale: 1).render(snapshot.layer)
        #expect(rendered.pixel(x: 20, y: 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func drawRecordsIntoTheCurrentContext() throws {
        final class Dot: UIView {
            var calls = 0
            override func draw(_ rect: CGRect) {
                calls += 1
                guard let ctx = UIGraphicsGetCurrentContext() else { return }
                ctx.setFillColor(UIColor.green.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: rect.width / 2, height: rect.height))
            }
        }
        let dot = Dot(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        dot.setNeedsDisplay()
        dot.layer.displayIfNeeded()
        #expect(dot.calls == 1)
        #expect(UIGraphicsGetCurrentContext() == nil)
        let image = LayerRenderer(scale: 1).render(dot.layer)
        #expect(image.pixel(x: 2, y: 5) == RGBA(r: 0, g: 255, b: 0, a: 255))
        #expect(image.pixel(x: 17, y: 5).a == 0)
        let image3 = LayerRenderer(scale: 3).render(dot.layer)
        #expect(image3.pixel(x: 6, y: 15) == RGBA(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func imageRendererDrawsClosures() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10))
        let image = renderer.image { ctx in
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        }
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(image.scale == UIScreen.main.scale)
        let cg = try #require(image.cgImage)
        #expect(Array(cg.pixels[0..<4]) == [0, 0, 255, 255])
        let bottom = (cg.height - 1) * cg.bytesPerRow
        #expect(cg.pixels[bottom + 3] == 0)
        let png = try #require(image.pngData())
        let round = try #require(UIImage(data: png))
        #expect(round.cgImage?.width == cg.width)
    }
}

@Suite(.freshRuntime) @MainActor
struct ResizableSnapshotTests {
    @Test func aResizableSnapshotShowsThePartAsked() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.backgroundColor = .white
        let red = UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        red.backgroundColor = .red
        view.addSubview(red)
        let part = view.resizableSnapshotView(from: CGRect(x: 50, y: 10, width: 50, height: 20), afterScreenUpdates: true, withCapInsets: .zero)
        #expect(part?.bounds.size == CGSize(width: 50, height: 20))
        #expect(part?.layer.contentsRect == CGRect(x: 0.5, y: 0.2, width: 0.5, height: 0.4))
        let capped = view.resizableSnapshotView(
            from: CGRect(x: 0, y: 0, width: 100, height: 50), afterScreenUpdates: false,
            withCapInsets: UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        #expect(capped?.layer.contentsCenter == CGRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6))
        let image = part.map { LayerRenderer(scale: 1).render($0.layer) }
        // Only the red half was asked for.
        #expect(image?.pixel(x: 25, y: 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func anEmptyOrOutsideRectIsReportedAndGivesNil() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let messages = FlipbookDiagnostics.capture {
            #expect(view.resizableSnapshotView(from: CGRect(x: 200, y: 0, width: 10, height: 10), afterScreenUpdates: false, withCapInsets: .zero) == nil)
            #expect(view.resizableSnapshotView(from: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), afterScreenUpdates: false, withCapInsets: .zero) == nil)
        }
        #expect(messages.count == 2 && messages.allSatisfy { $0.contains("resizableSnapshotView") })
    }
}
