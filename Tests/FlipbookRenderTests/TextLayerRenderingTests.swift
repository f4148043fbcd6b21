import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CATextLayer as drawn: alignment, wrapping, truncation and colour emoji, measured on the ink
/// (the bounding box of dark pixels on a white background), not on the renderer's own metrics.
/// Rendered at scale 2 and measured in pixels; 1 pt = 2 px.
@MainActor
@Suite(.freshRuntime) struct TextLayerRenderingTests {
    static let phrase = "Hello there"
    static let long = "The quick brown fox jumps over the lazy dog and then runs far away"

    /// A white `width` × `height` root holding one black 16-pt DejaVu Sans text layer that fills it.
    func render(
        _ string: String, width: CGFloat = 200, height: CGFloat = 40, fontSize: CGFloat = 16,
        color: CGColor = CGColor(gray: 0, alpha: 1), _ configure: (CATextLayer) -> Void = { _ in }
    ) -> RenderedImage {
        let root = makeLayer(CGRect(x: 0, y: 0, width: width, height: height), white)
        let t = CATextLayer()
        withoutActions {
            t.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            t.position = CGPoint(x: width / 2, y: height / 2)
            t.string = string
            t.font = "DejaVu Sans"
            t.fontSize = fontSize
            t.foregroundColor = color
            configure(t)
            root.addSublayer(t)
        }
        return LayerRenderer(scale: 2).render(root)
    }

    /// Ink bounding box [x0, y0, x1, y1) in pixels: pixels darker than mid grey.
    func ink(_ img: RenderedImage) -> [Int]? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = img.pixel(x: x, y: y)
                guard Int(p.r) + Int(p.g) + Int(p.b) < 3 * 128 else { continue }
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
            }
        }
        return x0 == .max ? nil : [x0, y0, x1, y1]
    }

    func isInk(_ img: RenderedImage, _ x: Int, _ y: Int) -> Bool {
        let p = img.pixel(x: x, y: y)
        return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 128
    }

    /// A rating view sets `font = CGFont(name as CFString)`: the font of that name, as a name
    /// string gives (a bold face draws wider ink than the regular one).
    @Test func aFontMadeByNameDrawsThatFont() throws {
        let byString = try #require(ink(render(Self.phrase) { $0.font = "DejaVu Sans Bold" }))
        let byCGFont = try #require(ink(render(Self.phrase) { $0.font = CGFont("DejaVu Sans Bold" as CFString) }))
        let regular = try #require(ink(render(Self.phrase)))
        #expect(byCGFont == byString)
        #expect(byString[2] - byString[0] > regular[2] - regular[0])
        #expect(CGFont("" as CFString) == nil && CGFont("Helvetica" as CFString)?.postScriptName == "Helvetica")
    }

    // MARK: Alignment

    /// One line in a 200-pt layer (400 px): left puts the ink at the left edge (within a glyph's
    /// side bearing, 3 pt), right at the right edge, centre in the middle; the ink is the same
    /// width in all three, and the centre shift is half the right shift.
    @Test func alignmentPutsTheInkAtTheExpectedSide() throws {
        let left = try #require(ink(render(Self.phrase) { $0.alignmentMode = .left }))
        let right = try #require(ink(render(Self.phrase) { $0.alignmentMode = .right }))
        let center = try #require(ink(render(Self.phrase) { $0.alignmentMode = .center }))
        let natural = try #require(ink(render(Self.phrase) { $0.alignmentMode = .natural }))
        let width = left[2] - left[0]
        #expect(width > 100 && width < 300, "ink \(left)")  // about 90 pt of text: not empty, not clipped
        #expect(left[0] >= 0 && left[0] <= 6 && left[2] < 200, "left \(left)")
        #expect(right[2] <= 400 && right[2] >= 394 && right[0] > 200, "right \(right)")
        #expect(abs((center[0] + center[2]) - 400) <= 8, "centre \(center)")  // ink middle within 2 pt of x = 100 pt
        #expect(abs((right[2] - right[0]) - width) <= 1 && abs((center[2] - center[0]) - width) <= 1)
        #expect(abs(2 * (center[0] - left[0]) - (right[0] - left[0])) <= 2, "left \(left) centre \(center) right \(right)")
        // Same vertical placement whatever the alignment; natural is left for left-to-right text.
        #expect(left[1] == right[1] && left[3] == right[3] && left[1] == center[1] && left[3] == center[3])
        #expect(natural == left)
    }

    /// Every wrapped line is aligned, not just the block: with right alignment each line's ink
    /// ends at the right edge; with left alignment each starts at the left edge.
    @Test func alignmentAppliesToEveryWrappedLine() {
        let rightImg = render(Self.long, width: 150, height: 120) {
            $0.isWrapped = true
            $0.alignmentMode = .right
        }
        let leftImg = render(Self.long, width: 150, height: 120) {
            $0.isWrapped = true
            $0.alignmentMode = .left
        }
        // Ink extents of each line: bands of rows holding ink, separated by empty rows.
        func lines(_ img: RenderedImage) -> [(x0: Int, x1: Int)] {
            var result: [(Int, Int)] = []
            var current: (Int, Int)?
            for y in 0..<img.height {
                let xs = (0..<img.width).filter { isInk(img, $0, y) }
                if let lo = xs.first, let hi = xs.last {
                    current = current.map { (min($0.0, lo), max($0.1, hi + 1)) } ?? (lo, hi + 1)
                } else if let c = current {
                    result.append(c); current = nil
                }
            }
            if let c = current { result.append(c) }
            return result
        }
        let r = lines(rightImg), l = lines(leftImg)
        #expect(r.count >= 3 && r.count == l.count, "right \(r) left \(l)")
        #expect(r.allSatisfy { $0.x1 >= 294 && $0.x1 <= 300 }, "right-aligned lines \(r)")
        #expect(l.allSatisfy { $0.x0 <= 6 }, "left-aligned lines \(l)")
        // Lines are ragged: not every left-aligned line reaches the right edge.
        #expect(l.contains { $0.x1 < 280 }, "left-aligned lines \(l)")
    }

    // MARK: Wrapping and truncation

    /// Wrapping a long string in a 120-pt layer makes at least three lines inside the width,
    /// against one line when it is not wrapped (cut with an ellipsis, so pango keeps one line).
    @Test func wrappingIncreasesTheInkHeight() throws {
        let one = try #require(ink(render(Self.long, width: 120, height: 200) {
            $0.isWrapped = false
            $0.truncationMode = .end
        }))
        let wrapped = try #require(ink(render(Self.long, width: 120, height: 200) { $0.isWrapped = true }))
        let oneHeight = one[3] - one[1], wrappedHeight = wrapped[3] - wrapped[1]
        #expect(oneHeight > 20 && oneHeight < 44, "one line: \(one)")  // 16-pt glyphs: 10…22 pt of ink
        #expect(wrappedHeight > 3 * oneHeight, "wrapped \(wrapped) vs one line \(one)")
        #expect(wrapped[2] <= 240 && one[2] <= 240, "lines stay inside the width: \(wrapped), \(one)")
    }

    /// A CATextLayer that does not wrap and does not truncate (the defaults, isWrapped = false
    /// and truncationMode = .none) draws one line cut at its bounds, as Core Animation does; a
    /// short line keeps its alignment.
    @Test func unwrappedUntruncatedTextStaysOnOneLine() throws {
        let one = try #require(ink(render(Self.long, width: 120, height: 200) {
            $0.isWrapped = false
            $0.truncationMode = .end
        }))
        let plain = try #require(ink(render(Self.long, width: 120, height: 200) {
            $0.isWrapped = false
            $0.truncationMode = .none
        }))
        #expect(plain[3] - plain[1] <= one[3] - one[1] + 2, "unwrapped ink \(plain) vs one line \(one)")
        #expect(plain[2] >= 236, "the one line runs to the layer's right edge and is cut there: \(plain)")
        let right = try #require(ink(render("Hi", width: 120, height: 40) {
            $0.isWrapped = false
            $0.truncationMode = .none
            $0.alignmentMode = .right
        }))
        let centre = try #require(ink(render("Hi", width: 120, height: 40) {
            $0.isWrapped = false
            $0.truncationMode = .none
            $0.alignmentMode = .center
        }))
        #expect(right[2] >= 232 && right[0] > 180, "right-aligned short line at the right edge: \(right)")
        #expect(abs((centre[0] + centre[2]) - 240) <= 4, "centred short line: \(centre)")
    }

    /// Wrapped text in a layer 45 pt tall (two 16-pt lines, ≈ 18.6 pt each, fit; a third does
    /// not): with end truncation pango stops after two lines, so no ink below 2 × 18.6 pt ≈ 37.2 pt;
    /// without truncation a third line is drawn and shows, cut, in the last rows.
    @Test func truncationKeepsTheInkOnFewerLines() throws {
        let cut = try #require(ink(render(Self.long, width: 120, height: 45) {
            $0.isWrapped = true
            $0.truncationMode = .end
        }))
        let clipped = try #require(ink(render(Self.long, width: 120, height: 45) {
            $0.isWrapped = true
            $0.truncationMode = .none
        }))
        #expect(cut[3] <= 76, "end-truncated ink ends within two lines (≤ 38 pt): \(cut)")
        #expect(clipped[3] > 80, "untruncated ink shows a third line (> 40 pt): \(clipped)")
        // A line limit of one keeps the ink to one line's height.
        let single = try #require(ink(render(Self.long, width: 120, height: 200) {
            $0.isWrapped = true
            $0.maximumNumberOfLines = 1
        }))
        let oneLine = try #require(ink(render(Self.long, width: 120, height: 200) {
            $0.isWrapped = false
            $0.truncationMode = .end
        }))
        #expect(single[3] - single[1] <= oneLine[3] - oneLine[1] + 2, "one-line limit \(single) vs one line \(oneLine)")
    }

    /// A single line cut with an ellipsis: capitals with no descenders, so the ellipsis's dots are
    /// the only ink near the baseline alone. With end truncation the last 3 pt of ink hold only
    /// low ink (the dots, within 4 pt of the baseline); with start truncation the first 3 pt do.
    @Test func ellipsisEndsOrStartsTheCutLine() throws {
        let text = "HELLO WORLD HELLO WORLD HELLO WORLD"
        func lowOnly(_ img: RenderedImage, columns: Range<Int>, box: [Int]) -> Bool {
            let baseline = box[3]
            var any = false
            for x in columns {
                for y in box[1]..<box[3] where isInk(img, x, y) {
                    any = true
                    if y < baseline - 8 { return false }
                }
            }
            return any
        }
        let endImg = render(text, width: 120, height: 30) { $0.truncationMode = .end }
        let end = try #require(ink(endImg))
        #expect(lowOnly(endImg, columns: (end[2] - 6)..<end[2], box: end), "end: \(end)")
        #expect(!lowOnly(endImg, columns: end[0]..<(end[0] + 6), box: end), "end: text starts with a capital")
        let startImg = render(text, width: 120, height: 30) { $0.truncationMode = .start }
        let start = try #require(ink(startImg))
        #expect(lowOnly(startImg, columns: start[0]..<(start[0] + 6), box: start), "start: \(start)")
        #expect(!lowOnly(startImg, columns: (start[2] - 6)..<start[2], box: start), "start: text ends with a capital")
    }

    // MARK: Colour emoji

    /// Largest channel spread (max − min) of any pixel: grey antialiased text stays near 0.
    func maxSaturation(_ img: RenderedImage) -> Int {
        var best = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = img.pixel(x: x, y: y)
                best = max(best, Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)))
            }
        }
        return best
    }

    /// Emoji come from the colour emoji font in their own colours (not the foreground colour):
    /// strongly saturated pixels appear, among them the apple's red, and a golden keeps the
    /// picture. Black text of letters has no such pixels, so the check can fail.
    @Test func colourEmojiDrawInColour() {
        let emoji = render("🐶🍎", width: 120, height: 60, fontSize: 40)
        #expect(maxSaturation(emoji) > 100)
        var appleRed = false
        for y in 0..<emoji.height {
            for x in 0..<emoji.width {
                let p = emoji.pixel(x: x, y: y)
                if p.r > 180 && p.g < 90 && p.b < 90 { appleRed = true }
            }
        }
        #expect(appleRed)
        #expect(maxSaturation(render("AB", width: 120, height: 60, fontSize: 40)) < 20)
        // A blue foreground tints letters, not emoji: the red is still there.
        let tinted = render("🍎", width: 120, height: 60, fontSize: 40, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect((0..<tinted.height).contains { y in
            (0..<tinted.width).contains { x in
                let p = tinted.pixel(x: x, y: y)
                return p.r > 180 && p.g < 90 && p.b < 90
            }
        })
        Snapshot.assert(emoji, named: "emoji", tolerance: SnapshotTolerance(channel: 24, pixelFraction: 0.02))
    }
}
