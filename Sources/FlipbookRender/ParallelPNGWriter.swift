import FlipbookGeometry
import Foundation

/// Encodes and writes numbered PNG frames on background threads, a bounded number at a time.
///
/// `submit` blocks while `maximumInFlight` frames are being encoded, so at most that many frames
/// are held whatever the scene's length. Each file is a pure function of its frame, so the
/// order in which workers finish changes nothing on disk; and a frame equal to the one submitted
/// before it is not encoded again: its file gets the same bytes once they exist.
// @unchecked: `last` and the counts are only touched by the submitting thread; the rest is Sendable.
final class ParallelPNGWriter: @unchecked Sendable {
    let maximumInFlight: Int
    let level: Int32
    let filter: PNGEncoder.Filter
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    /// The first error a worker met.
    private let failure = LockedValue<Error?>(nil)
    /// The last frame submitted and its encoding (filled by a worker, ready once `done` is).
    private var last: (pixels: [UInt8], png: EncodedPNG)?
    /// Frames encoded, and frames that repeated the one before (written from its bytes).
    private(set) var encodedCount = 0, repeatedCount = 0

    /// One frame's PNG bytes, filled by the worker that encodes it before it leaves `done`.
    private final class EncodedPNG: Sendable {
        let done = DispatchGroup()
        let data = LockedValue(Data())
    }

    init(maximumInFlight: Int = ParallelPNGWriter.defaultInFlight, level: Int32 = PNGEncoder.defaultLevel,
         filter: PNGEncoder.Filter = PNGEncoder.defaultFilter) {
        self.maximumInFlight = max(1, maximumInFlight)
        self.level = level
        self.filter = filter
        slots = DispatchSemaphore(value: self.maximumInFlight)
    }

    /// One worker a core, at least two (rendering overlaps encoding), at most eight.
    static var defaultInFlight: Int { min(8, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The first error a worker met, if any.
    var error: Error? { failure.current }

    /// Queues `image` to be written as a PNG at `url`; throws an earlier worker's error instead.
    func submit(_ image: RenderedImage, to url: URL) throws {
        if let e = error { throw e }
        slots.wait()
        if let last, Self.samePixels(last.pixels, image.premultipliedPixels) {
            // Written when the earlier frame's bytes exist, without holding a worker meanwhile.
            repeatedCount += 1
            let png = last.png
            group.enter()
            png.done.notify(queue: .global(qos: .userInitiated)) { [self] in
                defer { slots.signal(); group.leave() }
                guard error == nil else { return }
                write(png.data.current, to: url)
            }
            return
        }
        encodedCount += 1
        let png = EncodedPNG()
        png.done.enter()
        last = (image.premultipliedPixels, png)
        let level = level, filter = filter
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            defer { slots.signal() }
            guard error == nil else { png.done.leave(); return }
            let data = PNGEncoder.encode(image, level: level, filter: filter)
            png.data.exchange(data)
            png.done.leave()
            write(data, to: url)
        }
    }

    private func write(_ data: Data, to url: URL) {
        do {
            guard !data.isEmpty else { throw RenderError.io("could not encode \(url.lastPathComponent) (out of memory?)") }
            try data.write(to: url)
        } catch {
            record(error as? RenderError ?? RenderError.io("cannot write \(url.path): \(error.localizedDescription)"))
        }
    }

    /// Whether two frames of the same size hold the same bytes (the same storage first).
    static func samePixels(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                pa.baseAddress == pb.baseAddress || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
    }

    private func record(_ e: Error) {
        failure.withLock { if $0 == nil { $0 = e } }
    }

    /// Waits for every queued frame; throws the first error.
    func finish() throws {
        group.wait()
        if let e = error { throw e }
    }

    /// Waits for every queued frame, ignoring errors (before removing a failed export's folder).
    func drain() { group.wait() }
}
