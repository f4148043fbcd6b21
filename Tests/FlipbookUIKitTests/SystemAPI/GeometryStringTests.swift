import Foundation
import Testing
import TestSupport
import Flipbook

/// UIKit's geometry strings on NSCoder (`string(for:)`, `cgPoint(for:)`, `cgRect(for:)`, …).
@Suite(.freshRuntime) @MainActor struct GeometryStringTests {
    @Test func valuesAreWrittenInUIKitsFormat() {
        #expect(NSCoder.string(for: CGPoint(x: 3, y: 2.5)) == "{3, 2.5}")
        #expect(NSCoder.string(for: CGSize(width: 320, height: -1)) == "{320, -1}")
        #expect(NSCoder.string(for: CGVector(dx: 0, dy: 9.8)) == "{0, 9.8000000000000007}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.string(for: CGAffineTransform(translationX: 10, y: 20)) == "[1, 0, 0, 1, 10, 20]")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == "{1, 2, 3, 4}")
        #expect(NSCoder.string(for: NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)) == "{1, 2, 3, 4}")
        #expect(NSCoder.string(for: UIOffset(horizontal: -5, vertical: 0.5)) == "{-5, 0.5}")
        // Seventeen significant digits: every value reads back exactly.
        let point = CGPoint(x: 0.1, y: 1.0 / 3)
        #expect(NSCoder.string(for: point) == "{0.10000000000000001, 0.33333333333333331}")
        #expect(NSCoder.cgPoint(for: NSCoder.string(for: point)) == point)
    }

    @Test func stringsAreReadBack() {
        #expect(NSCoder.cgPoint(for: "{3.0,2.5}") == CGPoint(x: 3, y: 2.5))
        #expect(NSCoder.cgPoint(for: " { -1e2 , 4 } ") == CGPoint(x: -100, y: 4))
        #expect(NSCoder.cgSize(for: "{320, 568}") == CGSize(width: 320, height: 568))
        #expect(NSCoder.cgVector(for: "{1, -2}") == CGVector(dx: 1, dy: -2))
        #expect(NSCoder.cgRect(for: "{{3,2},{4,5}}") == CGRect(x: 3, y: 2, width: 4, height: 5))
        #expect(NSCoder.cgAffineTransform(for: "[2, 0, 0, 2, 10, 20]") == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
        #expect(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSCoder.nsDirectionalEdgeInsets(for: "{1, 2, 3, 4}") == NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(NSCoder.uiOffset(for: "{6, 7}") == UIOffset(horizontal: 6, vertical: 7))
        let rect = CGRect(x: 0.25, y: -7, width: 1e-3, height: 123456.789)
        #expect(NSCoder.cgRect(for: NSCoder.string(for: rect)) == rect)
    }

    @Test func malformedStringsReadAsZeroWithAReport() {
        var values: [CGPoint] = []
        let reports = FlipbookDiagnostics.capture {
            values.append(NSCoder.cgPoint(for: "hello"))
            values.append(NSCoder.cgPoint(for: "{1}"))
            values.append(NSCoder.cgPoint(for: "{nan, 2}"))
            values.append(NSCoder.cgPoint(for: "{1, 2, 3}"))
        }
        #expect(values == [.zero, .zero, .zero, .zero])
        #expect(reports.count == 4 && reports.allSatisfy { $0.contains("not a well-formed string") })
        let more = FlipbookDiagnostics.capture {
            #expect(NSCoder.cgRect(for: "{1, 2}") == .zero)
            #expect(NSCoder.cgAffineTransform(for: "") == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        }
        #expect(more.count == 2)
    }
}
