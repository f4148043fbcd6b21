import FlipbookGeometry
import Foundation

/// Stops a running `SceneExporter.export` from another thread: a Ctrl-C handler, a preview's
/// stop button. The export stops its ffmpeg processes, removes the outputs it had begun and
/// throws `CancellationError`.
public final class ExportCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextHandler = 0
    }
    private let state = LockedValue(State())

    public init() {}

    /// True once `cancel()` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Asks the export to stop. Safe from any thread and from a signal source; later calls do nothing.
    public func cancel() {
        // The handlers run after the lock is let go: they may ask `isCancelled`.
        let run: [@Sendable () -> Void] = state.withLock { state in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            let run = state.handlers.sorted { $0.key < $1.key }.map(\.value)
            state.handlers = [:]
            return run
        }
        for h in run { h() }
    }

    /// Runs `handler` on cancellation (at once when already cancelled); the id removes it.
    @discardableResult
    func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int {
        let id: Int? = state.withLock { state in
            if state.cancelled { return nil }
            state.nextHandler += 1
            state.handlers[state.nextHandler] = handler
            return state.nextHandler
        }
        guard let id else {
            handler()
            return -1
        }
        return id
    }

    func removeHandler(_ id: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }
}

/// The ffmpeg process an encoder is waiting on, stoppable from any thread.
final class ProcessInterruption: Sendable {
    private struct State {
        var pid: pid_t = 0
        var interrupted = false
    }
    private let state = LockedValue(State())

    /// True once `interrupt()` was called.
    var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Records the running process (0 when none); an interrupted encoder stops it at once.
    func running(_ p: pid_t) {
        let stop = state.withLock { state in
            state.pid = p
            return state.interrupted && p > 0
        }
        if stop { kill(p, SIGTERM) }
    }

    /// Stops the running process (SIGTERM) and any started later.
    func interrupt() {
        let p = state.withLock { state in
            state.interrupted = true
            return state.pid
        }
        if p > 0 { kill(p, SIGTERM) }
    }
}
