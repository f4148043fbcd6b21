import Foundation
import Testing
import Flipbook

/// A Swift Testing trait that runs each test alone among the tests that carry it, starting
/// and ending with `MediaClock.main` reset (and the UIKit state tied to it): no animation, display link, scheduled step or
/// open transaction an earlier test left running can fire during this one, and nothing this
/// one leaves running reaches the next. Apply it to a suite (it then scopes every test in it)
/// or to one test:
///
/// ```swift
/// @Suite(.cleanClock) @MainActor struct MyTransitionTests { … }
/// ```
///
/// Why a lock as well as the resets: Swift Testing runs tests in parallel, and although the
/// main-actor tests cannot overlap, another test may run between this test's reset and its
/// body. Tests with the trait wait for each other; tests without it still run in parallel.
/// The clock's time is not rewound (media time only moves forward): test times should be
/// relative to `CACurrentMediaTime()` at the test's start, as `AppDriver`'s are.
public struct CleanClockTrait: TestTrait, SuiteTrait, TestScoping {
    public init() {}

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite's own scope has nothing to reset; a test scoped twice (the trait on a
        // suite and on the test) takes the lock once.
        guard testCase != nil, !CleanClockLock.isHeld else { return try await function() }
        await CleanClockLock.shared.acquire()
        await MainActor.run { Self.reset() }
        do {
            try await CleanClockLock.$isHeld.withValue(true) { try await function() }
        } catch {
            await MainActor.run { Self.reset() }
            await CleanClockLock.shared.release()
            throw error
        }
        await MainActor.run { Self.reset() }
        await CleanClockLock.shared.release()
    }
}

extension CleanClockTrait {
    /// Resets the main clock, then what UIKit keeps across it (transitions the reset cut
    /// off, an unbalanced interaction-event switch, the frame scale an export left set).
    @preconcurrency @MainActor static func reset() {
        MediaClock.main.reset()
        UIApplication.shared.discardTransientStateForTesting()
        LayerRenderer.frameScale = nil
        if jitterClock {
            // Just below a power of two: times a test adds then cross a binade, where sums
            // round (2047.5 + 1.0 - 2047.5 is not 1.0), as they do after a long run. Nothing is
            // left running after the reset, so the clock may start over.
            MediaClock.main.rewindForReplay()
            let binade = Double(sign: .plus, exponent: Int.random(in: 11...16), significand: 1)
            MediaClock.main.jumpAhead(by: binade - Double.random(in: 0.05 ..< 3) - MediaClock.main.now)
        }
    }

    /// With `FLIPBOOK_TEST_CLOCK_JITTER` set in the environment, each reset also moves the
    /// clock to just below a power of two, so that a test which compares values at absolute
    /// times exactly, rather than with a tolerance, fails on most runs instead of once in a
    /// while (docs/Testing.md).
    private static let jitterClock = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLOCK_JITTER"] != nil
}

extension Trait where Self == CleanClockTrait {
    /// Runs each test alone with `MediaClock.main` reset around it (see `CleanClockTrait`).
    public static var cleanClock: Self { CleanClockTrait() }
}

/// The first-come, first-served lock the `.cleanClock` tests share.
actor CleanClockLock {
    static let shared = CleanClockLock()
    /// Whether the current task already holds the lock.
    @TaskLocal static var isHeld = false

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
    }
}
