import Foundation
import Testing
import Flipbook

/// A Swift Testing trait that runs each test in an `AppRuntime` of its own: `MediaClock.main`
/// is a fresh clock at `MediaClock.initialTime`, `UIApplication.shared` a fresh application, so
/// no animation, display link, scheduled step, transition or open transaction an earlier test
/// left running can reach this one, and every run of the test sees the same times. Apply it to
/// a suite (it then scopes every test in it) or to one test:
///
/// ```swift
/// @Suite(.cleanClock) @MainActor struct MyTransitionTests { … }
/// ```
///
/// Tests with the trait still wait for each other (state outside the runtime, such as the
/// transition probe's observers, is process-wide); tests without it run in parallel.
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
        // Each test runs in a runtime of its own: a clock at its initial time with nothing
        // running, an application with no windows and no transitions (docs/Testing.md).
        let runtime = await MainActor.run { Self.makeRuntime() }
        do {
            try await RuntimeBinding.run(runtime) {
                try await CleanClockLock.$isHeld.withValue(true) { try await function() }
            }
        } catch {
            await MainActor.run { runtime.clock.reset() }
            await CleanClockLock.shared.release()
            throw error
        }
        // Lets go of what the test left running (links, scheduled steps, animations).
        await MainActor.run { runtime.clock.reset() }
        await CleanClockLock.shared.release()
    }
}

extension CleanClockTrait {
    /// A fresh runtime for one test; with `FLIPBOOK_TEST_CLOCK_JITTER` set, its clock starts
    /// just below a power of two instead of at `MediaClock.initialTime`: times a test adds then
    /// cross a binade, where sums round (2047.5 + 1.0 - 2047.5 is not 1.0).
    @preconcurrency @MainActor static func makeRuntime() -> AppRuntime {
        let runtime = AppRuntime()
        if jitterClock {
            let binade = Double(sign: .plus, exponent: Int.random(in: 11...16), significand: 1)
            runtime.clock.jumpAhead(by: binade - Double.random(in: 0.05 ..< 3) - runtime.clock.now)
        }
        return runtime
    }

    /// With `FLIPBOOK_TEST_CLOCK_JITTER` set in the environment, each test's clock starts just
    /// below a power of two, so that a test which compares values at absolute times exactly,
    /// rather than with a tolerance, fails on most runs (docs/Testing.md).
    private static let jitterClock = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLOCK_JITTER"] != nil
}

extension Trait where Self == CleanClockTrait {
    /// Runs each test alone in a fresh `AppRuntime` (see `CleanClockTrait`).
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
