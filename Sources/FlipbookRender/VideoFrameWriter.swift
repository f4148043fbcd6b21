import CFlipbookPNG
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts frames into the bytes ffmpeg reads and writes them down its pipe, on a thread of
/// its own, so the exporter renders the next frame meanwhile (docs/ARCHITECTURE.md, "Exports").
///
/// At most `maximumWaiting` frames wait for the writer (`submit` blocks beyond that), so memory
/// stays bounded whatever the scene's length. A frame is converted only where it differs from
/// the one before: YUV rows pairs that did not change keep their bytes
/// (`flipbook_yuv420_update`), and a frame equal to the one before is not converted at all; the
/// bytes written are the same as converting every frame whole.
// @unchecked: `failure` is only touched under `lock`; everything else after `init` belongs to
// `queue`.
final class VideoFrameWriter: @unchecked Sendable {
    /// What ffmpeg is told to read (`-pix_fmt`).
    enum Layout: Sendable {
        /// Planar YUV 4:2:0, BT.601 limited range, padded with black to even sizes.
        case yuv420
        /// Straight-alpha RGBA8.
        case straightRGBA
    }

    let layout: Layout
    let width: Int
    let height: Int
    let maximumWaiting: Int
    private let fd: Int32
    private let queue = DispatchQueue(label: "flipbook.video-frame-writer", qos: .userInitiated)
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?
    /// The bytes of the last frame written (reused: only what changed is converted again).
    private var scratch: [UInt8]
    /// The last frame converted into `scratch`.
    private var previous: [UInt8]?
    /// Row pairs (YUV) or frames (RGBA) converted and skipped, for the benchmark and tests.
    private var counts = (converted: 0, skipped: 0)

    /// Writes to `fd` (the write end of ffmpeg's stdin, which the caller keeps open until
    /// `finish`).
    init(layout: Layout, width: Int, height: Int, fd: Int32, maximumWaiting: Int = 2) {
        self.layout = layout
        self.width = width
        self.height = height
        self.fd = fd
        self.maximumWaiting = max(1, maximumWaiting)
        slots = DispatchSemaphore(value: self.maximumWaiting)
        scratch = [UInt8](repeating: 0, count: Self.byteCount(layout, width: width, height: height))
        Self.enlargePipe(fd)
    }

    /// Bytes of one frame in `layout`.
    static func byteCount(_ layout: Layout, width: Int, height: Int) -> Int {
        switch layout {
        case .yuv420:
            let (w, h) = (width + width % 2, height + height % 2)
            return w * h + 2 * (w / 2) * (h / 2)
        case .straightRGBA:
            return width * height * 4
        }
    }

    /// A pipe holds 64 KiB by default: a 2 MB frame then takes 32 wake-ups of ffmpeg. Linux
    /// lets a process raise it to 1 MiB (`/proc/sys/fs/pipe-max-size`); failing is harmless.
    private static func enlargePipe(_ fd: Int32) {
        #if os(Linux)
        let F_SETPIPE_SZ: Int32 = 1031  // <linux/fcntl.h>; Glibc's module does not export it
        _ = fcntl(fd, F_SETPIPE_SZ, 1 << 20)
        #endif
    }

    /// The first error the writer met, if any.
    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    private func record(_ e: Error) {
        lock.lock()
        if failure == nil { failure = e }
        lock.unlock()
    }

    /// Queues `pixels` (premultiplied RGBA8, `width × height`); throws an earlier write's error
    /// instead (ffmpeg gone).
    func submit(_ pixels: [UInt8]) throws {
        if let e = error { throw e }
        precondition(pixels.count == width * height * 4, "VideoFrameWriter: frame size checked by VideoEncoder.append")
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard error == nil else { return }
            convert(pixels)
            do { try writeAll() } catch { record(error) }
        }
    }

    /// Waits until every queued frame is written (or failed).
    func drain() { queue.sync {} }

    /// Rows pairs (YUV) or whole frames (RGBA) converted and skipped so far (after `drain`).
    var conversions: (converted: Int, skipped: Int) { queue.sync { counts } }

    private func convert(_ pixels: [UInt8]) {
        if let previous {
            previous.withUnsafeBufferPointer { convert(pixels, after: $0.baseAddress) }
        } else {
            convert(pixels, after: nil)
        }
        previous = pixels  // shares the frame's storage: no copy
    }

    private func convert(_ pixels: [UInt8], after prev: UnsafePointer<UInt8>?) {
        let (w, h) = (width, height)
        pixels.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                switch layout {
                case .yuv420:
                    let n = flipbook_yuv420_update(s, prev, w, h, d)
                    counts.converted += n
                    counts.skipped += (h + 1) / 2 - n
                case .straightRGBA:
                    if let prev, prev == s || memcmp(s, prev, w * h * 4) == 0 {
                        counts.skipped += 1
                    } else {
                        flipbook_straight_rgba(s, w * h, d)
                        counts.converted += 1
                    }
                }
            }
        }
    }

    /// Writes `scratch` whole, through short writes and interrupted calls.
    private func writeAll() throws {
        try scratch.withUnsafeBytes { buf in
            guard var p = buf.baseAddress else { return }
            var left = buf.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw RenderError.toolFailed(tool: "ffmpeg", status: -1, message: "pipe closed: \(String(cString: strerror(errno)))")
                }
                p += n
                left -= n
            }
        }
    }
}
