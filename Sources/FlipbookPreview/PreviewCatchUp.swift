/// Which played frame the play loop draws next when it wakes up behind the wall clock
/// (docs/Preview.md, "Catching up").
///
/// A frame that takes the server longer than a frame to step and draw (a transition's first
/// frame: its snapshots and the new screen's first drawing) would cost the frames that fall due
/// meanwhile. The clock is deterministic and those frames are cheap, so they are drawn instead,
/// one after another as fast as the page and the encoder take them, until playing is back on
/// time: the page shows every frame, a little late for a moment. Only the server's own lateness
/// starts a catch-up; a page or encoder that keeps up more slowly than the scene gets frames
/// skipped at once (the flow control), so playing keeps its speed. A catch-up further behind
/// than `maxFrames` gives up and skips to the frame due now (measured: docs/Preview.md).
struct PreviewCatchUp: Equatable {
    /// The most frames playing may lag behind the wall clock while catching up (100 ms at 60 fps).
    static let maxFrames = 6

    /// Why the frames passed over were passed over (the frame header's counters).
    enum Cause: Equatable { case pageBusy, encoderBehind, serverLate }

    /// The frame to draw and, when frames are passed over, how many and why.
    struct Decision: Equatable {
        var frame: Int
        var passedOver = 0
        var cause: Cause?
        /// Whether this frame is drawn behind the wall clock (catching up).
        var late = false
    }

    /// Playing is drawing frames behind the wall clock, one after another.
    private(set) var catchingUp = false

    /// The next frame after `position` when frame `due` is due by the wall clock (`due >
    /// position`). `waitingForAck` / `waitingForEncoder`: the loop had been held back by the
    /// page or the encoder since the last frame.
    mutating func next(position: Int, due: Int, waitingForAck: Bool, waitingForEncoder: Bool) -> Decision {
        let over = due - position - 1
        guard over > 0 else {
            catchingUp = false
            return Decision(frame: due)
        }
        let cause: Cause = waitingForAck ? .pageBusy : waitingForEncoder ? .encoderBehind : .serverLate
        // Once started, a catch-up goes on while the page or the encoder holds the loop back: the
        // frames wait for them (a burst after a slow frame keeps a page busy for a moment) until
        // the lag passes `maxFrames`.
        if cause == .serverLate || catchingUp, over <= Self.maxFrames {
            catchingUp = true
            return Decision(frame: position + 1, late: true)
        }
        catchingUp = false
        return Decision(frame: due, passedOver: over, cause: cause)
    }

    /// Playing stopped, sought or restarted: the next frame starts on time.
    mutating func reset() { catchingUp = false }
}
