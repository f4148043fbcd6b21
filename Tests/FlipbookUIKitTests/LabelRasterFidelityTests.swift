import Foundation
import Testing
import TestSupport
import Flipbook

/// A label sized to its text draws that text whole, as wide as it was measured, at every render
/// scale, including the scales where its bitmap's pixels are not square (its whole-pixel size
/// stretched over bounds measured in thirds of a point: 20.33 pt tall at 1x is 21 pixels, so
/// 1.033 pixels per point down and about 1.0 across).
@MainActor
@Suite(.freshRuntime) struct LabelRasterFidelityTests {
    let strings = ["Privacy Policy", "Terms of Service", "Locate your device", "Done"]
    let scales: [CGFloat] = [0.3, 0.5, 1, 1.5, 2, 3]

    func label(_ text: String, size: CGFloat, lineBreakMode: NSLineBreakMode = .byTruncatingTail) -> UILabel {
        let label = UILabel()
        label.backgroundColor = .white
        label.textColor = .black
        label.font = .systemFont(ofSize: size)
        label.lineBreakMode = lineBreakMode
        label.text = text
        label.sizeToFit()
        return label
    }

    /// The leftmost and rightmost columns holding ink (a dark pixel), in pixels.
    func inkColumns(_ image: RenderedImage) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).r < 250 {
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo <= hi ? lo...hi : nil
    }

    @Test func aLabelSizedToItsTextIsNeverEllipsised() {
        for text in strings {
            for size: CGFloat in [15, 17] {
                for scale in scales {
                    let truncating = LayerRenderer(scale: scale).render(label(text, size: size).layer)
                    let clipping = LayerRenderer(scale: scale).render(label(text, size: size, lineBreakMode: .byClipping).layer)
                    let same = truncating == clipping
                    #expect(same, "\"\(text)\" at \(size) pt drawn at \(scale)x was cut with an ellipsis")
                }
            }
        }
    }

    @Test func theInkWidthScalesWithTheRenderScale() {
        for text in strings {
            for size: CGFloat in [15, 17] {
                // At 3x the label's bounds (in thirds of a point) are whole pixels: square ones.
                guard let reference = inkColumns(LayerRenderer(scale: 3).render(label(text, size: size).layer)) else {
                    Issue.record("\"\(text)\" drew no ink at 3x")
                    continue
                }
                let points = CGFloat(reference.count) / 3
                for scale in scales where scale != 3 {
                    // Room to the right, so text drawn too wide is not clipped by the label's bounds.
                    let wide = label(text, size: size, lineBreakMode: .byClipping)
                    wide.frame.size.width += 40
                    let image = LayerRenderer(scale: scale).render(wide.layer)
                    guard let ink = inkColumns(image) else {
                        Issue.record("\"\(text)\" drew no ink at \(scale)x")
                        continue
                    }
                    // Anti-aliasing moves each edge by at most a pixel.
                    let expected = points * scale
                    #expect(
                        abs(CGFloat(ink.count) - expected) <= 2,
                        "\"\(text)\" at \(size) pt is \(ink.count) pixels wide at \(scale)x, expected \(expected)")
                }
            }
        }
    }

    /// Text in a bitmap context whose x and y scales differ (a `UIGraphicsImageRenderer`
    /// context scaled non-uniformly) is laid out as at any other scale, then stretched.
    @Test func textInANonUniformlyScaledContextIsLaidOutInPoints() {
        let text = "Privacy Policy and Terms"
        func inkWidth(xScale: CGFloat, yScale: CGFloat) -> Int? {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let canvas = CGSize(width: 400 * xScale, height: 30 * yScale)
            let image = UIGraphicsImageRenderer(size: canvas, format: format).image { ctx in
                UIColor.white.setFill()
                ctx.fill(CGRect(origin: .zero, size: canvas))
                ctx.cgContext.scaleBy(x: xScale, y: yScale)
                ctx.cgContext.drawText(
                    text, in: CGRect(x: 0, y: 0, width: 400, height: 30), fontDescription: "DejaVu Sans 17",
                    color: UIColor.black.cgColor)
            }
            guard let cg = image.cgImage,
                  let rendered = RenderedImage(width: cg.width, height: cg.height, premultipliedPixels: cg.pixels)
            else { return nil }
            return inkColumns(rendered)?.count
        }
        guard let square = inkWidth(xScale: 2, yScale: 2), let tall = inkWidth(xScale: 2, yScale: 2.1),
              let flat = inkWidth(xScale: 2, yScale: 1.6)
        else {
            Issue.record("no ink drawn")
            return
        }
        #expect(square > 300)
        #expect(abs(tall - square) <= 2, "\(tall) pixels at 2 × 2.1, \(square) at 2 × 2")
        #expect(abs(flat - square) <= 2, "\(flat) pixels at 2 × 1.6, \(square) at 2 × 2")
    }
}
