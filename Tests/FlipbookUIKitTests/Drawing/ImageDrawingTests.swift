import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// `UIImage.draw(in:)`/`draw(at:)` with blend modes and alpha, `CGContext.setBlendMode`,
/// `interpolationQuality` and `UIRectFillUsingBlendMode` (Drawing/UIImage+Drawing.swift), read
/// back pixel by pixel from images made at scale 1.
@Suite(.freshRuntime) @MainActor struct ImageDrawingTests {
    static func renderer(_ width: CGFloat, _ height: CGFloat) -> UIGraphicsImageRenderer {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
    }

    /// Premultiplied RGBA at (x, y).
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        guard let cg = image.cgImage else { return [] }
        let i = (y * cg.width + x) * 4
        return Array(cg.pixels[i..<(i + 4)])
    }

    /// Red above, blue below, 2 × 2 pixels.
    static let twoRows = renderer(2, 2).image { ctx in
        UIColor.red.setFill()
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        UIColor.blue.setFill()
        ctx.fill(CGRect(x: 0, y: 1, width: 2, height: 1))
    }

    @Test func drawInRectIsUprightAndScaled() {
        let out = Self.renderer(4, 6).image { ctx in
            ctx.cgContext.interpolationQuality = .none
            Self.twoRows.draw(in: CGRect(x: 0, y: 2, width: 4, height: 4))
        }
        #expect(Self.pixel(out, 0, 0) == [0, 0, 0, 0], "above the rect: untouched")
        #expect(Self.pixel(out, 0, 2) == [255, 0, 0, 255])
        #expect(Self.pixel(out, 3, 3) == [255, 0, 0, 255])
        #expect(Self.pixel(out, 0, 4) == [0, 0, 255, 255])
        #expect(Self.pixel(out, 3, 5) == [0, 0, 255, 255])
    }

    @Test func drawAtUsesThePointSizeAndAlpha() {
        let out = Self.renderer(4, 4).image { _ in
            Self.twoRows.draw(at: CGPoint(x: 1, y: 1), blendMode: .normal, alpha: 0.5)
        }
        #expect(Self.pixel(out, 0, 0) == [0, 0, 0, 0])
        let red = Self.pixel(out, 1, 1)
        #expect(red[0] >= 126 && red[0] <= 129 && red[3] >= 126 && red[3] <= 129, "\(red)")
        #expect(Self.pixel(out, 3, 3) == [0, 0, 0, 0], "2 × 2 points from (1, 1)")
    }

    @Test func blendModesCombineWithTheDestination() {
        let out = Self.renderer(3, 1).image { ctx in
            UIColor(white: 0.5, alpha: 1).setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
            UIColor.red.setFill()
            UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 1, height: 1), .multiply)
            UIRectFillUsingBlendMode(CGRect(x: 1, y: 0, width: 1, height: 1), .clear)
            ctx.cgContext.setBlendMode(.screen)
            ctx.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        let multiplied = Self.pixel(out, 0, 0)
        #expect(multiplied[1] == 0 && multiplied[2] == 0 && multiplied[3] == 255 && abs(Int(multiplied[0]) - 128) <= 1, "\(multiplied)")
        #expect(Self.pixel(out, 1, 0) == [0, 0, 0, 0])
        let screened = Self.pixel(out, 2, 0)
        #expect(screened[0] == 255 && abs(Int(screened[1]) - 128) <= 1 && screened[3] == 255, "\(screened)")
    }

    /// The blend mode lasts for the one `draw` call: what follows draws normally.
    @Test func drawRestoresTheContextsBlendModeAndAlpha() {
        _ = Self.renderer(2, 2).image { ctx in
            Self.twoRows.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2), blendMode: .multiply, alpha: 0.3)
            #expect(ctx.cgContext.graphicsState.blendMode == .normal)
            #expect(ctx.cgContext.graphicsState.alpha == 1)
        }
    }

    @Test func nothingHappensOutsideAContextOrForBadRects() {
        Self.twoRows.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2))
        UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 1, height: 1), .copy)
        let out = Self.renderer(2, 2).image { _ in
            Self.twoRows.draw(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2))
            Self.twoRows.draw(in: .zero)
        }
        #expect(Self.pixel(out, 0, 0) == [0, 0, 0, 0])
    }

    @Test func patternTilesFromTheOrigin() {
        let out = Self.renderer(5, 5).image { ctx in
            ctx.cgContext.interpolationQuality = .none
            Self.twoRows.drawAsPattern(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(Self.pixel(out, 0, 2) == [255, 0, 0, 255])
        #expect(Self.pixel(out, 4, 3) == [0, 0, 255, 255])
        #expect(Self.pixel(out, 4, 4) == [255, 0, 0, 255])
    }
}

/// A view overriding CALayerDelegate's `display(_:)` fills its layer itself; UIView's own
/// draws through `draw(_:)`.
@Suite(.freshRuntime) @MainActor struct ViewDisplayOverrideTests {
    final class BlurredView: UIView {
        var displayed = 0
        override func display(_ layer: CALayer) {
            displayed += 1
            layer.contents = ImageDrawingTests.twoRows.cgImage
        }
    }

    @Test func overrideReplacesDrawing() {
        let view = BlurredView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.setNeedsDisplay()
        view.layer.displayIfNeeded()
        #expect(view.displayed == 1)
        #expect(view.layer.contents != nil)
    }

    @Test func screenDisplayLinkFiresOnTheClock() {
        final class Target { var frames = 0 }
        let target = Target()
        let app = AppDriver(rootViewController: UIViewController())
        let link = UIScreen.main.displayLink(withTarget: target) { t, _ in t.frames += 1 }
        link?.add(to: .main, forMode: .common)
        app.run(until: 0.1)
        link?.invalidate()
        #expect(target.frames >= 5)
    }
}

/// `drawHierarchy(in:afterScreenUpdates:)` draws the view upright in a UIKit context (it drew
/// upside down: the snapshot went through `CGContext.draw`, whose first row lands at maxY).
@Suite(.freshRuntime) @MainActor struct DrawHierarchyTests {
    @Test func snapshotIsUprightAndScaled() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = .blue
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 2))
        top.backgroundColor = .red
        view.addSubview(top)
        let whole = ImageDrawingTests.renderer(4, 4).image { _ in
            #expect(view.drawHierarchy(in: view.bounds, afterScreenUpdates: false))
        }
        #expect(ImageDrawingTests.pixel(whole, 0, 0) == [255, 0, 0, 255])
        #expect(ImageDrawingTests.pixel(whole, 3, 3) == [0, 0, 255, 255])
        // Into the lower half of a taller image: red rows 4–5, blue rows 6–7.
        let placed = ImageDrawingTests.renderer(4, 8).image { _ in
            view.drawHierarchy(in: CGRect(x: 0, y: 4, width: 4, height: 4), afterScreenUpdates: false)
        }
        #expect(ImageDrawingTests.pixel(placed, 1, 3) == [0, 0, 0, 0])
        #expect(ImageDrawingTests.pixel(placed, 1, 4) == [255, 0, 0, 255])
        #expect(ImageDrawingTests.pixel(placed, 1, 7) == [0, 0, 255, 255])
    }
}
