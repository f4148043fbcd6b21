import FlipbookGeometry
import Foundation

/// What one page is sent, bounded: text replies queue up to `PreviewLimits.maxQueuedReplies`
/// (the oldest dropped beyond), frames never queue: a frame not yet written is replaced by a
/// newer one (counted as dropped). The WebSocket writer task drains it.
final class PreviewOutbox: Sendable {
    enum Item: Sendable {
        case text(String)
        /// One binary message: `head` then `body` (kept apart so megabytes of pixels are copied
        /// once, into the WebSocket's buffer).
        case frame(head: [UInt8], body: [UInt8])
    }
    private struct State {
        var texts: [String] = []
        var frame: (head: [UInt8], body: [UInt8])?
        var droppedFrames = 0
        var droppedReplies = 0
        var closed = false
    }
    private let state = LockedValue(State())
    /// Wakes the writer when something arrives.
    let signal: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init() {
        (signal, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func send(text: String) {
        let ok = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            s.texts.append(text)
            if s.texts.count > PreviewLimits.maxQueuedReplies {
                s.texts.removeFirst()
                s.droppedReplies += 1
            }
            return true
        }
        if ok { wake.yield() }
    }

    /// Returns true when the frame replaced one that was not written yet (that one is dropped,
    /// and the page never sees nor acknowledges it).
    @discardableResult
    func send(frame head: [UInt8], body: [UInt8] = []) -> Bool {
        let (ok, replaced) = state.withLock { s -> (Bool, Bool) in
            guard !s.closed else { return (false, false) }
            let replaced = s.frame != nil
            if replaced { s.droppedFrames += 1 }
            s.frame = (head, body)
            return (true, replaced)
        }
        if ok { wake.yield() }
        return replaced
    }

    /// The next item to write: replies first, then the newest frame.
    func next() -> Item? {
        state.withLock { s in
            if !s.texts.isEmpty { return .text(s.texts.removeFirst()) }
            if let f = s.frame {
                s.frame = nil
                return .frame(head: f.head, body: f.body)
            }
            return nil
        }
    }

    var droppedFrames: Int { state.withLock { $0.droppedFrames } }

    /// Whether a frame waits to be written (a new frame would replace it).
    var hasPendingFrame: Bool { state.withLock { $0.frame != nil } }

    func close() {
        state.withLock { $0.closed = true }
        wake.finish()
    }
}
