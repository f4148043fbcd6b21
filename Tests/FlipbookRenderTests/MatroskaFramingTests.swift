import Foundation
import Testing
@testable import FlipbookRender

/// The timed stream MP4 and WebM exports send ffmpeg: EBML encoding against hand-worked bytes,
/// frame times against i / fps, and ffmpeg's own reading of a stream written here.
@Suite struct MatroskaFramingTests {
    @Test func ebmlEncodingFollowsTheRFC() {
        #expect(MatroskaFraming.id(0x1A45_DFA3) == [0x1A, 0x45, 0xDF, 0xA3])
        #expect(MatroskaFraming.id(0xE7) == [0xE7])
        #expect(MatroskaFraming.id(0x2A_D7B1) == [0x2A, 0xD7, 0xB1])
        #expect(MatroskaFraming.size(5) == [0x01, 0, 0, 0, 0, 0, 0, 5])
        #expect(MatroskaFraming.size(0x0102_0304) == [0x01, 0, 0, 0, 0x01, 0x02, 0x03, 0x04])
        // Unsigned integers in as few bytes as hold them, zero in one byte.
        #expect(MatroskaFraming.uint(0xD7, 1) == [0xD7, 0x01, 0, 0, 0, 0, 0, 0, 1, 0x01])
        #expect(MatroskaFraming.uint(0xE7, 0) == [0xE7, 0x01, 0, 0, 0, 0, 0, 0, 1, 0x00])
        #expect(MatroskaFraming.uint(0xB0, 786) == [0xB0, 0x01, 0, 0, 0, 0, 0, 0, 2, 0x03, 0x12])
    }

    @Test func framesAreTimedAtIndexOverFPSInNanoseconds() {
        let f = MatroskaFraming(width: 2, height: 2, fps: 60)
        #expect(f.timestamp(ofFrame: 0) == 0)
        #expect(f.timestamp(ofFrame: 1) == 16_666_667)
        #expect(f.timestamp(ofFrame: 3) == 50_000_000)
        #expect(f.timestamp(ofFrame: 6000) == 100_000_000_000)
        let ntsc = MatroskaFraming(width: 2, height: 2, fps: 30000.0 / 1001)
        #expect(ntsc.timestamp(ofFrame: 30) == 1_001_000_000)
    }

    @Test func aFramesHeaderSizesItsClusterAndBlock() {
        let f = MatroskaFraming(width: 2, height: 2, fps: 10)
        let h = f.frameHeader(index: 2, byteCount: 6)
        let timestamp: [UInt8] = [0xE7, 0x01, 0, 0, 0, 0, 0, 0, 4] + [0x0B, 0xEB, 0xC2, 0x00]  // 200 000 000 ns
        let block: [UInt8] = [0xA3, 0x01, 0, 0, 0, 0, 0, 0, 10, 0x81, 0x00, 0x00, 0x80]
        let cluster: [UInt8] = [0x1F, 0x43, 0xB6, 0x75, 0x01, 0, 0, 0, 0, 0, 0, UInt8(timestamp.count + block.count + 6)]
        #expect(h == cluster + timestamp + block)
    }

    /// The encoder's time base: one frame, exact for whole and NTSC rates.
    @Test func frameDurationsAreExactRatios() {
        #expect(VideoEncoder.frameDuration(60) == "1:60")
        #expect(VideoEncoder.frameDuration(24) == "1:24")
        #expect(VideoEncoder.frameDuration(12.5) == "2:25")
        #expect(VideoEncoder.frameDuration(30000.0 / 1001) == "1001:30000")
        #expect(VideoEncoder.frameDuration(24000.0 / 1001) == "1001:24000")
        #expect(VideoEncoder.frameDuration(0.5) == "2:1")
    }

    /// ffmpeg reads a stream written here as raw I420 at the frames' own times.
    @Test func ffprobeReadsTheStreamWithItsTimes() throws {
        guard FFmpeg.locate("ffprobe") != nil else { return }
        let f = MatroskaFraming(width: 4, height: 2, fps: 60)
        var bytes = f.header
        for (i, index) in [0, 2, 5].enumerated() {
            bytes += f.frameHeader(index: index, byteCount: 12) + [UInt8](repeating: UInt8(16 + i), count: 12)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-mkv-\(UUID().uuidString).mkv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        let stream = String(decoding: try FFmpeg.run("ffprobe", [
            "-v", "error", "-show_entries", "stream=codec_name,width,height,pix_fmt", "-of", "csv=p=0", url.path]), as: UTF8.self)
        #expect(stream.trimmingCharacters(in: .whitespacesAndNewlines) == "rawvideo,4,2,yuv420p")
        let times = String(decoding: try FFmpeg.run("ffprobe", [
            "-v", "error", "-show_entries", "packet=pts_time", "-of", "csv=p=0", url.path]), as: UTF8.self)
            .split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(times.count == 3)
        for (t, index) in zip(times, [0, 2, 5]) { #expect(abs(t - Double(index) / 60) < 1e-6, "\(times)") }
    }
}
