import Flipbook
import Foundation

/// One page's session: its timeline, where it is, whether it plays and how fast, and the frames
/// in flight. Lives on the main actor with the engine; the WebSocket tasks only parse messages
/// and write what the outbox holds.
@MainActor
final class PreviewSession {
    let id: Int
    let hub: PreviewHub
    let outbox: PreviewOutbox
    private(set) var timeline: PreviewTimeline?
    private(set) var position = 0
    private(set) var playing = false
    private(set) var speed = 1.0
    private var anchor: (wall: ContinuousClock.Instant, frame: Int) = (.now, 0)
    /// Frames on their way to the page, oldest first: handed to the outbox and not acknowledged
    /// yet. The page acknowledges every frame it gets, in order, once drawn; a frame the outbox
    /// replaced before writing it (never seen, never acknowledged) is taken out at once.
    private var inFlight: [(bytes: Int, sent: ContinuousClock.Instant)] = []
    private var inFlightBytes = 0
    /// Whether the page may be sent another played (or, `touch`, touched) frame now
    /// (`PreviewLimits.framesInFlight`, `touchFramesInFlight`, `bytesInFlight`).
    private func canSendFrame(touch: Bool = false) -> Bool {
        let frames = touch ? PreviewLimits.touchFramesInFlight : PreviewLimits.framesInFlight
        return inFlight.isEmpty || (inFlight.count < frames && inFlightBytes < PreviewLimits.bytesInFlight)
    }
    /// Frames unacknowledged (for the tests of the bound).
    var framesInFlight: Int { inFlight.count }
    var bytesInFlight: Int { inFlightBytes }
    /// Played frames passed over because the page had too much in flight (`skipped` in the
    /// frame header), and because the server itself woke too late for them (`late`: stepping
    /// and drawing took longer than a frame).
    private(set) var skippedFrames = 0
    private(set) var lateFrames = 0
    /// A played frame is due but the page has too much in flight: the next acknowledgement
    /// sends it (the play loop does not poll).
    private(set) var waitingForAck = false
    /// The last round trip: a frame handed to the outbox until its acknowledgement (`rttMs`).
    private var lastRoundTrip: Duration?
    /// The play loop's next wake-up (a sleeping task, replaced whenever the due time changes).
    private var timer: Task<Void, Never>?
    private var closed = false
    private var fingersDown: Set<Int> = []
    /// A touch changed the scene at `position` and no frame has shown it yet.
    private var inputFramePending = false
    /// A main-actor job that draws the touched frame is queued (`scheduleInputFrame`).
    private var inputFrameScheduled = false
    /// Encodes this page's frames (whole, or only what changed since the last one sent).
    private var encoder: PreviewFrameEncoder
    /// When the last frame that was not exact (a lossy played or touched frame) was sent.
    private var lastMotionFrame: ContinuousClock.Instant?
    /// When the session began (frame headers carry the server's time since then, `wallMs`).
    private let began = ContinuousClock.now
    /// How long the scene must stand still (paused, untouched) before an inexact picture on the
    /// page is replaced by the exact PNG.
    static let settleDelay: Duration = .milliseconds(120)

    init(id: Int, hub: PreviewHub, outbox: PreviewOutbox) {
        self.id = id
        self.hub = hub
        self.outbox = outbox
        encoder = PreviewFrameEncoder(mode: hub.encoding)
        schedule()
    }

    func close() {
        closed = true
        timer?.cancel()
        timer = nil
        outbox.close()
    }

    /// (Re)starts the play loop's sleep: until the next played frame is due, else 20 ms (to
    /// settle an inexact picture). Called after every tick and whenever the due time changes
    /// (play, speed, seek, restart), so the loop never sleeps past a frame.
    private func schedule() {
        timer?.cancel()
        guard !closed else { return }
        let wait = nextWake()
        timer = Task { @MainActor [weak self] in
            do { try await Task.sleep(for: wait) } catch { return }
            guard !Task.isCancelled, let self, !self.closed else { return }
            self.tick()
            self.schedule()
        }
    }

    // MARK: Messages

    func handle(_ message: PreviewClientMessage) {
        switch message {
        case .load(let scene, let device, let scale):
            guard let t = hub.engine.makeTimeline(scene: scene, device: device, scale: scale) else {
                return error("load: unknown scene '\(scene)' or device '\(device ?? "")'", type: "load")
            }
            timeline = t
            position = 0
            inputFramePending = false
            playing = false
            encoder.reset()
            fingersDown = []
            sendTimeline()
            sendFrame(reason: "load")
        case .play:
            guard let t = needTimeline("play") else { return }
            if position >= t.lastFrame { position = 0 }
            playing = true
            reanchor()
            sendStatus()
            schedule()
        case .pause:
            playing = false
            sendStatus()
            // Paused: the page shows the exact frame (the last played one may have been lossy).
            if !encoder.pageIsExact, !inputFramePending { sendFrame(reason: "pause") }
        case .restart:
            guard needTimeline("restart") != nil else { return }
            position = 0
            reanchor()
            sendFrame(reason: "restart")
            schedule()
        case .step(let n):
            guard let t = needTimeline("step") else { return }
            playing = false
            position = min(max(position + n, 0), t.lastFrame)
            sendStatus()
            sendFrame(reason: "step")
        case .seek(let time):
            guard let t = needTimeline("seek") else { return }
            position = min(max(Int((time * PreviewLimits.fps).rounded()), 0), t.lastFrame)
            reanchor()
            sendFrame(reason: "seek")
            schedule()
        case .speed(let v):
            speed = v
            reanchor()
            sendStatus()
            schedule()
        case .ack:
            if !inFlight.isEmpty {
                let acked = inFlight.removeFirst()
                inFlightBytes -= acked.bytes
                lastRoundTrip = ContinuousClock.now - acked.sent
            }
            // A touched frame held back while the page was busy goes now; so does a played one.
            if inputFramePending {
                scheduleInputFrame()
            } else if waitingForAck, playing {
                tick()
                schedule()
            }
        case .pointer(let p):
            guard let t = needTimeline("pointer") else { return }
            if p.phase == .down {
                guard fingersDown.count < PreviewLimits.maxFingers || fingersDown.contains(p.finger) else {
                    return error("pointer: at most \(PreviewLimits.maxFingers) fingers down", type: "pointer")
                }
                fingersDown.insert(p.finger)
            } else if !fingersDown.contains(p.finger) {
                return error("pointer: finger \(p.finger) is not down", type: "pointer")
            }
            if p.phase == .up || p.phase == .cancel { fingersDown.remove(p.finger) }
            hub.engine.addInput(p, on: t, at: position)
            if p.phase != .move { sendTimeline() }
            inputFramePending = true
            scheduleInputFrame()
        case .record:
            guard let t = needTimeline("record") else { return }
            playing = false
            sendStatus()
            do {
                let saved = try hub.record(t, session: id)
                reply(["type": "recorded", "url": saved.url, "path": saved.path, "frames": t.lastFrame + 1])
            } catch {
                self.error("record: \(error)", type: "record")
            }
        }
    }

    private func needTimeline(_ type: String) -> PreviewTimeline? {
        guard let timeline else {
            error("\(type): no scene loaded yet (send load first)", type: type)
            return nil
        }
        return timeline
    }

    private func reanchor() {
        anchor = (.now, position)
        waitingForAck = false
    }

    // MARK: Playing

    /// Draws the touched frame as soon as the main actor is free: right after the pointer
    /// messages already waiting for it (so a burst of moves is shown by one frame), with no
    /// timer in between. Held back while the page has too much in flight (`canSendFrame(touch:)`; the
    /// ack schedules it again).
    private func scheduleInputFrame() {
        guard !inputFrameScheduled else { return }
        inputFrameScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.inputFrameScheduled = false
            self.sendInputFrame()
        }
    }

    private func sendInputFrame() {
        guard inputFramePending, let t = timeline, !closed else { return }
        guard canSendFrame(touch: true) else { return }
        inputFramePending = false
        sendMotion(hub.engine.rawFrame(t, at: position), reason: "input")
    }

    /// How long the play loop sleeps: until the next frame is due while playing (at once when
    /// it is already due), else 20 ms. Waiting for an acknowledgement, the ack wakes it.
    private func nextWake() -> Duration {
        guard playing, speed > 0, !waitingForAck else { return .milliseconds(20) }
        let next = Double(position - anchor.frame + 1) / (PreviewLimits.fps * speed)
        let due = anchor.wall + .nanoseconds(Int64((next * 1e9).rounded(.up)))
        let wait = due - ContinuousClock.now
        return min(max(wait, .zero), .milliseconds(20))
    }

    /// Called by the play loop: while playing, shows the frame the wall clock (times the
    /// speed) has reached, skipping frames while the page has too much in flight (`canSendFrame(touch:)`).
    /// Paused with an inexact picture on the page, sends the exact frame once the scene has
    /// stood still for `settleDelay`.
    func tick() {
        if inputFramePending {
            sendInputFrame()
            return
        }
        guard playing, let t = timeline else {
            if timeline != nil, !encoder.pageIsExact, let last = lastMotionFrame, ContinuousClock.now - last >= Self.settleDelay {
                sendFrame(reason: "settle")
            }
            return
        }
        let now = ContinuousClock.now
        let elapsed = PreviewEngine.ms(now - anchor.wall) / 1000
        // (A hair over the exact product, so a wake-up right at the due time is not a frame early.)
        let target = min(anchor.frame + Int((elapsed * PreviewLimits.fps * speed + 1e-6).rounded(.down)), t.lastFrame)
        guard target > position else { return }
        guard canSendFrame() else {
            waitingForAck = true
            return
        }
        // Frames passed over: the page's fault if it held us back, else the server's.
        if waitingForAck { skippedFrames += target - position - 1 } else { lateFrames += target - position - 1 }
        waitingForAck = false
        position = target
        if target >= t.lastFrame { playing = false }
        // Exact PNG when the frame is cached (or the last one, where playing stops); otherwise
        // the session's encoding of the rendered pixels.
        if let cached = t.cache[target] {
            sendExact(cached, reason: "play", madeFor: now)
        } else if !playing {
            sendExact(hub.engine.frame(t, at: target), reason: "play", madeFor: now)
        } else {
            sendMotion(hub.engine.rawFrame(t, at: target), reason: "play", madeFor: now)
        }
        if !playing { sendStatus() }
    }

    // MARK: Sending

    /// The exact frame at `position` (PNG, `flipbook render`'s bytes).
    private func sendFrame(reason: String) {
        guard let t = timeline else { return }
        sendExact(hub.engine.frame(t, at: position), reason: reason)
    }

    private func sendExact(_ frame: PreviewFrame, reason: String, madeFor: ContinuousClock.Instant? = nil) {
        send(frame, encoded: encoder.exact(frame), reason: reason, madeFor: madeFor)
    }

    /// A played or touched frame in the session's encoding. Only what changed since the last
    /// frame is sent when that frame is sure to reach the page first: not when it still waits in
    /// the outbox, where this one replaces it (docs/Preview.md, "Frame encoding").
    private func sendMotion(_ frame: PreviewFrame, reason: String, madeFor: ContinuousClock.Instant? = nil) {
        let encoded = encoder.motion(frame, delta: !outbox.hasPendingFrame)
        if !encoded.exact { lastMotionFrame = .now }
        send(frame, encoded: encoded, reason: reason, madeFor: madeFor)
    }

    /// `madeFor`: the moment the frame shows (a played frame's tick; default now), sent as `wallMs`.
    private func send(_ frame: PreviewFrame, encoded: PreviewEncodedFrame, reason: String, madeFor: ContinuousClock.Instant? = nil) {
        guard let t = timeline else { return }
        let wall = madeFor ?? ContinuousClock.now
        let parts = encoded.parts.map { "[\($0.x),\($0.y),\($0.width),\($0.height),\"\($0.format.rawValue)\",\($0.length)]" }
        let header =
            "{\"type\":\"frame\",\"encoding\":\"\(encoded.encoding)\",\"exact\":\(encoded.exact),\"parts\":[\(parts.joined(separator: ","))],"
            + "\"frame\":\(frame.index),\"time\":\(frame.time),\"lastFrame\":\(t.lastFrame),"
            + "\"width\":\(frame.width),\"height\":\(frame.height),\"inputs\":\(frame.inputCount),"
            + "\"playing\":\(playing),\"speed\":\(speed),\"reason\":\"\(reason)\",\"skipped\":\(skippedFrames),\"late\":\(lateFrames),"
            + "\"inFlight\":\(inFlight.count),\"rttMs\":\(lastRoundTrip.map { Self.round(PreviewEngine.ms($0)) } ?? -1),"
            + "\"renderMs\":\(Self.round(frame.renderMilliseconds)),\"encodeMs\":\(Self.round(encoded.encodeMilliseconds)),"
            + "\"wallMs\":\(Self.round(PreviewEngine.ms(wall - began))),"
            + "\"session\":\(id),\"state\":\(frame.stateJSON)}"
        let h = Array(header.utf8)
        let n = UInt32(h.count)
        let head = [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)] + h
        if outbox.send(frame: head, body: encoded.payload), let replaced = inFlight.popLast() {
            inFlightBytes -= replaced.bytes
        }
        inFlight.append((head.count + encoded.payload.count, ContinuousClock.now))
        inFlightBytes += head.count + encoded.payload.count
    }

    private static func round(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    func sendTimeline() {
        guard let t = timeline else { return }
        let marks = t.marks.map { ["start": $0.start, "end": $0.end, "kind": $0.kind, "user": $0.user] as [String: Any] }
        reply([
            "type": "timeline", "scene": t.sceneType.name, "device": t.device.name, "scale": Int(t.scale),
            "fps": PreviewLimits.fps, "lastFrame": t.lastFrame, "sceneDuration": t.sceneDuration,
            "points": ["width": Double(t.device.size.width), "height": Double(t.device.size.height)], "marks": marks,
            "session": id,
        ])
    }

    private func sendStatus() {
        reply(["type": "status", "playing": playing, "speed": speed, "frame": position, "session": id])
    }

    func error(_ message: String, type: String?) {
        reply(["type": "error", "message": message, "for": type ?? NSNull(), "session": id])
    }

    func reply(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return }
        outbox.send(text: text)
    }
}
