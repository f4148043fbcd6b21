import Testing
@testable import FlipbookPreview

/// The play loop's choice of the next frame behind the wall clock (docs/Preview.md, "Catching up").
@Suite struct PreviewCatchUpTests {
    typealias D = PreviewCatchUp.Decision

    @Test func onTimeTheDueFrameIsDrawn() {
        var c = PreviewCatchUp()
        #expect(c.next(position: 10, due: 11, waitingForAck: false, waitingForEncoder: false) == D(frame: 11))
        #expect(!c.catchingUp)
    }

    /// One slow frame (the server stepped and drew for 50 ms): the three frames that fell due
    /// meanwhile are drawn one after another, late, and none is passed over.
    @Test func aSlowServerFrameIsCaughtUpFrameByFrame() {
        var c = PreviewCatchUp()
        var drawn: [Int] = []
        var position = 30
        // Wall-clock frame due at each wake-up: 33 after the slow frame, then the loop draws
        // about two frames per frame time until it is back on time.
        for due in [33, 34, 34, 35, 35, 36, 36, 37] {
            guard due > position else { continue }
            let d = c.next(position: position, due: due, waitingForAck: false, waitingForEncoder: false)
            #expect(d.passedOver == 0 && d.cause == nil)
            drawn.append(d.frame)
            position = d.frame
        }
        #expect(drawn == [31, 32, 33, 34, 35, 36, 37])
        #expect(!c.catchingUp)
    }

    /// While catching up, the page or the encoder holding the loop back does not end it.
    @Test func aCatchUpGoesOnThroughABusyPageOrEncoder() {
        var c = PreviewCatchUp()
        #expect(c.next(position: 30, due: 33, waitingForAck: false, waitingForEncoder: false) == D(frame: 31, late: true))
        #expect(c.next(position: 31, due: 34, waitingForAck: false, waitingForEncoder: true) == D(frame: 32, late: true))
        #expect(c.next(position: 32, due: 36, waitingForAck: true, waitingForEncoder: false) == D(frame: 33, late: true))
        #expect(c.catchingUp)
    }

    /// A page or an encoder slower than the scene gets frames skipped, so playing keeps its speed.
    @Test func aSlowPageOrEncoderSkipsFramesAtOnce() {
        var c = PreviewCatchUp()
        #expect(c.next(position: 10, due: 13, waitingForAck: true, waitingForEncoder: false)
            == D(frame: 13, passedOver: 2, cause: .pageBusy))
        #expect(c.next(position: 13, due: 15, waitingForAck: false, waitingForEncoder: true)
            == D(frame: 15, passedOver: 1, cause: .encoderBehind))
        #expect(!c.catchingUp)
    }

    /// Further behind than `maxFrames`: the frames are skipped and the loop is on time again.
    @Test func tooFarBehindSkipsToTheDueFrame() {
        var c = PreviewCatchUp()
        let far = 1 + PreviewCatchUp.maxFrames + 1
        #expect(c.next(position: 0, due: far, waitingForAck: false, waitingForEncoder: false)
            == D(frame: far, passedOver: far - 1, cause: .serverLate))
        // Falling behind during a catch-up ends it the same way.
        _ = c.next(position: 50, due: 53, waitingForAck: false, waitingForEncoder: false)
        #expect(c.catchingUp)
        #expect(c.next(position: 51, due: 51 + far, waitingForAck: true, waitingForEncoder: false)
            == D(frame: 51 + far, passedOver: far - 1, cause: .pageBusy))
        #expect(!c.catchingUp)
        c = PreviewCatchUp()
        _ = c.next(position: 50, due: 53, waitingForAck: false, waitingForEncoder: false)
        c.reset()
        #expect(!c.catchingUp)
    }
}
