import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookPreview

/// The preview's frame encodings: changed rectangles rebuild the frame exactly, whole frames
/// decode to it, JPEG stays close (docs/Preview.md, "Frame encoding").
@Suite(.freshRuntime) @MainActor struct PreviewFrameEncoderTests {
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
            index: index, width: w, height: h, encoding: .raw, bytes: pixels, pixels: pixels, state: PreviewSceneState(),
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

    /// A frame drawn at half scale is encoded as it is; its parts land on the canvas at twice
    /// their position and size (clamped to an odd canvas), to be stretched there.
    @Test func aHalfScaleFramesPartsAreStretchedOverTheCanvas() throws {
        var encoder = PreviewFrameEncoder(mode: .rectsJPEG)
        var small = Self.frame(Self.picture(box: nil))
        small.canvasWidth = Self.w * 2 - 1
        small.canvasHeight = Self.h * 2
        let whole = encoder.motion(small)
        let p = try #require(whole.parts.first)
        #expect(p.x == 0 && p.y == 0 && p.width == Self.w * 2 - 1 && p.height == Self.h * 2 && !whole.exact)
        let image = try #require(ImageDecoder.decode(data: Data(whole.payload)))
        #expect(image.width == Self.w && image.height == Self.h)
        var moved = Self.frame(Self.picture(box: (21, 13), size: 9))
        moved.canvasWidth = Self.w * 2 - 1
        moved.canvasHeight = Self.h * 2
        let delta = encoder.motion(moved)
        let d = try #require(delta.parts.first)
        #expect(delta.parts.count == 1 && d.x == 42 && d.y == 26 && d.width == 18 && d.height == 18)
    }
}
