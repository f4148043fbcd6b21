import Foundation
import Testing
import TestSupport
import Flipbook
import CFlipbookPreviewCodec
@testable import FlipbookPreview

/// The preview's frame encodings: changed rectangles rebuild the frame exactly, whole frames
/// decode to it, JPEG stays close (docs/Preview.md, "Frame encoding").
@Suite(.cleanClock) @MainActor struct PreviewFrameEncoderTests {
    static let w = 64, h = 48

    /// An opaque test picture: a gradient with a `box` of another colour at `at`.
    static func picture(box at: (x: Int, y: Int)?, size: Int = 10) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let k = (y * w + x) * 4
                p[k] = UInt8(x * 4)
                p[k + 1] = UInt8(y * 5)
                p[k + 2] = 90
                if let at, (at.x..<at.x + size).contains(x), (at.y..<at.y + size).contains(y) {
                    p[k] = 250
                    p[k + 1] = 20
                    p[k + 2] = 30
                }
            }
        }
        return p
    }

    static func frame(_ pixels: [UInt8], index: Int = 0) -> PreviewFrame {
        PreviewFrame(
            index: index, width: w, height: h, encoding: .raw, bytes: pixels, pixels: pixels, stateJSON: "{}",
            inputCount: 0, renderMilliseconds: 0, encodeMilliseconds: 0)
    }

    /// Draws `encoded`'s parts over `canvas` as the page does (PNG and JPEG decoded).
    static func draw(_ encoded: PreviewEncodedFrame, over canvas: inout [UInt8]) {
        var offset = 0
        for part in encoded.parts {
            let bytes = Array(encoded.payload[offset..<offset + part.length])
            offset += part.length
            let pixels: [UInt8]
            switch part.format {
            case .raw: pixels = bytes
            case .png, .jpeg: pixels = ImageDecoder.decode(data: Data(bytes))?.pixels ?? []
            }
            guard pixels.count == part.width * part.height * 4 else {
                Issue.record("part \(part) decoded to \(pixels.count) bytes")
                return
            }
            for r in 0..<part.height {
                let src = r * part.width * 4
                let dst = ((part.y + r) * w + part.x) * 4
                canvas.replaceSubrange(dst..<dst + part.width * 4, with: pixels[src..<src + part.width * 4])
            }
        }
        #expect(offset == encoded.payload.count)
    }

    @Test(arguments: [PreviewFrameEncoding.rectsRaw, .rectsPNG])
    func changedRectanglesRebuildTheFrameExactly(mode: PreviewFrameEncoding) {
        var encoder = PreviewFrameEncoder(mode: mode)
        var canvas = [UInt8](repeating: 0, count: Self.w * Self.h * 4)
        let frames = [Self.picture(box: (2, 3)), Self.picture(box: (5, 3)), Self.picture(box: (5, 3)), Self.picture(box: (40, 30))]
        for (i, pixels) in frames.enumerated() {
            let e = encoder.motion(Self.frame(pixels, index: i))
            Self.draw(e, over: &canvas)
            let same = canvas == pixels
            #expect(same, "frame \(i) (\(e.encoding), \(e.parts.count) parts) differs after drawing")
            #expect(e.exact)
            if i == 0 { #expect(e.parts.count == 1 && e.parts[0].width == Self.w && e.parts[0].height == Self.h) }
            if i == 1 {
                #expect(e.encoding == "rects")
                #expect(e.parts.map { [$0.x, $0.y, $0.width, $0.height] } == [[2, 3, 13, 10]], "the box's old and new place")
            }
            if i == 2 { #expect(e.parts.isEmpty && e.payload.isEmpty, "nothing changed, nothing sent") }
            if i == 3 { #expect(e.parts.count == 2, "two boxes far apart are two rectangles") }
        }
    }

    @Test func aFrameThatChangedMostlyIsSentWholeAndWithoutDeltaWhenTheLastMayBeLost() {
        var encoder = PreviewFrameEncoder(mode: .rectsRaw)
        _ = encoder.motion(Self.frame(Self.picture(box: nil)))
        var inverted = Self.picture(box: nil)
        for k in stride(from: 0, to: inverted.count, by: 4) { inverted[k] = 255 - inverted[k] }
        let whole = encoder.motion(Self.frame(inverted))
        #expect(whole.encoding == "raw" && whole.parts.count == 1 && whole.payload == inverted)
        let notDelta = encoder.motion(Self.frame(Self.picture(box: (1, 1))), delta: false)
        #expect(notDelta.encoding == "raw" && notDelta.parts.count == 1)
        encoder.reset()
        let afterReset = encoder.motion(Self.frame(Self.picture(box: (1, 1))))
        #expect(afterReset.parts.count == 1 && afterReset.parts[0].width == Self.w)
    }

    @Test func jpegIsCloseAndMarksThePageInexactUntilAnExactFrame() throws {
        var encoder = PreviewFrameEncoder(mode: .rectsJPEG)
        var canvas = [UInt8](repeating: 0, count: Self.w * Self.h * 4)
        let pixels = Self.picture(box: (20, 20))
        let e = encoder.motion(Self.frame(pixels))
        #expect(e.encoding == "jpeg" && !e.exact && !encoder.pageIsExact)
        #expect(Array(e.payload.prefix(2)) == [0xFF, 0xD8])
        Self.draw(e, over: &canvas)
        // Close on average; at the box's sharp edges 4:2:0 chroma blurs colour by more.
        var total = 0
        for k in 0..<pixels.count where k % 4 != 3 { total += abs(Int(canvas[k]) - Int(pixels[k])) }
        let mean = Double(total) / Double(Self.w * Self.h * 3)
        #expect(mean < 6, "JPEG differs by \(mean) a channel on average")
        // The exact PNG (as the session sends once the scene stands still) makes it exact again.
        let png = [UInt8](PNGEncoder.encode(premultipliedRGBA: pixels, width: Self.w, height: Self.h))
        var exactFrame = Self.frame(pixels)
        exactFrame.encoding = .png
        exactFrame.bytes = png
        let x = encoder.exact(exactFrame)
        #expect(x.encoding == "png" && x.exact && encoder.pageIsExact && x.payload == png)
        // Nothing changed since: an empty delta keeps it exact.
        let none = encoder.motion(Self.frame(pixels))
        #expect(none.parts.isEmpty && none.exact)
    }

    @Test func wholeFrameModesSendOnePart() {
        for mode in [PreviewFrameEncoding.raw, .png, .jpeg] {
            var encoder = PreviewFrameEncoder(mode: mode)
            _ = encoder.motion(Self.frame(Self.picture(box: nil)))
            let e = encoder.motion(Self.frame(Self.picture(box: (3, 3))))
            #expect(e.parts.count == 1 && e.parts[0].width == Self.w && e.parts[0].format.rawValue == mode.rawValue)
            #expect(e.exact == (mode != .jpeg))
        }
        #expect(PreviewFrameEncoding.auto.resolved == PreviewFrameEncoding.measuredChoice)
    }

    /// For a page that shows the frame small, JPEG parts go at half resolution: each rectangle
    /// grown to even coordinates, its image half its size, close to the frame once stretched
    /// back; exact formats ignore it.
    @Test func halfResolutionPartsAreEvenRectanglesWithHalfSizeImages() throws {
        var encoder = PreviewFrameEncoder(mode: .rectsJPEG)
        let before = Self.picture(box: nil), after = Self.picture(box: (21, 13), size: 9)
        _ = encoder.motion(Self.frame(before))
        let e = encoder.motion(Self.frame(after), halfResolution: true)
        let part = try #require(e.parts.first)
        #expect(e.parts.count == 1 && part.format == .jpeg)
        #expect(part.x == 20 && part.y == 12 && part.width == 10 && part.height == 10)
        let image = try #require(ImageDecoder.decode(data: Data(e.payload)))
        #expect(image.width == 5 && image.height == 5)
        // A whole frame, stretched back by pixel doubling, stays close on average.
        var whole = PreviewFrameEncoder(mode: .jpeg)
        let w = whole.motion(Self.frame(after), halfResolution: true)
        let small = try #require(ImageDecoder.decode(data: Data(w.payload)))
        #expect(small.width == Self.w / 2 && small.height == Self.h / 2)
        var total = 0
        for y in 0..<Self.h {
            for x in 0..<Self.w {
                for c in 0..<3 {
                    total += abs(Int(small.pixels[((y / 2) * small.width + x / 2) * 4 + c]) - Int(after[(y * Self.w + x) * 4 + c]))
                }
            }
        }
        #expect(Double(total) / Double(Self.w * Self.h * 3) < 8)
        // Exact formats send every pixel.
        for mode in [PreviewFrameEncoding.rectsRaw, .rectsPNG, .png] {
            var exact = PreviewFrameEncoder(mode: mode)
            _ = exact.motion(Self.frame(before))
            var canvas = before
            let x = exact.motion(Self.frame(after), halfResolution: true)
            Self.draw(x, over: &canvas)
            #expect(canvas == after && x.exact, "\(mode)")
        }
    }

    /// The half-resolution reduction: the rounded mean of each 2 × 2 block, and of the pixels
    /// there are at an odd right or bottom edge; the even alignment stays inside the frame.
    @Test func halvingAveragesBlocksAndEdges() {
        // 3 × 3 pixels, one channel varying: rows (0 4 8) (12 16 20) (24 28 32); alpha 255.
        var px = [UInt8](repeating: 255, count: 3 * 3 * 4)
        for i in 0..<9 { px[i * 4] = UInt8(i * 4); px[i * 4 + 1] = 0; px[i * 4 + 2] = 0 }
        var out = [UInt8](repeating: 0, count: 2 * 2 * 4)
        flipbook_preview_half(px, 12, 0, 0, 3, 3, &out)
        #expect(stride(from: 0, to: 16, by: 4).map { out[$0] } == [8, 14, 26, 32])
        #expect(stride(from: 3, to: 16, by: 4).map { out[$0] } == [255, 255, 255, 255])
        let r = PreviewFrameEncoder.evenAligned((x: 63, y: 47, w: 1, h: 1), width: 64, height: 48)
        #expect(r.x == 62 && r.y == 46 && r.w == 2 && r.h == 2)
        let odd = PreviewFrameEncoder.evenAligned((x: 3, y: 0, w: 4, h: 5), width: 7, height: 5)
        #expect(odd.x == 2 && odd.y == 0 && odd.w == 5 && odd.h == 5)
    }
}
