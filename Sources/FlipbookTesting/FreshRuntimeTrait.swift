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
/// @Suite(.freshRuntime) @MainActor struct MyTransitionTests { … }
/// ```
///
/// Tests run in parallel as Swift Testing schedules them (main-actor tests one at a time, taking
/// turns at their suspension points); nothing of one test's runtime is shared with another's.
/// Observers live in the runtime, so the transition recorders, invariants and diagnostics
/// observers a test installs see only its own events (those of its runtime: a second
/// `AppDriver` with a runtime of its own has its own observers).
public struct FreshRuntimeTrait: TestTrait, SuiteTrait, TestScoping {
    public init() {}

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite's own scope has nothing to set up; a test scoped twice (the trait on a
        // suite and on the test) gets one runtime.
        guard testCase != nil, !Self.isActive else { return try await function() }
        // Each test runs in a runtime of its own: a clock at its initial time with nothing
        // running, an application with no windows and no transitions, and no observers but
        // the test's own (docs/Testing.md), so its recorders and diagnostics observers see only
        // its own events even while another test runs between its suspension points.
        let runtime = await MainActor.run { Self.makeRuntime() }
        do {
            try await RuntimeBinding.run(runtime) {
                try await Self.$isActive.withValue(true) { try await function() }
            }
        } catch {
            await MainActor.run { runtime.clock.reset() }
            throw error
        }
        // Lets go of what the test left running (links, scheduled steps, animations).
        await MainActor.run { runtime.clock.reset() }
    }

    /// Whether the current task already runs in the trait's scope.
    @TaskLocal static var isActive = false
}

extension FreshRuntimeTrait {
    /// A fresh runtime for one test; with `FLIPBOOK_TEST_CLOCK_JITTER` set, its clock starts
    /// just below a power of two instead of at `MediaClock.initialTime`: times a test adds then
    /// cross a binade, where sums round (2047.5 + 1.0 - 2047.5 is not 1.0).
    @preconcurrency @MainActor static func makeRuntime() -> AppRuntime {
        let runtime = AppRuntime()
        if jitterClock {
            // The system's generator: the jitter explores, unlike the app's seeded numbers.
            var system = SystemRandomNumberGenerator()
            let binade = Double(sign: .plus, exponent: Int.random(in: 11...16, using: &system), significand: 1)
            runtime.clock.jumpAhead(by: binade - Double.random(in: 0.05 ..< 3, using: &system) - runtime.clock.now)
        }
        return runtime
    }

    /// With `FLIPBOOK_TEST_CLOCK_JITTER` set in the environment, each test's clock starts just
    /// below a power of two, so that a test which compares values at absolute times exactly,
    /// rather than with a tolerance, fails on most runs (docs/Testing.md).
    private static let jitterClock = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLOCK_JITTER"] != nil
}

extension Trait where Self == FreshRuntimeTrait {
    /// Runs each test in a fresh `AppRuntime` (see `FreshRuntimeTrait`).
    public static var freshRuntime: Self { FreshRuntimeTrait() }

    /// The trait's former name: it gives a fresh runtime, not only a clean clock.
    @available(*, deprecated, renamed: "freshRuntime")
    public static var cleanClock: Self { FreshRuntimeTrait() }
}

/// The trait's former type name.
@available(*, deprecated, renamed: "FreshRuntimeTrait")
public typealias CleanClockTrait = FreshRuntimeTrait
