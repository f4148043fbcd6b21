import Testing
@testable import FlipbookPreview

/// The manual clock the session's and pipeline's tests drive by hand (docs/Preview.md, "Time").
@Suite @MainActor struct PreviewClockTests {
    @Test func wakeUpsRunWhenTimeReachesThemInOrderWithTheClockAtTheirTime() {
        let clock = PreviewManualClock()
        var ran: [(String, Duration)] = []
        clock.wake(after: .milliseconds(30)) { ran.append(("c", clock.now)) }
        clock.wake(after: .milliseconds(10)) { ran.append(("a", clock.now)) }
        clock.wake(after: .milliseconds(10)) { ran.append(("b", clock.now)) }  // same time: made later, runs later
        let dropped = clock.wake(after: .milliseconds(20)) { ran.append(("x", clock.now)) }
        dropped.cancel()
        #expect(clock.pendingCount == 3)
        clock.advance(by: .milliseconds(9))
        #expect(ran.isEmpty && clock.now == .milliseconds(9))
        clock.advance(by: .milliseconds(21))
        #expect(ran.map(\.0) == ["a", "b", "c"])
        #expect(ran.map(\.1) == [.milliseconds(10), .milliseconds(10), .milliseconds(30)])
        #expect(clock.now == .milliseconds(30) && clock.pendingCount == 0)
    }

    @Test func aWakeUpMadeWhileAdvancingRunsIfItFallsDue() {
        let clock = PreviewManualClock()
        var ticks: [Duration] = []
        func every16() {
            clock.wake(after: .milliseconds(16)) {
                ticks.append(clock.now)
                every16()
            }
        }
        every16()
        clock.advance(by: .milliseconds(50))
        #expect(ticks == [.milliseconds(16), .milliseconds(32), .milliseconds(48)])
        // `.zero` runs what is due now (the jobs the real clock would run next), and no more.
        var now = false
        clock.wake(after: .zero) { now = true }
        clock.advance(by: .zero)
        #expect(now && ticks.count == 3 && clock.now == .milliseconds(50))
        // Time never goes back.
        clock.advance(by: .milliseconds(-5))
        #expect(clock.now == .milliseconds(50))
    }

    @Test func aLoopThatNeverLetsTimePassStops() {
        let clock = PreviewManualClock()
        var runs = 0
        func again() { clock.wake(after: .zero) { runs += 1; again() } }
        again()
        clock.advance(by: .zero)
        #expect(runs == PreviewManualClock.maxWakeUpsPerAdvance)
    }
}
