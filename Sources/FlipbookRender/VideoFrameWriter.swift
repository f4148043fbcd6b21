import CFlipbookPNG
import FlipbookGeometry
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts frames into the bytes ffmpeg reads and writes them down its pipe, on a thread of
/// its own, so the exporter renders the next frame meanwhile (docs/Renderer.md, "Exports").
///
/// At most `maximumWaiting` frames wait for the writer (`submit` blocks beyond that), so memory
/// stays bounded whatever the scene's length. A frame that shares the storage of the frame
/// submitted before it (`LayerRenderer` returns the same image when nothing changed) holds no
/// memory of its own and costs the writer nothing, so it takes no place: the exporter goes on
/// to the next frame at once, even while ffmpeg is still loading and reads nothing. A frame is
/// converted only where it differs from the one before: YUV rows pairs that did not change keep
/// their bytes (`flipbook_yuv420_update`), and a frame equal to the one before is not converted
/// at all; the bytes written are the same as converting every frame whole.
// @unchecked: `lastSubmitted` belongs to the thread calling `submit`; the other vars to `queue`.
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
    /// The first error the writer met.
    private let failure = LockedValue<Error?>(nil)
    /// The bytes of the last frame written (reused: only what changed is converted again).
    private var scratch: [UInt8]
    /// The last frame converted into `scratch`.
    private var previous: [UInt8]?
    /// Row pairs (YUV) or frames (RGBA) converted and skipped, for the benchmark and tests.
    private var counts = (converted: 0, skipped: 0)
    /// Timestamps for each frame, and repeated frames left out (nil: raw frames, every one).
    let framing: MatroskaFraming?
    /// Frames submitted so far (on `queue`).
    private var submitted = 0
    /// The last frame submitted repeated the one before and was not sent yet (on `queue`).
    private var lastHeldBack = false
    /// Frames sent down the pipe (on `queue`).
    private var sentFrames = 0
    /// The frame `submit` took last (on the submitting thread; kept so that its storage, and
    /// so its address, stays its own while a repeat is recognised by it).
    private var lastSubmitted: [UInt8]?

    /// Writes to `fd` (the write end of ffmpeg's stdin, which the caller keeps open until
    /// `finish`).
    /// `framing` needs the `.yuv420` layout (it is ignored for RGBA).
    init(layout: Layout, width: Int, height: Int, fd: Int32, maximumWaiting: Int = 2, framing: MatroskaFraming? = nil) {
        self.layout = layout
        self.width = width
        self.height = height
        self.fd = fd
        self.maximumWaiting = max(1, maximumWaiting)
        self.framing = layout == .yuv420 ? framing : nil
        slots = DispatchSemaphore(value: self.maximumWaiting)
        scratch = [UInt8](repeating: 0, count: Self.byteCount(layout, width: width, height: height))
        Self.enlargePipe(fd)
        if let header = self.framing?.header {
            queue.async { [self] in
                do { try writeAll(header) } catch { record(error) }
            }
        }
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
    var error: Error? { failure.current }

    private func record(_ e: Error) {
        failure.withLock { if $0 == nil { $0 = e } }
    }

    /// Queues `pixels` (premultiplied RGBA8, `width × height`); throws an earlier write's error
    /// instead (ffmpeg gone). Blocks while `maximumWaiting` frames wait, unless `pixels` shares
    /// the storage of the frame submitted before (a repeat, which takes no place).
    func submit(_ pixels: [UInt8]) throws {
        if let e = error { throw e }
        precondition(pixels.count == width * height * 4, "VideoFrameWriter: frame size checked by VideoEncoder.append")
        let repeated = lastSubmitted.map { Self.sameStorage($0, pixels) } ?? false
        if !repeated { slots.wait() }
        lastSubmitted = pixels
        queue.async { [self] in
            defer { if !repeated { slots.signal() } }
            guard error == nil else { return }
            let index = submitted
            submitted += 1
            let changed = convert(pixels)
            if framing != nil && index > 0 && !changed {
                lastHeldBack = true  // the frame before simply lasts longer
                return
            }
            lastHeldBack = false
            do { try send(index) } catch { record(error) }
        }
    }

    /// Whether two frames share one storage (both are alive, so equal addresses mean the same
    /// buffer).
    static func sameStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    /// Sends the last frame if it was held back as a repeat (so the video lasts to its end),
    /// then waits until everything queued is written. Call once, after the last `submit`.
    func end() {
        lastSubmitted = nil
        queue.sync {
            guard lastHeldBack, error == nil else { return }
            lastHeldBack = false
            do { try send(submitted - 1) } catch { record(error) }
        }
    }

    /// Waits until every queued frame is written (or failed).
    func drain() { queue.sync {} }

    /// Frames sent down the pipe so far (after `drain` or `end`).
    var framesSent: Int { queue.sync { sentFrames } }

    /// Writes `scratch` as frame `index` (with its timestamp when framed).
    private func send(_ index: Int) throws {
        if let framing { try writeAll(framing.frameHeader(index: index, byteCount: scratch.count)) }
        try scratch.withUnsafeBytes { try writeAll($0) }
        sentFrames += 1
    }

    /// Rows pairs (YUV) or whole frames (RGBA) converted and skipped so far (after `drain`).
    var conversions: (converted: Int, skipped: Int) { queue.sync { counts } }

    /// Converts `pixels` into `scratch`; false when they equal the frame before (nothing changed).
    private func convert(_ pixels: [UInt8]) -> Bool {
        let changed: Bool
        if let previous {
            changed = previous.withUnsafeBufferPointer { convert(pixels, after: $0.baseAddress) }
        } else {
            changed = convert(pixels, after: nil)
        }
        previous = pixels  // shares the frame's storage: no copy
        return changed
    }

    private func convert(_ pixels: [UInt8], after prev: UnsafePointer<UInt8>?) -> Bool {
        let (w, h) = (width, height)
        return pixels.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return true }
                switch layout {
                case .yuv420:
                    let n = flipbook_yuv420_update(s, prev, w, h, d)
                    counts.converted += n
                    counts.skipped += (h + 1) / 2 - n
                    return n > 0 || prev == nil
                case .straightRGBA:
                    if let prev, prev == s || memcmp(s, prev, w * h * 4) == 0 {
                        counts.skipped += 1
                        return false
                    }
                    flipbook_straight_rgba(s, w * h, d)
                    counts.converted += 1
                    return true
                }
            }
        }
    }

    private func writeAll(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try writeAll($0) } }

    /// Writes `buf` whole, through short writes and interrupted calls.
    private func writeAll(_ buf: UnsafeRawBufferPointer) throws {
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
