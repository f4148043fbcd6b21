import Flipbook
import Foundation

/// One page's session: its timeline, where it is, whether it plays and how fast, and the frames
/// in flight. Lives on the main actor with the engine; the WebSocket tasks only parse messages
/// and write what the outbox holds.
@preconcurrency @MainActor
final class PreviewSession {
    let id: Int
    let hub: PreviewHub
    let outbox: PreviewOutbox
    private(set) var timeline: PreviewTimeline?
    private(set) var position = 0
    /// Paused, playing (and what holds the play loop back), or closed (`PreviewPlayState`).
    private(set) var playState = PreviewPlayState.paused
    /// Whether the page has a frame with the latest touch (`PreviewInputFrameState`).
    private(set) var inputFrame = PreviewInputFrameState.shown
    var playing: Bool { playState.isPlaying }
    private(set) var speed = 1.0
    /// The wall time (`clock.now`) and frame playing was last anchored at.
    private var anchor: (wall: Duration, frame: Int) = (.zero, 0)
    /// The server's wall time and wake-ups (the hub's; a test's manual clock).
    let clock: any PreviewClock
    /// Encodes this page's frames off the main actor, in order, and keeps the frames on their
    /// way to the page: submitted and not acknowledged yet. The page acknowledges every frame it
    /// gets, in order, once drawn; a frame the outbox replaced before writing it (never seen,
    /// never acknowledged) is taken out at once (docs/Preview.md, "Frame pipeline").
    let pipeline: PreviewFramePipeline
    /// Whether the page may be sent another played (or, `touch`, touched) frame now
    /// (`PreviewLimits.framesInFlight`, `touchFramesInFlight`, `bytesInFlight`).
    private func canSendFrame(touch: Bool = false) -> Bool {
        let frames = touch ? PreviewLimits.touchFramesInFlight : PreviewLimits.framesInFlight
        let window = pipeline.window
        return window.frames == 0 || (window.frames < frames && window.bytes < PreviewLimits.bytesInFlight)
    }
    /// Frames unacknowledged (for the tests of the bound).
    var framesInFlight: Int { pipeline.window.frames }
    var bytesInFlight: Int { pipeline.window.bytes }
    /// Played frames passed over because the page had too much in flight (`skipped` in the
    /// frame header), because the server itself woke too late for them (`late`: stepping and
    /// drawing took longer than a frame), and because the encoder was behind (`behind`: a
    /// frame was still waiting for it).
    private(set) var skippedFrames = 0
    private(set) var lateFrames = 0
    private(set) var behindFrames = 0
    /// Played frames drawn behind the wall clock instead of being passed over (`caughtUp`).
    private(set) var caughtUpFrames = 0
    /// Whether the play loop is drawing frames behind the wall clock (`PreviewCatchUp`).
    private var catchUp = PreviewCatchUp()
    /// A played frame is due but the page has too much in flight: the next acknowledgement
    /// sends it (the play loop does not poll).
    var waitingForAck: Bool { playState.held.contains(.page) }
    /// A played frame is due but a frame still waits for the encoder: the encoder wakes the
    /// loop when that one starts encoding.
    var waitingForEncoder: Bool { playState.held.contains(.encoder) }
    /// The last round trip: a frame handed to the outbox until its acknowledgement (`rttMs`).
    private var lastRoundTrip: Duration?
    /// The play loop's next wake-up on the clock (replaced whenever the due time changes).
    private var timer: PreviewWakeUp?
    private var fingersDown: Set<Int> = []
    /// How big the page shows the frame (device pixels), from its `view` messages.
    private var shownSize: (width: Double, height: Double)?
    /// Whether the page shows a frame of this size at no more than
    /// `PreviewLimits.halfResolutionDisplayShare` of its pixels across and down.
    func sendsHalfResolution(width: Int, height: Int) -> Bool {
        guard let shown = shownSize else { return false }
        let share = PreviewLimits.halfResolutionDisplayShare
        return shown.width <= share * Double(width) && shown.height <= share * Double(height)
    }
    /// Whether moving frames of `t` are drawn at half scale: the page shows them small
    /// (`sendsHalfResolution`) and they are sent as JPEG anyway (exact encodings stay exact).
    func drawsMotionAtHalfScale(_ t: PreviewTimeline) -> Bool {
        let mode = hub.encoding.resolved
        guard mode == .jpeg || mode == .rectsJPEG else { return false }
        let s = Double(t.scale)
        return sendsHalfResolution(
            width: Int((Double(t.device.size.width) * s).rounded(.up)), height: Int((Double(t.device.size.height) * s).rounded(.up)))
    }
    /// When the session began (frame headers carry the server's time since then, `wallMs`).
    private let began: Duration
    /// How long the scene must stand still (paused, untouched) before an inexact picture on the
    /// page is replaced by the exact PNG.
    static let settleDelay: Duration = .milliseconds(120)

    init(id: Int, hub: PreviewHub, outbox: PreviewOutbox) {
        self.id = id
        self.hub = hub
        self.outbox = outbox
        let clock = hub.clock
        self.clock = clock
        began = clock.now
        anchor = (began, 0)
        let wake = WeakSession()
        pipeline = PreviewFramePipeline(mode: hub.encoding, outbox: outbox, runner: hub.encodeRunner(id), clock: clock) {
            clock.wake(after: .zero) { wake.session?.encoderHasRoom() }
        }
        wake.session = self
        schedule()
    }

    func close() {
        playState.close()
        forgetInputFrame()
        timer?.cancel()
        timer = nil
        pipeline.close()
        outbox.close()
    }

    /// (Re)starts the play loop's sleep: until the next played frame is due, else 20 ms (to
    /// settle an inexact picture). Called after every tick and whenever the due time changes
    /// (play, speed, seek, restart), so the loop never sleeps past a frame.
    private func schedule() {
        timer?.cancel()
        guard !playState.isClosed else { return }
        timer = clock.wake(after: nextWake()) { [weak self] in
            guard let self, !self.playState.isClosed else { return }
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
            forgetInputFrame()
            playState.pause()
            pipeline.startAfresh()
            fingersDown = []
            sendTimeline()
            sendFrame(reason: .load)
        case .play:
            guard let t = needTimeline("play") else { return }
            if position >= t.lastFrame { position = 0 }
            playState.play()
            reanchor()
            sendStatus()
            schedule()
        case .pause:
            playState.pause()
            timeline?.noteStop(position)
            sendStatus()
            // Paused: the page shows the exact frame (the last played one may have been lossy).
            if !pipeline.pageIsExact, !inputFrame.isPending { sendFrame(reason: .pause) }
        case .restart:
            guard needTimeline("restart") != nil else { return }
            position = 0
            reanchor()
            sendFrame(reason: .restart)
            schedule()
        case .step(let n):
            guard let t = needTimeline("step") else { return }
            playState.pause()
            position = min(max(position + n, 0), t.lastFrame)
            t.noteStop(position)
            sendStatus()
            sendFrame(reason: .step)
        case .seek(let time):
            guard let t = needTimeline("seek") else { return }
            position = min(max(Int((time * PreviewLimits.fps).rounded()), 0), t.lastFrame)
            if !playing { t.noteStop(position) }
            reanchor()
            sendFrame(reason: .seek)
            schedule()
        case .speed(let v):
            speed = v
            reanchor()
            sendStatus()
            schedule()
        case .view(let width, let height):
            shownSize = (width, height)
        case .ack:
            if let roundTrip = pipeline.acknowledge() { lastRoundTrip = roundTrip }
            // A touched frame held back while the page was busy goes now; so does a played one.
            if inputFrame.isPending {
                scheduleInputFrame()
            } else if waitingForAck {
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
            if p.phase == .down, !playing { t.noteStop(position) }
            hub.engine.addInput(p, on: t, at: position)
            if p.phase != .move { sendTimeline() }
            scheduleInputFrame()
        case .copyTest:
            guard let t = needTimeline("copyTest") else { return }
            let session = hub.engine.recordedSession(of: t)
            let frames = PreviewTestSource.filmstripFrames(session)
            switch PreviewTestSource.make(session) {
            case .success(let source):
                reply(PreviewTestSourceMessage(scene: t.sceneType.name, source: source, touches: session.inputs.count, frames: frames, session: id))
            case .failure(let why):
                reply(PreviewTestSourceMessage(scene: t.sceneType.name, unavailable: why.reason, touches: session.inputs.count, frames: [], session: id))
            }
        case .record:
            guard let t = needTimeline("record") else { return }
            playState.pause()
            sendStatus()
            do {
                let saved = try hub.record(t, session: id)
                reply(PreviewRecorded(url: saved.url, path: saved.path, frames: t.lastFrame + 1))
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
        anchor = (clock.now, position)
        catchUp.reset()
        playState.release()
    }

    /// The frame that waited for the encoder is being encoded: a played frame due meanwhile goes now.
    /// (The tick counts the frames passed over meanwhile as `behind`, then clears the flag.)
    fileprivate func encoderHasRoom() {
        guard waitingForEncoder else { return }
        tick()
        schedule()
    }

    // MARK: Playing

    /// Draws the touched frame as soon as the main actor is free: right after the pointer
    /// messages already waiting for it (so a burst of moves is shown by one frame), with no
    /// timer in between. Held back while the page has too much in flight (`canSendFrame(touch:)`; the
    /// ack schedules it again).
    private func scheduleInputFrame() {
        guard !inputFrame.isQueued, !playState.isClosed else { return }
        inputFrame = .queued(clock.wake(after: .zero) { [weak self] in self?.sendInputFrame() })
    }

    /// No frame is owed for a touch any more (a new scene): a queued job is dropped.
    private func forgetInputFrame() {
        if case .queued(let job) = inputFrame { job.cancel() }
        inputFrame = .shown
    }

    /// Sends the touched frame, unless the page has too many in flight (then it is held until
    /// the next acknowledgement).
    private func sendInputFrame() {
        guard inputFrame.isPending, let t = timeline, !playState.isClosed else { return }
        guard canSendFrame(touch: true) else {
            if case .queued(let job) = inputFrame { job.cancel() }
            inputFrame = .held
            return
        }
        forgetInputFrame()
        sendMotion(hub.engine.rawFrame(t, at: position, halfScale: drawsMotionAtHalfScale(t)), kind: .touched, reason: .input)
    }

    /// How long the play loop sleeps: until the next frame is due while playing (at once when
    /// it is already due), else 20 ms. Waiting for an acknowledgement, the ack wakes it.
    private func nextWake() -> Duration {
        guard playing, speed > 0, playState.held.isEmpty else { return .milliseconds(20) }
        let next = Double(position - anchor.frame + 1) / (PreviewLimits.fps * speed)
        let due = anchor.wall + .nanoseconds(Int64((next * 1e9).rounded(.up)))
        let wait = due - clock.now
        return min(max(wait, .zero), .milliseconds(20))
    }

    /// Called by the play loop: while playing, shows the frame the wall clock (times the
    /// speed) has reached, skipping frames while the page has too much in flight (`canSendFrame(touch:)`).
    /// Paused with an inexact picture on the page, sends the exact frame once the scene has
    /// stood still for `settleDelay`.
    func tick() {
        if inputFrame.isPending {
            sendInputFrame()
            return
        }
        guard playing, let t = timeline else {
            if timeline != nil, !pipeline.pageIsExact, let last = pipeline.lastInexactFrame, clock.now - last >= Self.settleDelay {
                sendFrame(reason: .settle)
            }
            return
        }
        let now = clock.now
        let elapsed = PreviewEngine.ms(now - anchor.wall) / 1000
        // (A hair over the exact product, so a wake-up right at the due time is not a frame early.)
        let due = min(anchor.frame + Int((elapsed * PreviewLimits.fps * speed + 1e-6).rounded(.down)), t.lastFrame)
        guard due > position else {
            playState.release(.encoder)
            return
        }
        guard canSendFrame() else {
            playState.hold(.page)
            return
        }
        // Not drawn at all while a frame still waits for the encoder (skipped, never queued).
        guard pipeline.hasRoomForPlayedFrame else {
            playState.hold(.encoder)
            return
        }
        // Frames passed over: the page's fault if it held us back, the encoder's if it was
        // behind, else the server's (stepping and drawing), which is caught up instead when it can be.
        let decision = catchUp.next(position: position, due: due, waitingForAck: waitingForAck, waitingForEncoder: waitingForEncoder)
        switch decision.cause {
        case .pageBusy: skippedFrames += decision.passedOver
        case .encoderBehind: behindFrames += decision.passedOver
        case .serverLate: lateFrames += decision.passedOver
        case nil: break
        }
        if decision.late { caughtUpFrames += 1 }
        playState.release()
        let target = decision.frame
        position = target
        if target >= t.lastFrame { playState.pause() }
        // Exact PNG when the frame is cached (or the last one, where playing stops); otherwise
        // the session's encoding of the rendered pixels.
        if let cached = t.cache[target] {
            sendExact(cached, reason: .play, madeFor: now)
        } else if !playing {
            sendExact(hub.engine.frame(t, at: target), reason: .play, madeFor: now)
        } else {
            sendMotion(hub.engine.rawFrame(t, at: target, halfScale: drawsMotionAtHalfScale(t)), kind: .played, reason: .play, madeFor: now)
        }
        if !playing { sendStatus() }
    }

    // MARK: Sending

    /// The exact frame at `position` (PNG, `flipbook render`'s bytes).
    private func sendFrame(reason: PreviewFrameHeader.Reason) {
        guard let t = timeline else { return }
        sendExact(hub.engine.frame(t, at: position), reason: reason)
    }

    private func sendExact(_ frame: PreviewFrame, reason: PreviewFrameHeader.Reason, madeFor: Duration? = nil) {
        submit(frame, kind: .exact, reason: reason, madeFor: madeFor)
    }

    /// A played or touched frame in the session's encoding, encoded off the main actor. Only
    /// what changed since the last frame is sent when that frame is sure to reach the page
    /// first (docs/Preview.md, "Frame encoding").
    private func sendMotion(
        _ frame: PreviewFrame, kind: PreviewFramePipeline.Kind, reason: PreviewFrameHeader.Reason, madeFor: Duration? = nil
    ) {
        submit(frame, kind: kind, reason: reason, madeFor: madeFor)
    }

    /// Hands `frame` to the pipeline with the header fields known now; the pipeline adds the
    /// encoding's (parts, exactness, encode time). `madeFor`: the moment the frame shows (a
    /// played frame's tick; default now), sent as `wallMs`.
    private func submit(_ frame: PreviewFrame, kind: PreviewFramePipeline.Kind, reason: PreviewFrameHeader.Reason, madeFor: Duration?) {
        guard let t = timeline else { return }
        let wall = madeFor ?? clock.now
        let ms = PreviewFrameHeader.ms
        var header = PreviewFrameHeader(
            frame: frame.index, time: frame.time, lastFrame: t.lastFrame,
            width: frame.canvasWidth ?? frame.width, height: frame.canvasHeight ?? frame.height, inputs: frame.inputCount,
            playing: playing, speed: speed, reason: reason, skipped: skippedFrames, late: lateFrames, behind: behindFrames,
            caughtUp: caughtUpFrames, inFlight: framesInFlight, rttMs: lastRoundTrip.map { ms(PreviewEngine.ms($0)) } ?? -1,
            renderMs: ms(frame.renderMilliseconds), wallMs: ms(PreviewEngine.ms(wall - began)), session: id, state: frame.state)
        header.replays = hub.engine.rebuildCount
        pipeline.submit(.init(kind: kind, frame: frame, header: header))
    }

    func sendTimeline() {
        guard let t = timeline else { return }
        reply(
            PreviewTimelineMessage(
                scene: t.sceneType.name, device: t.device.name, scale: Int(t.scale), fps: PreviewLimits.fps,
                lastFrame: t.lastFrame, sceneDuration: t.sceneDuration,
                points: .init(width: Double(t.device.size.width), height: Double(t.device.size.height)), marks: t.marks, session: id,
                testUnavailable: Self.testUnavailable(t.sceneType)))
    }

    /// Why "Copy as test" is not offered for `type` (nil: it is).
    static func testUnavailable(_ type: any RenderScene.Type) -> String? {
        if case .unavailable(let why) = PreviewTestSource.sceneReference(for: type) { return why }
        return nil
    }

    private func sendStatus() {
        reply(PreviewStatus(playing: playing, speed: speed, frame: position, session: id))
    }

    func error(_ message: String, type: String?) {
        reply(PreviewErrorReply(message: message, for: type, session: id))
    }

    func reply(_ message: some PreviewServerMessage) {
        outbox.send(text: message.jsonText())
    }
}

/// The pipeline's wake-up reaches the session without keeping it alive (written once on the
/// main actor before the pipeline can call back; read on the main actor).
@MainActor private final class WeakSession {
    weak var session: PreviewSession?
}
