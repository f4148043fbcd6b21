import Foundation

/// Stops a running `SceneExporter.export` from another thread: a Ctrl-C handler, a preview's
/// stop button. The export stops its ffmpeg processes, removes the outputs it had begun and
/// throws `CancellationError`.
// @unchecked: every access to the state goes through `lock`.
public final class ExportCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextHandler = 0

    public init() {}

    /// True once `cancel()` was called.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Asks the export to stop. Safe from any thread and from a signal source; later calls do nothing.
    public func cancel() {
        lock.lock()
        guard !cancelled else { lock.unlock(); return }
        cancelled = true
        let run = handlers.sorted { $0.key < $1.key }.map(\.value)
        handlers = [:]
        lock.unlock()
        for h in run { h() }
    }

    /// Runs `handler` on cancellation (at once when already cancelled); the id removes it.
    @discardableResult
    func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        if cancelled {
            lock.unlock()
            handler()
            return -1
        }
        nextHandler += 1
        let id = nextHandler
        handlers[id] = handler
        lock.unlock()
        return id
    }

    func removeHandler(_ id: Int) {
        lock.lock()
        handlers[id] = nil
        lock.unlock()
    }
}

/// The ffmpeg process an encoder is waiting on, stoppable from any thread.
// @unchecked: every access to the state goes through `lock`.
final class ProcessInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var interrupted = false

    /// True once `interrupt()` was called.
    var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Records the running process (0 when none); an interrupted encoder stops it at once.
    func running(_ p: pid_t) {
        lock.lock()
        pid = p
        let stop = interrupted && p > 0
        lock.unlock()
        if stop { kill(p, SIGTERM) }
    }

    /// Stops the running process (SIGTERM) and any started later.
    func interrupt() {
        lock.lock()
        interrupted = true
        let p = pid
        lock.unlock()
        if p > 0 { kill(p, SIGTERM) }
    }
}
