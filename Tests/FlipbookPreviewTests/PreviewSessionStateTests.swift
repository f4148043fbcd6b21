import Testing
import TestSupport
import Flipbook
@testable import FlipbookPreview

/// The session's explicit states (docs/Preview.md, "Session states"): paused, playing (and what
/// holds the play loop back) or closed; and whether the page has a frame with the latest touch.
@Suite(.freshRuntime) @MainActor struct PreviewSessionStateTests {
    @Test func playStateTransitions() {
        var s = PreviewPlayState.paused
        s.hold(.page)
        #expect(s == .paused, "nothing holds a paused loop")
        s.play()
        #expect(s == .playing(held: []))
        s.hold(.encoder)
        s.hold(.page)
        #expect(s.held == [.page, .encoder])
        s.release(.encoder)
        #expect(s == .playing(held: .page))
        s.release()
        #expect(s == .playing(held: []))
        s.hold(.page)
        s.pause()
        #expect(s == .paused && s.held.isEmpty)
        s.play()
        s.close()
        // Closed is final.
        s.play()
        s.pause()
        s.hold(.page)
        #expect(s == .closed && !s.isPlaying)
    }

    @Test func aSessionGoesThroughItsStates() throws {
        let page = try PreviewFlowControlTests.Page(encoding: .auto)
        defer { page.hub.shutdown() }
        let s = page.session
        #expect(s.playState == .paused)
        s.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.drain()
        s.handle(.play)
        #expect(s.playState == .playing(held: []))
        // Never acknowledged: the window fills and the page holds the loop back.
        page.play { s.waitingForAck }
        #expect(s.playState == .playing(held: .page))
        // An acknowledgement sends the frame due: nothing holds it back any more.
        s.handle(.ack(frame: 0))
        #expect(s.playState == .playing(held: []))
        s.handle(.pause)
        #expect(s.playState == .paused)
        // Played to the end: paused at the last frame.
        s.handle(.seek(time: 4))
        for f in 0...400 { s.handle(.ack(frame: f)) }
        s.handle(.play)
        let t = try #require(s.timeline)
        for _ in 0..<1000 where s.playing {
            page.clock.advance(by: .milliseconds(17))
            page.drain()
            for f in 0...t.lastFrame where s.framesInFlight > 0 { s.handle(.ack(frame: f)) }
        }
        #expect(s.playState == .paused)
        #expect(s.position == t.lastFrame)
        page.hub.close(s)
        #expect(s.playState == .closed)
        s.handle(.play)
        #expect(s.playState == .closed)
    }

    @Test func inputFrameStates() throws {
        let page = try PreviewFlowControlTests.Page(encoding: .auto)
        defer { page.hub.shutdown() }
        let s = page.session
        s.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.drain()
        s.handle(.seek(time: 1.5))
        page.drain()
        s.handle(.ack(frame: 0))
        s.handle(.ack(frame: 90))
        #expect(s.framesInFlight == 0)
        #expect(!s.inputFrame.isPending)
        // A touch queues one job for the burst of moves that follows it.
        s.handle(.pointer(PreviewPointer(phase: .down, finger: 0, x: 10, y: 300)))
        #expect(s.inputFrame.isQueued)
        s.handle(.pointer(PreviewPointer(phase: .move, finger: 0, x: 20, y: 300)))
        #expect(page.clock.pendingCount >= 1)
        page.drain()
        #expect(!s.inputFrame.isPending)
        #expect(page.written.count == 3)
        // The page takes no more: the next touched frame is held until an acknowledgement.
        for i in 0..<PreviewLimits.touchFramesInFlight {
            s.handle(.pointer(PreviewPointer(phase: .move, finger: 0, x: 30 + Double(i) * 10, y: 300)))
            page.drain()
        }
        #expect(s.framesInFlight == PreviewLimits.touchFramesInFlight)
        guard case .held = s.inputFrame else {
            Issue.record("expected a held input frame, got \(s.inputFrame)")
            return
        }
        s.handle(.ack(frame: 90))
        #expect(s.inputFrame.isQueued)
        page.drain()
        #expect(!s.inputFrame.isPending)
        // A new scene forgets a touched frame still owed.
        s.handle(.pointer(PreviewPointer(phase: .move, finger: 0, x: 90, y: 300)))
        #expect(s.inputFrame.isQueued)
        s.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        #expect(!s.inputFrame.isPending)
    }
}
