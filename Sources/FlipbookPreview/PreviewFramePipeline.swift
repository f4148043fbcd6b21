import Dispatch
import FlipbookGeometry
import Foundation

/// One page's frames between the session (main actor) and the outbox: encoded off the main
/// actor, one at a time and in order, while the main actor steps and draws the next frame
/// (docs/Preview.md, "Frame pipeline").
///
/// - The session decides on the main actor what to send and when (`PreviewSession`); the
///   pipeline encodes it (`PreviewFrameEncoder`, which it alone owns) on its runner — a serial
///   background queue in the server — builds the header and hands the frame to the outbox.
/// - A touched or exact frame with nothing ahead of it is encoded at once on the caller (no
///   thread hop: input latency); played frames always go to the runner.
/// - Bounded: at most one frame is encoded and one waits. A played frame finds no room while one
///   waits (`hasRoomForPlayedFrame`; the session then skips it before drawing it and is woken
///   when the waiting one starts encoding); a touched or exact frame always goes, and replaces
///   a frame still waiting (never encoded, never sent: the newer frame shows at least as much).
/// - In flight: a frame counts from the moment it is submitted (the session's decision) until
///   the page acknowledges it; its bytes are those of the last frame encoded until its own size
///   is known. A frame the outbox replaced before writing it, or one replaced while waiting,
///   is taken out at once (the page never sees nor acknowledges it).
/// - The pixels are the renderer's `RenderedImage` storage: an immutable array (a new one for
///   every changed frame, the same one again for an unchanged frame), so the encoder reads it
///   while the main actor draws the next frame without copying it.
final class PreviewFramePipeline: Sendable {
    enum Kind: Sendable, Equatable {
        /// Playing: may be skipped when the encoder is behind.
        case played
        /// Answering a touch: never skipped.
        case touched
        /// The exact PNG (already encoded): sent in order with the rest.
        case exact
    }

    /// A frame the session decided to send.
    struct Job: Sendable {
        var kind: Kind
        var frame: PreviewFrame
        /// The header, but for what the encoding decides (`encoding`, `exact`, `parts`, `encodeMs`,
        /// `encoderWaitMs`: filled once encoded).
        var header: PreviewFrameHeader
        /// Forget the last frame first (a new scene was loaded).
        var resetEncoder = false
    }

    /// Runs the pipeline's work (one closure at a time, in order): a serial queue, or a test's own.
    typealias Runner = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A serial background queue of its own.
    static func backgroundRunner(label: String) -> Runner {
        let queue = DispatchQueue(label: label, qos: .userInitiated)
        return { work in queue.async(execute: work) }
    }

    private struct Flight {
        var seq: Int
        /// On the wire once encoded (head and body); until then an estimate.
        var bytes: Int
        /// When it was handed to the outbox (nil: still being encoded or waiting).
        var sent: Duration?
    }

    private struct State {
        var encoder: PreviewFrameEncoder
        var encoding = false
        var waiting: (seq: Int, job: Job, submitted: Duration)?
        var nextSeq = 0
        var inFlight: [Flight] = []
        /// The frame last handed to the outbox (it may still wait there, to be replaced).
        var lastSentSeq: Int?
        /// What a frame not encoded yet counts for: the last motion frame's bytes on the wire.
        var estimate = 0
        /// Whether the page will show the server's pixels exactly once it has drawn every frame
        /// submitted so far (a frame not encoded yet counts as inexact unless it is the exact PNG).
        var pageIsExact = false
        var lastInexact: Duration?
        /// A played frame found no room: call `onRoom` when the waiting frame starts encoding.
        var wantsRoom = false
        var replacedWhileWaiting = 0
        /// The next frame submitted starts from a whole frame (`startAfresh`).
        var afresh = false
        var closed = false
    }

    private let state: LockedValue<State>
    private let outbox: PreviewOutbox
    private let runner: Runner
    private let onRoom: @Sendable () -> Void
    /// Times the frames: when one was submitted, sent, acknowledged (`PreviewClock`).
    private let clock: any PreviewClock

    /// `onRoom`: called (on the runner) when a played frame that found no room can go now.
    init(
        mode: PreviewFrameEncoding, outbox: PreviewOutbox, runner: @escaping Runner, clock: any PreviewClock = PreviewSystemClock(),
        onRoom: @escaping @Sendable () -> Void = {}
    ) {
        state = LockedValue(State(encoder: PreviewFrameEncoder(mode: mode, clock: clock)))
        self.outbox = outbox
        self.runner = runner
        self.clock = clock
        self.onRoom = onRoom
    }

    // MARK: The session's side

    /// Frames submitted and not acknowledged, and their bytes (known, or estimated).
    var window: (frames: Int, bytes: Int) {
        state.withLock { s in (s.inFlight.count, s.inFlight.reduce(0) { $0 + $1.bytes }) }
    }

    /// Whether a played frame would be taken now (no frame waits for the encoder). When not,
    /// `onRoom` is called once one can.
    var hasRoomForPlayedFrame: Bool {
        state.withLock { s in
            if s.waiting == nil { return true }
            s.wantsRoom = true
            return false
        }
    }

    /// Frames waiting for the encoder or being encoded (0, 1 or 2).
    var queued: Int { state.withLock { ($0.waiting == nil ? 0 : 1) + ($0.encoding ? 1 : 0) } }

    var pageIsExact: Bool { state.withLock { $0.pageIsExact } }
    /// When the last inexact frame was submitted or encoded (the clock's time).
    var lastInexactFrame: Duration? { state.withLock { $0.lastInexact } }
    /// Frames replaced while they waited for the encoder (never encoded nor sent).
    var replacedWhileWaiting: Int { state.withLock { $0.replacedWhileWaiting } }

    /// The next frame submitted is encoded from a whole frame (a new scene was loaded).
    func startAfresh() { state.withLock { $0.afresh = true } }

    /// Takes `job`; false only for a played frame while another frame waits (skip it).
    @discardableResult
    func submit(_ job: Job) -> Bool {
        var job = job
        let now = clock.now
        let (accepted, start) = state.withLock { s -> (Bool, Bool) in
            guard !s.closed else { return (true, false) }
            if s.afresh {
                job.resetEncoder = true
                s.afresh = false
            }
            if let w = s.waiting {
                guard job.kind != .played else {
                    s.wantsRoom = true
                    return (false, false)
                }
                s.inFlight.removeAll { $0.seq == w.seq }
                s.replacedWhileWaiting += 1
                // A new scene's first frame starts from a whole frame, even when replaced.
                if w.job.resetEncoder { job.resetEncoder = true }
            }
            s.nextSeq += 1
            let exactBytes = job.frame.png.count
            s.inFlight.append(Flight(seq: s.nextSeq, bytes: job.kind == .exact ? exactBytes : s.estimate, sent: nil))
            s.waiting = (s.nextSeq, job, now)
            if job.kind == .exact {
                s.pageIsExact = true
            } else {
                s.pageIsExact = false
                s.lastInexact = now
            }
            if s.encoding { return (true, false) }
            s.encoding = true
            return (true, true)
        }
        guard start else { return accepted }
        if job.kind == .played {
            runner { [self] in run() }
        } else {
            // Nothing ahead of it: a touched or exact frame is encoded here and now, so a touch
            // waits for no thread to be scheduled (input latency; the order is kept, as nothing
            // else is submitted meanwhile and frames submitted later queue behind it).
            run()
        }
        return accepted
    }

    /// The page drew the oldest frame sent: it is no longer in flight. Returns its round trip
    /// (nil when no frame sent is waiting for one: a stray acknowledgement changes nothing).
    func acknowledge() -> Duration? {
        let now = clock.now
        return state.withLock { s in
            guard let first = s.inFlight.first, let sent = first.sent else { return nil }
            s.inFlight.removeFirst()
            return now - sent
        }
    }

    /// Stops: a frame waiting is dropped, nothing more is sent.
    func close() {
        state.withLock { s in
            s.closed = true
            s.waiting = nil
        }
    }

    // MARK: The runner's side

    /// Encodes and sends every waiting frame, in order, then stops until the next `submit`.
    private func run() {
        while true {
            let started = clock.now
            let next = state.withLock { s -> (seq: Int, job: Job, waited: Duration, encoder: PreviewFrameEncoder, wake: Bool)? in
                guard !s.closed, let w = s.waiting else {
                    s.encoding = false
                    return nil
                }
                s.waiting = nil
                let wake = s.wantsRoom
                s.wantsRoom = false
                return (w.seq, w.job, started - w.submitted, s.encoder, wake)
            }
            guard let next else { return }
            if next.wake { onRoom() }
            var encoder = next.encoder
            if next.job.resetEncoder { encoder.reset() }
            // Only what changed since the last frame when that one is sure to reach the page
            // first: not when it still waits in the outbox, where this one replaces it.
            let encoded =
                next.job.kind == .exact ? encoder.exact(next.job.frame) : encoder.motion(next.job.frame, delta: !outbox.hasPendingFrame)
            let head = Self.head(encoded, header: next.job.header, waited: next.waited)
            let size = head.count + encoded.payload.count
            let done = clock.now
            state.withLock { s in
                s.encoder = encoder
                guard !s.closed else { return }
                if next.job.kind != .exact { s.estimate = size }
                if s.waiting == nil { s.pageIsExact = encoder.pageIsExact }
                if !encoded.exact { s.lastInexact = done }
                // Sent under the lock, so an acknowledgement is never counted before its frame.
                if outbox.send(frame: head, body: encoded.payload), let replaced = s.lastSentSeq {
                    s.inFlight.removeAll { $0.seq == replaced }
                }
                s.lastSentSeq = next.seq
                if let i = s.inFlight.firstIndex(where: { $0.seq == next.seq }) {
                    s.inFlight[i].bytes = size
                    s.inFlight[i].sent = done
                }
            }
        }
    }

    /// The frame message's head: its length (4 bytes, big-endian) and the JSON header, with
    /// what the encoding decided.
    static func head(_ encoded: PreviewEncodedFrame, header: PreviewFrameHeader, waited: Duration) -> [UInt8] {
        var header = header
        header.encoding = encoded.wireEncoding
        header.exact = encoded.exact
        header.parts = encoded.parts
        header.encodeMs = PreviewFrameHeader.ms(encoded.encodeMilliseconds)
        header.encoderWaitMs = PreviewFrameHeader.ms(PreviewEngine.ms(waited))
        return header.head()
    }
}
