import Foundation
import Synchronization
import Testing
import TestSupport
import Flipbook
@testable import FlipbookPreview

/// The frame pipeline (docs/Preview.md, "Frame pipeline"): frames are encoded off the main
/// actor in order, at most one waits for the encoder, a played frame finds no room while one
/// waits (a touched or exact one replaces it), the frames in flight are counted from the
/// session's decision and get their size once encoded, and the exact PNG goes out byte for byte.
@Suite(.freshRuntime) @MainActor struct PreviewFramePipelineTests {
    /// A runner that only runs when the test says so (an encoder that is behind).
    final class HeldRunner: Sendable {
        private let work = Mutex<[@Sendable () -> Void]>([])
        var runner: PreviewFramePipeline.Runner { { [self] job in work.withLock { $0.append(job) } } }
        var pending: Int { work.withLock { $0.count } }
        func runAll() {
            while let job = work.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { job() }
        }
    }

    final class Counter: Sendable {
        private let n = Mutex(0)
        func bump() { n.withLock { $0 += 1 } }
        var value: Int { n.withLock { $0 } }
    }

    static let w = PreviewFrameEncoderTests.w, h = PreviewFrameEncoderTests.h

    static func motion(_ index: Int, box: Int?) -> PreviewFrame {
        PreviewFrameEncoderTests.frame(PreviewFrameEncoderTests.picture(box: box.map { ($0, 10) }), index: index)
    }

    /// The exact frame as the engine makes it: the PNG and the pixels it encodes.
    static func exact(_ index: Int, box: Int?) -> PreviewFrame {
        let pixels = PreviewFrameEncoderTests.picture(box: box.map { ($0, 10) })
        let png = pixels.withUnsafeBufferPointer { [UInt8](PNGEncoder.encode(premultipliedRGBA: $0.baseAddress!, width: w, height: h)) }
        return PreviewFrame(
            index: index, width: w, height: h, encoding: .png, bytes: png, pixels: pixels, state: PreviewSceneState(),
            inputCount: 0, renderMilliseconds: 0, encodeMilliseconds: 0)
    }

    static func job(_ frame: PreviewFrame, _ kind: PreviewFramePipeline.Kind) -> PreviewFramePipeline.Job {
        .init(kind: kind, frame: frame, header: header(frame))
    }

    static func header(_ frame: PreviewFrame) -> PreviewFrameHeader {
        PreviewFrameHeader(
            frame: frame.index, time: frame.time, lastFrame: 100, width: frame.width, height: frame.height, inputs: 0,
            playing: false, speed: 1, reason: .play, skipped: 0, late: 0, behind: 0, caughtUp: 0, inFlight: 0, rttMs: -1,
            renderMs: 0, wallMs: 0, session: 1, state: PreviewSceneState())
    }

    /// Every frame in the outbox now: (header JSON, body).
    static func written(_ outbox: PreviewOutbox) -> [(header: [String: Any], body: [UInt8])] {
        var out: [(header: [String: Any], body: [UInt8])] = []
        while let item = outbox.next() {
            guard case .frame(let head, let body) = item else { continue }
            let n = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
            #expect(n == head.count - 4)
            let json = (try? JSONSerialization.jsonObject(with: Data(head.dropFirst(4)))) as? [String: Any] ?? [:]
            out.append((json, body))
        }
        return out
    }

    /// Lets the main actor go on (yielding, never sleeping) until the pipeline's background
    /// runner has nothing waiting nor being encoded.
    static func idle(_ pipeline: PreviewFramePipeline) async {
        while pipeline.queued > 0 { await Task.yield() }
    }

    @Test func framesLeaveInOrderWhileTheMainActorGoesOn() async throws {
        // The server's runner (a background queue) and a writer that drains the outbox on
        // another thread: every frame written comes after the one before it.
        let outbox = PreviewOutbox()
        let pipeline = PreviewFramePipeline(
            mode: .rectsJPEG, outbox: outbox, runner: PreviewFramePipeline.backgroundRunner(label: "test.pipeline"))
        let writer = Task.detached {
            var indices: [Int] = []
            for await _ in outbox.signal {
                while let item = outbox.next() {
                    if case .frame(let head, _) = item,
                        let json = try? JSONSerialization.jsonObject(with: Data(head.dropFirst(4))) as? [String: Any],
                        let i = json["frame"] as? Int
                    {
                        indices.append(i)
                    }
                }
            }
            return indices
        }
        var accepted = 0, refused = 0
        for i in 0..<120 {
            let kind: PreviewFramePipeline.Kind = i % 10 == 9 ? .touched : i % 40 == 0 ? .exact : .played
            let frame = kind == .exact ? Self.exact(i, box: i % 50) : Self.motion(i, box: i % 50)
            if kind == .played && !pipeline.hasRoomForPlayedFrame {
                refused += 1
            } else {
                let taken = pipeline.submit(Self.job(frame, kind))
                #expect(taken)
                accepted += 1
            }
            #expect(pipeline.queued <= 2)
            if i % 3 == 0 { await Task.yield() }
        }
        await Self.idle(pipeline)
        outbox.close()
        let indices = await writer.value
        #expect(!indices.isEmpty)
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(indices.last == 119)  // the last frame (touched) always goes
        // Every frame taken was written, replaced in the outbox, or replaced while it waited.
        #expect(indices.count + outbox.droppedFrames + pipeline.replacedWhileWaiting == accepted)
        #expect(accepted + refused == 120)
    }

    @Test func aPlayedFrameFindsNoRoomWhileOneWaitsButATouchedOneReplacesIt() {
        let outbox = PreviewOutbox()
        let held = HeldRunner()
        let woken = Counter()
        let pipeline = PreviewFramePipeline(mode: .rectsJPEG, outbox: outbox, runner: held.runner) { woken.bump() }
        #expect(pipeline.hasRoomForPlayedFrame)
        do { let taken = pipeline.submit(Self.job(Self.motion(1, box: 0), .played)); #expect(taken) }
        // The encoder has not taken it yet: the next played frame is refused, not queued.
        #expect(!pipeline.hasRoomForPlayedFrame)
        let refused = !pipeline.submit(Self.job(Self.motion(2, box: 5), .played))
        #expect(refused)
        #expect(pipeline.window.frames == 1)
        #expect(held.pending == 1)
        // A touched frame is never refused: it replaces the waiting one (never encoded, never sent).
        let taken = pipeline.submit(Self.job(Self.motion(3, box: 9), .touched))
        #expect(taken)
        #expect(pipeline.replacedWhileWaiting == 1)
        #expect(pipeline.window.frames == 1)
        #expect(pipeline.queued <= 2)
        held.runAll()
        // The session asked for room: it is woken when the waiting frame starts encoding.
        #expect(woken.value == 1)
        #expect(pipeline.hasRoomForPlayedFrame)
        #expect(pipeline.queued == 0)
        let frames = Self.written(outbox)
        #expect(frames.count == 1)
        #expect(frames.first?.header["frame"] as? Int == 3)
        #expect(outbox.droppedFrames == 0)
    }

    @Test func framesInFlightAreCountedFromTheDecisionAndSizedOnceEncoded() {
        let outbox = PreviewOutbox()
        let held = HeldRunner()
        let pipeline = PreviewFramePipeline(mode: .jpeg, outbox: outbox, runner: held.runner)
        do { let taken = pipeline.submit(Self.job(Self.motion(1, box: 0), .played)); #expect(taken) }
        // Submitted, not encoded: one frame in flight, of unknown size (no frame encoded yet).
        #expect(pipeline.window.frames == 1)
        #expect(pipeline.window.bytes == 0)
        // An acknowledgement cannot be for a frame not sent yet: it changes nothing.
        #expect(pipeline.acknowledge() == nil)
        #expect(pipeline.window.frames == 1)
        held.runAll()
        let first = Self.written(outbox)
        #expect(first.count == 1)
        let size = pipeline.window.bytes
        #expect(size > first[0].body.count)  // the head and the JPEG
        // The next frame counts at the last one's size until its own is known.
        do { let taken = pipeline.submit(Self.job(Self.motion(2, box: 20), .played)); #expect(taken) }
        #expect(pipeline.window.frames == 2)
        #expect(pipeline.window.bytes == 2 * size)
        held.runAll()
        // Not written yet when the third is sent: the outbox replaces it, and it is no longer in flight.
        do { let taken = pipeline.submit(Self.job(Self.motion(3, box: 30), .played)); #expect(taken) }
        held.runAll()
        #expect(outbox.droppedFrames == 1)
        #expect(pipeline.window.frames == 2)  // frame 1 (written) and frame 3 (in the outbox)
        let later = Self.written(outbox)
        #expect(later.map { $0.header["frame"] as? Int } == [3])
        #expect(pipeline.acknowledge() != nil)
        #expect(pipeline.acknowledge() != nil)
        #expect(pipeline.window.frames == 0)
        #expect(pipeline.window.bytes == 0)
        #expect(pipeline.acknowledge() == nil)
    }

    @Test func exactFramesGoOutByteForByteAndSetWhetherThePageIsExact() {
        let outbox = PreviewOutbox()
        let held = HeldRunner()
        let pipeline = PreviewFramePipeline(mode: .rectsJPEG, outbox: outbox, runner: held.runner)
        let loaded = Self.exact(0, box: nil)
        pipeline.submit(Self.job(loaded, .exact))
        #expect(pipeline.pageIsExact)
        held.runAll()
        var out = Self.written(outbox)
        #expect(out.count == 1)
        let sameBytes = out[0].body == loaded.png  // (not the arrays in the message)
        #expect(sameBytes)
        #expect(out[0].header["encoding"] as? String == "png")
        #expect(out[0].header["exact"] as? Bool == true)
        #expect(pipeline.lastInexactFrame == nil)
        // A lossy frame: the page is not exact from the moment it is submitted.
        pipeline.submit(Self.job(Self.motion(1, box: 10), .played))
        #expect(!pipeline.pageIsExact)
        #expect(pipeline.lastInexactFrame != nil)
        held.runAll()
        out = Self.written(outbox)
        #expect(out.first?.header["encoding"] as? String == "rects")
        #expect(out.first?.header["exact"] as? Bool == false)
        #expect(!pipeline.pageIsExact)
        // A frame that changes nothing leaves it inexact; the exact PNG makes it exact again.
        pipeline.submit(Self.job(Self.motion(2, box: 10), .played))
        held.runAll()
        #expect(!pipeline.pageIsExact)
        let settled = Self.exact(2, box: 10)
        pipeline.submit(Self.job(settled, .exact))
        held.runAll()
        out = Self.written(outbox)
        let settledBytes = out.last?.body == settled.png
        #expect(settledBytes)
        #expect(pipeline.pageIsExact)
        // After it, a frame that changes nothing keeps the page exact (0-byte parts).
        pipeline.submit(Self.job(Self.motion(3, box: 10), .played))
        held.runAll()
        #expect(pipeline.pageIsExact)
    }

    @Test func aClosedPipelineSendsNothing() {
        let outbox = PreviewOutbox()
        let held = HeldRunner()
        let pipeline = PreviewFramePipeline(mode: .rectsJPEG, outbox: outbox, runner: held.runner)
        pipeline.submit(Self.job(Self.motion(1, box: 0), .played))
        pipeline.close()
        held.runAll()
        #expect(Self.written(outbox).isEmpty)
        #expect(pipeline.queued == 0)
    }

    // MARK: In a session

    /// A session on card-flip whose encoder runs only when the test lets it, on a manual clock.
    @MainActor final class HeldPage {
        let held = HeldRunner()
        let clock = PreviewManualClock()
        let hub: PreviewHub
        let outbox = PreviewOutbox()
        let session: PreviewSession

        init() throws {
            let runner = held.runner
            hub = PreviewHub(
                registry: PreviewEngineTests.registry(),
                defaults: .init(scene: "card-flip", device: "iphone-se", scale: 1, frameEncoding: .auto),
                encodeRunner: { _ in runner }, clock: clock)
            session = try #require(hub.open(outbox: outbox))
        }
    }

    @Test func whileTheEncoderIsBehindPlayedFramesAreSkippedNotDrawn() throws {
        let page = try HeldPage()
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.held.runAll()
        #expect(Self.written(page.outbox).count == 1)
        page.session.handle(.ack(frame: 0))
        page.session.handle(.play)
        // One frame's time: the first played frame is drawn and waits for the encoder.
        page.clock.advance(by: .milliseconds(17))
        #expect(page.session.position == 1)
        #expect(page.held.pending == 1)
        // The encoder takes nothing for 80 ms: later frames are neither drawn nor queued (the
        // position stays at the frame submitted).
        page.clock.advance(by: .milliseconds(80))
        #expect(page.session.position == 1)
        #expect(page.session.waitingForEncoder)
        #expect(page.session.framesInFlight == 1)
        #expect(page.session.pipeline.queued <= 2)
        #expect(page.held.pending == 1)
        // The encoder catches up: it wakes the play loop, which sends the frame due now (5, at
        // 97 ms), passing over the three it could not draw.
        page.held.runAll()
        page.clock.advance(by: .zero)
        #expect(page.held.pending == 1)
        #expect(page.session.position == 5)
        page.held.runAll()
        #expect(page.session.behindFrames == 3)
        let frames = Self.written(page.outbox)
        #expect(!frames.isEmpty)
        #expect((frames.last?.header["behind"] as? Int ?? 0) > 0)
    }

    @Test func aTouchedFrameIsNeverSkippedWhenTheEncoderIsBehind() throws {
        let page = try HeldPage()
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        #expect(Self.written(page.outbox).count == 1)  // exact, nothing ahead: sent at once
        page.session.handle(.ack(frame: 0))
        page.session.handle(.play)
        page.clock.advance(by: .milliseconds(17))
        #expect(page.held.pending == 1)  // a played frame waits for the encoder
        page.session.handle(.pointer(PreviewPointer(phase: .down, finger: 0, x: 10, y: 300)))
        page.session.handle(.pointer(PreviewPointer(phase: .move, finger: 0, x: 60, y: 300)))
        page.clock.advance(by: .zero)  // the touched frame's main-actor job
        // The touched frame took the waiting played frame's place instead of being refused.
        #expect(page.session.pipeline.replacedWhileWaiting == 1)
        #expect(page.session.pipeline.queued <= 2)
        page.held.runAll()
        let touched = Self.written(page.outbox).filter { $0.header["reason"] as? String == "input" }
        #expect(touched.count == 1)
        #expect(touched.first?.header["inputs"] as? Int == 2)
    }

    @Test func aTouchedFrameWithNothingAheadIsEncodedAtOnce() {
        // No thread hop for a touch when the encoder is idle (input latency).
        let outbox = PreviewOutbox()
        let held = HeldRunner()
        let pipeline = PreviewFramePipeline(mode: .rectsJPEG, outbox: outbox, runner: held.runner)
        pipeline.submit(Self.job(Self.motion(1, box: 4), .touched))
        #expect(held.pending == 0)
        #expect(pipeline.queued == 0)
        #expect(Self.written(outbox).map { $0.header["frame"] as? Int } == [1])
        // With a played frame ahead of it, it is not encoded on the caller (that would pass the
        // frame ahead): it goes through the runner, in the waiting frame's place.
        pipeline.submit(Self.job(Self.motion(2, box: 8), .played))
        pipeline.submit(Self.job(Self.motion(3, box: 12), .touched))
        #expect(held.pending == 1)
        #expect(Self.written(outbox).isEmpty)
        held.runAll()
        #expect(Self.written(outbox).map { $0.header["frame"] as? Int } == [3])
    }
}
