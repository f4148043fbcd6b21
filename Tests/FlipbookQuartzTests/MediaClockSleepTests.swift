import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// `MediaClock.sleep`, what `flipbook port` makes of `Task.sleep` (docs/Porting.md, "Tasks and
/// the media clock"): the task sleeps media time, and cancellation ends the sleep as
/// `Task.sleep`'s does. These run in async main-actor tests, which take no turns of the main
/// queue themselves; the synchronous drive, where each frame gives the queue a turn, is checked
/// by the porting corpus (`TimerKitTests`), run to run and under load.
@Suite(.freshRuntime)
@MainActor
struct MediaClockSleepTests {
    let clock = MediaClock.main

    /// Waits (yielding to the main queue) until the task has scheduled its wake-up.
    private func untilScheduled() async {
        for _ in 0..<10_000 where clock.isIdle { await Task.yield() }
    }

    /// A sleep of a thousand seconds ends when the clock has run them: no wall time passes.
    @Test func aSleepEndsWhenTheClockHasRunItsTime() async throws {
        let start = clock.now
        let task = Task { @MainActor in
            try await MediaClock.sleep(nanoseconds: 1_000_000_000_000)
            return MediaClock.main.now
        }
        await untilScheduled()
        #expect(!clock.isIdle, "a sleeping task keeps the clock busy")
        clock.advance(by: 999)
        clock.runUntilIdle(limit: 2)
        #expect(clock.isIdle)
        let woke = try await task.value
        #expect(abs(woke - (start + 1000)) < 1e-6)
    }

    @Test func aDurationSleepsItsSeconds() async throws {
        let start = clock.now
        let task = Task { @MainActor in
            try await MediaClock.sleep(for: .milliseconds(1500))
            return MediaClock.main.now
        }
        await untilScheduled()
        clock.runUntilIdle(limit: 5)
        let woke = try await task.value
        #expect(abs(woke - (start + 1.5)) < 1e-6)
    }

    @Test func aCancelledTaskDoesNotSleep() async {
        let task = Task { @MainActor in try await MediaClock.sleep(nanoseconds: 1_000_000_000_000) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.isIdle, "nothing is left scheduled")
    }

    /// Cancelled while asleep: it throws `CancellationError`, and its wake-up is unscheduled.
    @Test func cancellingASleepingTaskEndsItsSleep() async {
        let task = Task { @MainActor in try await MediaClock.sleep(for: .seconds(1000)) }
        await untilScheduled()
        #expect(!clock.isIdle)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.isIdle, "the wake-up went with the sleep")
    }
}
