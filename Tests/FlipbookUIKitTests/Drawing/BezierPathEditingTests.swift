import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UIBezierPath's `reversing()`, `copy()`, settable `cgPath`, dashes and blended drawing
/// (Dynamics/UIBezierPath+Editing.swift).
@Suite(.freshRuntime) @MainActor struct BezierPathEditingTests {
    /// A closed square reversed starts at its old last point and visits the corners backwards.
    @Test func reversingASquareRunsItBackwards() {
        let square = UIBezierPath()
        square.move(to: CGPoint(x: 0, y: 0))
        square.addLine(to: CGPoint(x: 10, y: 0))
        square.addLine(to: CGPoint(x: 10, y: 10))
        square.addLine(to: CGPoint(x: 0, y: 10))
        square.close()
        let reversed = square.reversing()
        #expect(reversed.elements == [
            .move(CGPoint(x: 0, y: 10)), .line(CGPoint(x: 10, y: 10)), .line(CGPoint(x: 10, y: 0)),
            .line(CGPoint(x: 0, y: 0)), .close,
        ])
        #expect(square.elements.count == 5, "the original is unchanged")
        #expect(reversed.reversing().elements.count == 5)
    }

    /// A curve reversed swaps its control points; open subpaths stay open and keep their order.
    @Test func reversingCurvesAndSeveralSubpaths() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 30, y: 0), controlPoint1: CGPoint(x: 10, y: 10), controlPoint2: CGPoint(x: 20, y: 10))
        path.move(to: CGPoint(x: 0, y: 50))
        path.addQuadCurve(to: CGPoint(x: 20, y: 50), controlPoint: CGPoint(x: 10, y: 60))
        #expect(path.reversing().elements == [
            .move(CGPoint(x: 30, y: 0)), .cubic(CGPoint(x: 0, y: 0), control1: CGPoint(x: 20, y: 10), control2: CGPoint(x: 10, y: 10)),
            .move(CGPoint(x: 20, y: 50)), .quad(CGPoint(x: 0, y: 50), control: CGPoint(x: 10, y: 60)),
        ])
    }

    /// The reason code reverses: a reversed oval appended to a rectangle cuts a hole under the
    /// non-zero rule (the windings cancel), where the oval as drawn adds to the rectangle's.
    /// The circle an activity-indicator library fills its balls with: a full turn asked for
    /// against the direction of the angles is still the whole circle (docs/Divergences.md).
    @Test func aFullTurnCounterclockwiseIsTheWholeCircle() {
        for clockwise in [false, true] {
            let ball = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            #expect(ball.contains(CGPoint(x: 10, y: 10)), "clockwise \(clockwise)")
            #expect(abs(ball.bounds.width - 20) < 1e-6 && abs(ball.bounds.height - 20) < 1e-6)
        }
    }

    @Test func aReversedOvalCutsAHoleUnderTheNonZeroRule() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let oval = CGRect(x: 25, y: 25, width: 50, height: 50)
        let filled = UIBezierPath(rect: bounds)
        filled.append(UIBezierPath(ovalIn: oval))
        let holed = UIBezierPath(rect: bounds)
        holed.append(UIBezierPath(ovalIn: oval).reversing())
        #expect(filled.contains(CGPoint(x: 50, y: 50)))
        #expect(!holed.contains(CGPoint(x: 50, y: 50)))
        #expect(holed.contains(CGPoint(x: 5, y: 5)))
        #expect(holed.bounds == bounds)
    }

    @Test func copyKeepsSegmentsAndSettingsAndIsIndependent() throws {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 5)
        path.lineWidth = 3
        path.usesEvenOddFillRule = true
        path.setLineDash([4, 2], count: 2, phase: 1)
        let copy = try #require(path.copy() as? UIBezierPath)
        #expect(copy !== path)
        #expect(copy.elements == path.elements && copy.lineWidth == 3 && copy.usesEvenOddFillRule)
        var pattern = [CGFloat](repeating: 0, count: 2)
        var count = 0
        var phase: CGFloat = 0
        copy.getLineDash(&pattern, count: &count, phase: &phase)
        #expect(pattern == [4, 2] && count == 2 && phase == 1)
        copy.removeAllPoints()
        #expect(!path.isEmpty)
    }

    @Test func settingCGPathReplacesTheSegments() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.cgPath = CGPath(rect: CGRect(x: 5, y: 5, width: 20, height: 10), transform: nil)
        #expect(path.bounds == CGRect(x: 5, y: 5, width: 20, height: 10))
        #expect(path.cgPath == CGPath(rect: CGRect(x: 5, y: 5, width: 20, height: 10), transform: nil))
    }

    static func renderer(_ width: CGFloat, _ height: CGFloat) -> UIGraphicsImageRenderer {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
    }

    /// Alpha of the pixel at (x, y).
    static func alpha(_ image: UIImage, _ x: Int, _ y: Int) -> UInt8 {
        guard let cg = image.cgImage else { return 0 }
        return cg.pixels[(y * cg.width + x) * 4 + 3]
    }

    /// A 10-on, 10-off dash along a 4 pt line: ink in the dashes, none in the gaps; a nil
    /// pattern draws the line solid again.
    @Test func strokeDrawsTheDashes() {
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 5))
        line.addLine(to: CGPoint(x: 40, y: 5))
        line.lineWidth = 4
        line.setLineDash([10, 10], count: 2, phase: 0)
        let dashed = Self.renderer(40, 10).image { _ in
            UIColor.black.setStroke()
            line.stroke()
        }
        #expect(Self.alpha(dashed, 5, 5) == 255)
        #expect(Self.alpha(dashed, 15, 5) == 0)
        #expect(Self.alpha(dashed, 25, 5) == 255)
        line.setLineDash(nil, count: 0, phase: 0)
        let solid = Self.renderer(40, 10).image { _ in
            UIColor.black.setStroke()
            line.stroke()
        }
        #expect(Self.alpha(solid, 15, 5) == 255)
    }

    /// `fill(with:alpha:)` multiplies the context's alpha for that fill only.
    @Test func fillWithAlphaIsTranslucentAndLeavesTheContextAsItWas() {
        let square = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = Self.renderer(20, 10).image { ctx in
            UIColor.black.setFill()
            square.fill(with: .normal, alpha: 0.5)
            ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        }
        #expect((127...128).contains(Self.alpha(image, 5, 5)))
        #expect(Self.alpha(image, 15, 5) == 255)
    }
}
