import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct CGContextTests {
    @Test func emptyContextRecordsNothing() {
        let c = CGContext(size: CGSize(width: 100, height: 50))
        #expect(c.commands.isEmpty && c.diagnostics.isEmpty)
        c.fillPath()
        c.strokePath()
        #expect(c.commands.isEmpty)
    }

    @Test func fillRectRecordsDeviceSpacePathAndState() {
        let c = CGContext(size: CGSize(width: 100, height: 100))
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.translateBy(x: 10, y: 20)
        c.scaleBy(x: 2, y: 2)
        c.fill(CGRect(x: 1, y: 1, width: 5, height: 5))
        // Device points: (1,1)·2 + (10,20) = (12, 22), opposite corner (22, 32).
        var expectedState = CGContext.GraphicsState()
        expectedState.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        expectedState.ctm = CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20)
        let path = CGPath(elements: [
            CGPathElement(type: .moveToPoint, points: [CGPoint(x: 12, y: 22)]),
            CGPathElement(type: .addLineToPoint, points: [CGPoint(x: 22, y: 22)]),
            CGPathElement(type: .addLineToPoint, points: [CGPoint(x: 22, y: 32)]),
            CGPathElement(type: .addLineToPoint, points: [CGPoint(x: 12, y: 32)]),
            CGPathElement(type: .closeSubpath, points: []),
        ])
        #expect(c.commands == [.fill(path, rule: .winding, state: expectedState)])
    }

    @Test func pathIsTransformedWhenBuiltAndClearedAfterDrawing() {
        let c = CGContext(size: CGSize(width: 100, height: 100))
        c.move(to: CGPoint(x: 0, y: 0))
        c.translateBy(x: 50, y: 0)  // affects only points added after it
        c.addLine(to: CGPoint(x: 0, y: 10))
        c.setLineWidth(3)
        c.setLineCap(.round)
        c.setLineJoin(.bevel)
        c.strokePath()
        #expect(c.isPathEmpty)
        guard case .stroke(let p, let s) = c.commands.first else {
            Issue.record("expected a stroke")
            return
        }
        #expect(p.elements.map(\.points) == [[CGPoint(x: 0, y: 0)], [CGPoint(x: 50, y: 10)]])
        #expect(s.lineWidth == 3 && s.lineCap == .round && s.lineJoin == .bevel && s.ctm == CGAffineTransform(translationX: 50, y: 0))
    }

    @Test func saveAndRestoreState() {
        let c = CGContext(size: CGSize(width: 10, height: 10))
        c.saveGState()
        c.setAlpha(0.5)
        c.rotate(by: .pi / 2)
        c.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        c.restoreGState()
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard case .fill(_, _, let s) = c.commands.last else {
            Issue.record("expected a fill")
            return
        }
        #expect(s == CGContext.GraphicsState())
        // Unbalanced restore: ignored with one diagnostic.
        c.restoreGState()
        c.restoreGState()
        #expect(c.diagnostics.count == 1)
    }

    @Test func clipIsRecordedWithLaterCommands() {
        let c = CGContext(size: CGSize(width: 10, height: 10))
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        c.clip(using: .evenOdd)
        #expect(c.isPathEmpty)
        c.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
        guard case .clear(let r, let s) = c.commands.first else {
            Issue.record("expected a clear")
            return
        }
        #expect(r == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(s.clip.count == 1 && s.clip[0].rule == .evenOdd && s.clip[0].path.boundingBox == CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    @Test func imagesTextAndDrawModes() throws {
        let c = CGContext(size: CGSize(width: 10, height: 10))
        let image = try #require(CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255]))
        c.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        c.drawText("Hi", in: CGRect(x: 1, y: 2, width: 30, height: 20), fontDescription: "Sans 12", color: .white, alignment: .center)
        c.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.drawPath(using: .eoFillStroke)
        let kinds = c.commands.map { cmd -> String in
            switch cmd {
            case .fill(_, let rule, _): return "fill \(rule)"
            case .stroke: return "stroke"
            case .clear: return "clear"
            case .drawImage(let i, let r, _): return "image \(i === image) \(r.width)"
            case .drawText(let t, _): return "text \(t.string) \(t.fontDescription) \(t.alignment)"
            case .drawGradient: return "gradient"
            }
        }
        #expect(kinds == ["image true 10.0", "text Hi Sans 12 center", "fill evenOdd", "stroke"])
    }

    @Test func arcsAreCubicApproximationsOfTheCircle() {
        let c = CGContext(size: CGSize(width: 100, height: 100))
        c.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
        let path = c.path!
        // Starts at (70, 50), two 90° pieces, ends at (30, 50) passing through (50, 70) (+y side).
        #expect(path.elements.count == 3)
        let mid = path.elements[1].points[2], end = path.elements[2].points[2]
        #expect(abs(mid.x - 50) < 1e-9 && abs(mid.y - 70) < 1e-9)
        #expect(abs(end.x - 30) < 1e-9 && abs(end.y - 50) < 1e-9)
        // Clockwise from 0 to π goes through −y: (50, 30).
        c.beginPath()
        c.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
        let cw = c.path!.elements[1].points[2]
        #expect(abs(cw.x - 50) < 1e-9 && abs(cw.y - 30) < 1e-9)
        // The midpoint of a 90° cubic lies within 0.03% of the radius.
        c.beginPath()
        c.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let e = c.path!.elements[1].points
        let m = CGPoint(x: (e[0].x * 3 + e[1].x * 3 + 1 + 0) / 8, y: (0 + e[0].y * 3 + e[1].y * 3 + 1) / 8)
        #expect(abs((m.x * m.x + m.y * m.y).squareRoot() - 1) < 3e-4)
    }

    @Test func badInputIsIgnoredWithDiagnostics() {
        let c = CGContext(size: CGSize(width: -1, height: CGFloat.nan))
        #expect(c.size == .zero)
        c.translateBy(x: CGFloat.nan, y: 0)
        c.setLineWidth(-2)
        c.move(to: CGPoint(x: CGFloat.infinity, y: 0))
        c.fill(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        #expect(c.ctm == CGAffineTransform.identity && c.graphicsState.lineWidth == 1 && c.isPathEmpty && c.commands.isEmpty)
        #expect(c.diagnostics.count == 5)
    }
}
