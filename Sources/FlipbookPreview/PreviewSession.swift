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
    private var unacked = 0
    private(set) var skippedFrames = 0
    private var loop: Task<Void, Never>?
    private var fingersDown: Set<Int> = []
    /// A touch changed the scene at `position` and no frame has shown it yet.
    private var inputFramePending = false
    /// When the session began (frame headers carry the server's time since then, `wallMs`).
    private let began = ContinuousClock.now

    init(id: Int, hub: PreviewHub, outbox: PreviewOutbox) {
        self.id = id
        self.hub = hub
        self.outbox = outbox
        loop = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(4))
                self?.tick()
            }
        }
    }

    func close() {
        loop?.cancel()
        loop = nil
        outbox.close()
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
            unacked = 0
            fingersDown = []
            sendTimeline()
            sendFrame(reason: "load")
        case .play:
            guard let t = needTimeline("play") else { return }
            if position >= t.lastFrame { position = 0 }
            playing = true
            reanchor()
            sendStatus()
        case .pause:
            playing = false
            sendStatus()
        case .restart:
            guard needTimeline("restart") != nil else { return }
            position = 0
            reanchor()
            sendFrame(reason: "restart")
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
        case .speed(let v):
            speed = v
            reanchor()
            sendStatus()
        case .ack:
            unacked = max(0, unacked - 1)
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
            // Drawn on the next tick: pointer messages that arrive meanwhile (while a slow frame
            // was being made) are delivered first and shown by one frame.
            inputFramePending = true
        case .record:
            guard let t = needTimeline("record") else { return }
            playing = false
            sendStatus()
            do {
                let url = try hub.record(t, session: id)
                reply(["type": "recorded", "url": url, "frames": t.lastFrame + 1])
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

    private func reanchor() { anchor = (.now, position) }

    // MARK: Playing

    /// Called every few milliseconds: while playing, shows the frame the wall clock (times the
    /// speed) has reached, skipping frames while the page has `framesInFlight` unacknowledged.
    func tick() {
        if inputFramePending, let t = timeline {
            inputFramePending = false
            send(hub.engine.rawFrame(t, at: position), reason: "input")
            return
        }
        guard playing, let t = timeline else { return }
        let now = ContinuousClock.now
        let elapsed = PreviewEngine.ms(now - anchor.wall) / 1000
        let target = min(anchor.frame + Int((elapsed * PreviewLimits.fps * speed).rounded(.down)), t.lastFrame)
        guard target > position else { return }
        guard unacked < PreviewLimits.framesInFlight else {
            skippedFrames += 1
            return
        }
        position = target
        if target >= t.lastFrame { playing = false }
        // Exact PNG when the frame is cached (or the last one, where playing stops); raw pixels otherwise.
        if let cached = t.cache[target] {
            send(cached, reason: "play", madeFor: now)
        } else if !playing {
            send(hub.engine.frame(t, at: target), reason: "play", madeFor: now)
        } else {
            send(hub.engine.rawFrame(t, at: target), reason: "play", madeFor: now)
        }
        if !playing { sendStatus() }
    }

    // MARK: Sending

    private func sendFrame(reason: String) {
        guard let t = timeline else { return }
        send(hub.engine.frame(t, at: position), reason: reason)
    }

    /// `madeFor`: the moment the frame shows (a played frame's tick; default now), sent as `wallMs`.
    private func send(_ frame: PreviewFrame, reason: String, madeFor: ContinuousClock.Instant? = nil) {
        guard let t = timeline else { return }
        let wall = madeFor ?? ContinuousClock.now
        let header =
            "{\"type\":\"frame\",\"encoding\":\"\(frame.encoding.rawValue)\",\"frame\":\(frame.index),\"time\":\(frame.time),\"lastFrame\":\(t.lastFrame),"
            + "\"width\":\(frame.width),\"height\":\(frame.height),\"inputs\":\(frame.inputCount),"
            + "\"playing\":\(playing),\"speed\":\(speed),\"reason\":\"\(reason)\",\"skipped\":\(skippedFrames),"
            + "\"renderMs\":\(Self.round(frame.renderMilliseconds)),\"encodeMs\":\(Self.round(frame.encodeMilliseconds)),"
            + "\"wallMs\":\(Self.round(PreviewEngine.ms(wall - began))),"
            + "\"session\":\(id),\"state\":\(frame.stateJSON)}"
        let h = Array(header.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + h.count + frame.bytes.count)
        let n = UInt32(h.count)
        bytes += [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)]
        bytes += h
        bytes += frame.bytes
        unacked += 1
        outbox.send(frame: bytes)
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
