import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookPreview

/// The preview's flow control (docs/Preview.md, "Limits"): a page that does not acknowledge its
/// frames gets at most `PreviewLimits.framesInFlight` frames and about `bytesInFlight` bytes;
/// the rest are skipped, never queued, and an acknowledgement lets the next one go at once.
@Suite(.freshRuntime) @MainActor struct PreviewFlowControlTests {
    /// A session playing card-flip at 1× on a manual clock, its frames encoded as they are
    /// submitted (a runner that runs at once), its outbox drained like the WebSocket writer does.
    @MainActor final class Page {
        let clock = PreviewManualClock()
        let hub: PreviewHub
        let outbox = PreviewOutbox()
        let session: PreviewSession
        var written: [Int] = []  // bytes of each frame written
        var lastHeader: String?

        init(encoding: PreviewFrameEncoding) throws {
            hub = PreviewHub(
                registry: PreviewEngineTests.registry(),
                defaults: .init(scene: "card-flip", device: "iphone-se", scale: 1, frameEncoding: encoding),
                encodeRunner: { _ in { work in work() } }, clock: clock)
            session = try #require(hub.open(outbox: outbox))
        }

        /// Runs the main-actor jobs due now, then writes what the outbox holds.
        func drain() {
            clock.advance(by: .zero)
            while let item = outbox.next() {
                if case .frame(let head, let body) = item {
                    written.append(head.count + body.count)
                    lastHeader = String(decoding: head.dropFirst(4), as: UTF8.self)
                }
            }
        }

        /// Lets 5 ms pass and drains, until `condition` holds (at most 10 s of the clock),
        /// checking the bound each time.
        func play(until condition: () -> Bool) {
            for _ in 0..<2000 where !condition() {
                clock.advance(by: .milliseconds(5))
                drain()
                #expect(session.framesInFlight <= PreviewLimits.framesInFlight)
            }
            #expect(condition())
        }
    }

    @Test func aPageThatNeverAcknowledgesGetsAtMostTheWindow() throws {
        let page = try Page(encoding: .auto)
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.drain()
        #expect(page.written.count == 1)  // the loaded frame, exact
        page.session.handle(.play)
        // Played frames of card-flip change nothing at first (0-byte parts): the frame count is
        // the limit, then the loop waits for an acknowledgement.
        page.play { page.session.waitingForAck }
        #expect(page.written.count == PreviewLimits.framesInFlight)
        #expect(page.session.framesInFlight == PreviewLimits.framesInFlight)
        // More time passes, more frames fall due: none is sent or queued.
        page.clock.advance(by: .milliseconds(100))
        page.drain()
        #expect(page.written.count == PreviewLimits.framesInFlight)
        #expect(!page.outbox.hasPendingFrame)
        // One acknowledgement sends the frame due now at once, skipping the ones passed over.
        page.session.handle(.ack(frame: 0))
        page.drain()
        #expect(page.written.count == PreviewLimits.framesInFlight + 1)
        #expect(page.session.skippedFrames > 0)
        #expect(page.session.framesInFlight == PreviewLimits.framesInFlight)
    }

    /// A page that shows the frame at no more than 60 % of its pixels across and down gets its
    /// moving frames at half resolution; a bigger view (a HiDPI screen), or none reported, does not.
    @Test func aPageShowingTheFrameSmallGetsHalfResolutionMotion() throws {
        let page = try Page(encoding: .auto)
        defer { page.hub.shutdown() }
        #expect(!page.session.sendsHalfResolution(width: 750, height: 1334))
        page.session.handle(.view(width: 394, height: 700))
        #expect(page.session.sendsHalfResolution(width: 750, height: 1334))
        page.session.handle(.view(width: 788, height: 1400))
        #expect(!page.session.sendsHalfResolution(width: 750, height: 1334))
        page.session.handle(.view(width: 450, height: 801))
        #expect(!page.session.sendsHalfResolution(width: 750, height: 1334))
        // Moving frames are drawn at half scale only for such a page and a JPEG encoding.
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 2))
        let t = try #require(page.session.timeline)
        #expect(!page.session.drawsMotionAtHalfScale(t))
        page.session.handle(.view(width: 394, height: 700))
        #expect(page.session.drawsMotionAtHalfScale(t))
        let exactPage = try Page(encoding: .rectsPNG)
        defer { exactPage.hub.shutdown() }
        exactPage.session.handle(.view(width: 394, height: 700))
        #expect(!exactPage.session.drawsMotionAtHalfScale(t))
    }

    @Test func bigFramesAreLimitedByTheirBytes() throws {
        // Raw RGBA at scale 1: 375×667×4 bytes ≈ 977 KiB a frame, more than `bytesInFlight`.
        let page = try Page(encoding: .raw)
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.drain()
        page.session.handle(.play)
        page.play { page.session.waitingForAck }
        // The exact loaded frame (a small PNG) and one raw frame: that one is over the byte limit.
        #expect(page.written.count == 2)
        #expect(page.written[1] > PreviewLimits.bytesInFlight)
        #expect(page.session.bytesInFlight == page.written.reduce(0, +))
        // Acknowledging the small one is not enough: the big one still fills the window.
        page.session.handle(.ack(frame: 0))
        page.drain()
        #expect(page.written.count == 2)
        // Acknowledging the big one lets one more go.
        page.session.handle(.ack(frame: 1))
        page.drain()
        #expect(page.written.count == 3)
        #expect(page.session.framesInFlight == 1)
    }

    @Test func touchedFramesWaitWithFewerInFlight() throws {
        let page = try Page(encoding: .auto)
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        page.drain()
        page.session.handle(.seek(time: 1.5))  // paused, the reveal up
        page.drain()
        #expect(page.written.count == 2)
        page.session.handle(.ack(frame: 0))
        page.session.handle(.ack(frame: 90))
        #expect(page.session.framesInFlight == 0)
        // A drag, never acknowledged: each touched frame is drawn by a main-actor job after the
        // pointer messages already waiting; none goes beyond `touchFramesInFlight`.
        page.session.handle(.pointer(PreviewPointer(phase: .down, finger: 0, x: 10, y: 300)))
        for i in 1...20 {
            page.session.handle(.pointer(PreviewPointer(phase: .move, finger: 0, x: 10 + Double(i) * 10, y: 300)))
            page.drain()
            #expect(page.session.framesInFlight <= PreviewLimits.touchFramesInFlight)
        }
        #expect(page.written.count == 2 + PreviewLimits.touchFramesInFlight)
        // The acknowledgement sends one frame with every touch so far.
        page.session.handle(.ack(frame: 0))
        page.drain()
        #expect(page.written.count == 2 + PreviewLimits.touchFramesInFlight + 1)
        let last = try #require(page.lastHeader)
        #expect(last.contains("\"inputs\":21"))
    }

    @Test func aFrameTheOutboxReplacedIsNotWaitedFor() throws {
        // The writer is slow: frames replace one another in the outbox; the replaced ones never
        // reach the page, so they must not count as in flight.
        let page = try Page(encoding: .auto)
        defer { page.hub.shutdown() }
        page.session.handle(.load(scene: "card-flip", device: "iphone-se", scale: 1))
        for frames in [1, 1, 1] {
            page.session.handle(.step(frames: frames))  // encoded and in the outbox, not written
        }
        #expect(page.session.framesInFlight == 1)
        page.drain()
        #expect(page.written.count == 1)
        #expect(page.outbox.droppedFrames == 3)
    }
}
