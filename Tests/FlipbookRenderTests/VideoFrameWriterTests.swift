import CFlipbookPNG
import FlipbookGeometry
import Foundation
import Testing
import TestSupport
@testable import FlipbookRender

/// The bytes exports send ffmpeg: the YUV conversion's fast paths (whole-word loads, rows that
/// repeat the frame before) against a plain per-pixel reference, bit for bit, and the writer
/// thread's output against converting every frame whole.
@Suite struct VideoFrameWriterTests {
    /// BT.601 limited range from 8-bit RGB, 4:2:0 by the rounded mean of each 2 × 2 block, the
    /// padding black: the definition the C code must meet, written the obvious way.
    static func referenceYUV(_ px: [UInt8], width: Int, height: Int) -> [UInt8] {
        let (w2, h2) = (width + width % 2, height + height % 2)
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            guard x < width, y < height else { return (0, 0, 0) }
            let k = (y * width + x) * 4
            return (Int(px[k]), Int(px[k + 1]), Int(px[k + 2]))
        }
        var yPlane = [UInt8](), u = [UInt8](), v = [UInt8]()
        for y in 0..<h2 {
            for x in 0..<w2 {
                if x >= width || y >= height { yPlane.append(16); continue }
                let (r, g, b) = rgb(x, y)
                yPlane.append(UInt8(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16))
            }
        }
        for y in stride(from: 0, to: h2, by: 2) {
            for x in stride(from: 0, to: w2, by: 2) {
                var (sr, sg, sb) = (0, 0, 0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let (r, g, b) = rgb(x + dx, y + dy)
                    sr += r; sg += g; sb += b
                }
                u.append(UInt8(((-38 * sr - 74 * sg + 112 * sb + 512) >> 10) + 128))
                v.append(UInt8(((112 * sr - 94 * sg - 18 * sb + 512) >> 10) + 128))
            }
        }
        return yPlane + u + v
    }

    static func yuv(_ px: [UInt8], width: Int, height: Int, after previous: [UInt8]? = nil, into out: inout [UInt8]) -> Int {
        px.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                if let previous {
                    return previous.withUnsafeBufferPointer { p in
                        flipbook_yuv420_update(s.baseAddress!, p.baseAddress!, width, height, d.baseAddress!)
                    }
                }
                return flipbook_yuv420_update(s.baseAddress!, nil, width, height, d.baseAddress!)
            }
        }
    }

    static func randomFrame(_ width: Int, _ height: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        (0..<(width * height * 4)).map { i in i % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &rng) }
    }

    @Test func wholeConversionMatchesTheReferenceForEverySmallSize() {
        var rng = SeededGenerator(state: 1)
        var mismatches: [String] = []
        for width in 1...9 {
            for height in 1...9 {
                let px = Self.randomFrame(width, height, &rng)
                var out = [UInt8](repeating: 0, count: VideoFrameWriter.byteCount(.yuv420, width: width, height: height))
                _ = Self.yuv(px, width: width, height: height, into: &out)
                if out != Self.referenceYUV(px, width: width, height: height) { mismatches.append("\(width)×\(height)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Extremes: black and white give the limited range's ends.
        var out = [UInt8](repeating: 0, count: 6)
        _ = Self.yuv([UInt8](repeating: 255, count: 16), width: 2, height: 2, into: &out)
        #expect(out == [235, 235, 235, 235, 128, 128])
    }

    /// Changing random rows of random frames: converting only the changed row pairs into the
    /// last frame's bytes gives exactly the whole conversion, and counts the pairs it redid.
    @Test func updatingOnlyChangedRowsGivesTheWholeConversion() {
        var rng = SeededGenerator(state: 7)
        var failures = 0
        for trial in 0..<300 {
            let width = Int.random(in: 1...40, using: &rng), height = Int.random(in: 1...40, using: &rng)
            var frame = Self.randomFrame(width, height, &rng)
            var out = [UInt8](repeating: 0, count: VideoFrameWriter.byteCount(.yuv420, width: width, height: height))
            _ = Self.yuv(frame, width: width, height: height, into: &out)
            for _ in 0..<3 {
                let previous = frame
                var changedPairs = Set<Int>()
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    let y = Int.random(in: 0..<height, using: &rng), x = Int.random(in: 0..<width, using: &rng)
                    frame[(y * width + x) * 4 + Int.random(in: 0...2, using: &rng)] &+= 1
                    changedPairs.insert(y / 2)
                }
                let n = Self.yuv(frame, width: width, height: height, after: previous, into: &out)
                if out != Self.referenceYUV(frame, width: width, height: height) || n != changedPairs.count {
                    failures += 1
                    if failures == 1 { Issue.record("trial \(trial): \(width)×\(height), \(n) pairs redone, expected \(changedPairs.count)") }
                }
            }
        }
        #expect(failures == 0)
    }

    /// The conversion exports run (the AVX2 copy where the processor has it) gives the same
    /// bytes and the same count of row pairs as the baseline copy, for widths that exercise the
    /// vector loops and their tails (the frame's full width too), whole and changed-rows-only.
    @Test func theVectorConversionMatchesThePortableOneBitForBit() {
        var rng = SeededGenerator(state: 21)
        var failures: [String] = []
        func compare(_ px: [UInt8], _ previous: [UInt8]?, _ width: Int, _ height: Int, _ start: [UInt8], _ label: String) {
            var fast = start, plain = start
            let n = Self.yuv(px, width: width, height: height, after: previous, into: &fast)
            let m = px.withUnsafeBufferPointer { s in
                plain.withUnsafeMutableBufferPointer { d in
                    guard let previous else { return flipbook_yuv420_update_portable(s.baseAddress!, nil, width, height, d.baseAddress!) }
                    return previous.withUnsafeBufferPointer { p in
                        flipbook_yuv420_update_portable(s.baseAddress!, p.baseAddress!, width, height, d.baseAddress!)
                    }
                }
            }
            if fast != plain || n != m { failures.append(label) }
        }
        let sizes = (1...80).map { ($0, Int.random(in: 1...7, using: &rng)) } + [(786, 6), (785, 5), (129, 3), (64, 64)]
        for (width, height) in sizes {
            let a = Self.randomFrame(width, height, &rng)
            let zero = [UInt8](repeating: 0, count: VideoFrameWriter.byteCount(.yuv420, width: width, height: height))
            compare(a, nil, width, height, zero, "\(width)×\(height) whole")
            // Extremes in every channel: white, black, and single channels at 255.
            let extremes = (0..<(width * height)).flatMap { i -> [UInt8] in
                [[255, 255, 255, 255], [0, 0, 0, 255], [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]][i % 5]
            }
            compare(extremes, nil, width, height, zero, "\(width)×\(height) extremes")
            var b = a
            b[Int.random(in: 0..<b.count, using: &rng)] &+= 1
            var start = zero
            _ = Self.yuv(a, width: width, height: height, into: &start)
            compare(b, a, width, height, start, "\(width)×\(height) changed")
        }
        #expect(failures.isEmpty, "\(failures.prefix(8))")
        // The reference agrees on a wide frame too (the vector loop's whole blocks).
        let wide = Self.randomFrame(131, 4, &rng)
        var out = [UInt8](repeating: 0, count: VideoFrameWriter.byteCount(.yuv420, width: 131, height: 4))
        _ = Self.yuv(wide, width: 131, height: 4, into: &out)
        #expect(out == Self.referenceYUV(wide, width: 131, height: 4))
    }

    /// Reads everything written to a pipe until it closes.
    static func readAll(_ handle: FileHandle) -> Data { handle.readDataToEndOfFile() }

    /// The writer thread sends exactly the whole conversion of every frame, in order, skipping
    /// the work (not the bytes) of frames that repeat.
    @Test(arguments: [VideoFrameWriter.Layout.yuv420, .straightRGBA])
    func theWriterSendsEveryFrameWhole(_ layout: VideoFrameWriter.Layout) throws {
        let (width, height) = (7, 5)
        var rng = SeededGenerator(state: 3)
        let a = Self.randomFrame(width, height, &rng), b = Self.randomFrame(width, height, &rng)
        var c = b
        c[0] &+= 1  // only the first row pair differs from b
        let frames = [a, a, b, b, c, a]
        let pipe = Pipe()
        let received = LockedValue(Data())
        let done = DispatchGroup()
        let reader = pipe.fileHandleForReading
        DispatchQueue.global().async(group: done) { received.exchange(reader.readDataToEndOfFile()) }
        let writer = VideoFrameWriter(layout: layout, width: width, height: height, fd: pipe.fileHandleForWriting.fileDescriptor)
        for f in frames { try writer.submit(f) }
        writer.drain()
        let counts = writer.conversions
        try pipe.fileHandleForWriting.close()
        done.wait()
        var expected = Data()
        for f in frames {
            switch layout {
            case .yuv420:
                expected.append(contentsOf: Self.referenceYUV(f, width: width, height: height))
            case .straightRGBA:
                expected.append(contentsOf: f)  // opaque: straight equals premultiplied
            }
        }
        #expect(received.current == expected)
        switch layout {
        case .yuv420:
            // a: 3 pairs; a again: 0; b: 3; b again: 0; c: 1; a: 3.
            #expect(counts.converted == 10 && counts.skipped == 8, "\(counts)")
        case .straightRGBA:
            #expect(counts.converted == 4 && counts.skipped == 2, "\(counts)")
        }
        #expect(writer.error == nil)
    }

    /// With timestamps (MP4 and WebM), a frame equal to the one before is not sent; the last
    /// frame always is, at its own time, so the video lasts to its end.
    @Test func aTimedWriterLeavesOutRepeatsButSendsTheLastFrame() throws {
        let (width, height) = (6, 4)
        var rng = SeededGenerator(state: 11)
        let a = Self.randomFrame(width, height, &rng), b = Self.randomFrame(width, height, &rng)
        let framing = MatroskaFraming(width: width, height: height, fps: 30)
        for (frames, sent) in [([a, a, b, b, b], [0, 2, 4]), ([a, b, b, a], [0, 1, 3]), ([a], [0]), ([a, a], [0, 1])] {
            let pipe = Pipe()
            let received = LockedValue(Data())
            let done = DispatchGroup()
            let reader = pipe.fileHandleForReading
            DispatchQueue.global().async(group: done) { received.exchange(reader.readDataToEndOfFile()) }
            let writer = VideoFrameWriter(
                layout: .yuv420, width: width, height: height, fd: pipe.fileHandleForWriting.fileDescriptor, framing: framing)
            for f in frames { try writer.submit(f) }
            writer.end()
            writer.end()  // a second call sends nothing more
            #expect(writer.framesSent == sent.count)
            try pipe.fileHandleForWriting.close()
            done.wait()
            var expected = Data(framing.header)
            for i in sent {
                let yuv = Self.referenceYUV(frames[i], width: width, height: height)
                expected.append(contentsOf: framing.frameHeader(index: i, byteCount: yuv.count) + yuv)
            }
            #expect(received.current == expected, "frames sent should be \(sent)")
            #expect(writer.error == nil)
        }
    }

    /// A frame sharing the storage of the one before (what `LayerRenderer` returns when nothing
    /// changed) takes no place in the queue: the exporter goes on while ffmpeg is not reading
    /// yet, and every frame still arrives, in order.
    @Test func repeatsDoNotWaitForTheReader() throws {
        let (width, height) = (600, 500)  // 1.2 MB a frame: more than the pipe holds
        func frame(_ seed: Int) -> [UInt8] {
            (0..<(width * height * 4)).map { i in i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: i &* seed >> 2) }
        }
        let a = frame(7), b = frame(13)
        let pipe = Pipe()
        let writer = VideoFrameWriter(
            layout: .straightRGBA, width: width, height: height, fd: pipe.fileHandleForWriting.fileDescriptor, maximumWaiting: 1)
        let repeatsDone = DispatchSemaphore(value: 0), allDone = DispatchGroup()
        let failure = LockedValue<Error?>(nil)
        DispatchQueue.global().async(group: allDone) {
            do {
                try writer.submit(a)  // the writer takes it and blocks: nobody reads yet
                for _ in 0..<20 { try writer.submit(a) }
                repeatsDone.signal()
                try writer.submit(b)  // a new frame waits for the place a holds
            } catch {
                failure.exchange(error)
                repeatsDone.signal()
            }
        }
        let waited = repeatsDone.wait(timeout: .now() + 20)
        #expect(waited == .success, "repeats waited for a reader")
        // Now read everything (this also frees the submitting thread if it was stuck).
        let received = LockedValue(Data())
        let reading = DispatchGroup()
        let reader = pipe.fileHandleForReading
        DispatchQueue.global().async(group: reading) { received.exchange(reader.readDataToEndOfFile()) }
        allDone.wait()
        writer.drain()
        try pipe.fileHandleForWriting.close()
        reading.wait()
        #expect(failure.current == nil)
        var expected = Data()
        for _ in 0..<21 { expected.append(contentsOf: a) }  // opaque: straight equals premultiplied
        expected.append(contentsOf: b)
        #expect(received.current == expected)
        #expect(writer.error == nil)
    }

    /// A reader that goes away (ffmpeg failing) becomes an error on a later submit, never a
    /// crash or a hang.
    @Test func aClosedPipeBecomesAnError() throws {
        FFmpeg.ignoreBrokenPipes()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let writer = VideoFrameWriter(layout: .straightRGBA, width: 4, height: 4, fd: pipe.fileHandleForWriting.fileDescriptor)
        var rng = SeededGenerator(state: 5)
        let frame = Self.randomFrame(4, 4, &rng)
        try writer.submit(frame)
        writer.drain()
        #expect(writer.error != nil)
        #expect(throws: RenderError.self) { try writer.submit(frame) }
        try pipe.fileHandleForWriting.close()
    }
}
