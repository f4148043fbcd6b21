import Foundation

/// Encodes and writes numbered PNG frames on background threads, a bounded number at a time.
///
/// `submit` blocks while `maximumInFlight` frames are being encoded, so at most that many frames
/// are held whatever the scene's length. Each file is a pure function of its frame, so the
/// order in which workers finish changes nothing on disk.
// @unchecked: `failure` is only touched under `lock`; the semaphore and group are thread-safe.
final class ParallelPNGWriter: @unchecked Sendable {
    let maximumInFlight: Int
    let level: Int32
    let filter: PNGEncoder.Filter
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var failure: Error?

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
    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Queues `image` to be written as a PNG at `url`; throws an earlier worker's error instead.
    func submit(_ image: RenderedImage, to url: URL) throws {
        if let e = error { throw e }
        slots.wait()
        let level = level, filter = filter
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            defer { slots.signal() }
            guard error == nil else { return }
            let data = PNGEncoder.encode(image, level: level, filter: filter)
            do {
                guard !data.isEmpty else { throw RenderError.io("could not encode \(url.lastPathComponent) (out of memory?)") }
                try data.write(to: url)
            } catch {
                record(error as? RenderError ?? RenderError.io("cannot write \(url.path): \(error.localizedDescription)"))
            }
        }
    }

    private func record(_ e: Error) {
        lock.lock()
        if failure == nil { failure = e }
        lock.unlock()
    }

    /// Waits for every queued frame; throws the first error.
    func finish() throws {
        group.wait()
        if let e = error { throw e }
    }

    /// Waits for every queued frame, ignoring errors (before removing a failed export's folder).
    func drain() { group.wait() }
}
