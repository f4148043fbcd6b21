import Synchronization

/// What one page is sent, bounded: text replies queue up to `PreviewLimits.maxQueuedReplies`
/// (the oldest dropped beyond), frames never queue: a frame not yet written is replaced by a
/// newer one (counted as dropped). The WebSocket writer task drains it.
final class PreviewOutbox: Sendable {
    enum Item: Sendable {
        case text(String)
        case frame([UInt8])
    }
    private struct State {
        var texts: [String] = []
        var frame: [UInt8]?
        var droppedFrames = 0
        var droppedReplies = 0
        var closed = false
    }
    private let state = Mutex(State())
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

    func send(frame: [UInt8]) {
        let ok = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            if s.frame != nil { s.droppedFrames += 1 }
            s.frame = frame
            return true
        }
        if ok { wake.yield() }
    }

    /// The next item to write: replies first, then the newest frame.
    func next() -> Item? {
        state.withLock { s in
            if !s.texts.isEmpty { return .text(s.texts.removeFirst()) }
            if let f = s.frame {
                s.frame = nil
                return .frame(f)
            }
            return nil
        }
    }

    var droppedFrames: Int { state.withLock { $0.droppedFrames } }

    func close() {
        state.withLock { $0.closed = true }
        wake.finish()
    }
}
