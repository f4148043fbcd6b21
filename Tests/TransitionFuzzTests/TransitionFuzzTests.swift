import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// Random sequences of presentations, dismissals, pushes, pops, interactions, touches and clock
/// advances, with well-behaved and misbehaving animators (see `FuzzRun` for what is checked).
///
/// `make test` runs `shortRun`; `make fuzz` runs `longRun` (FLIPBOOK_FUZZ_N sequences from
/// FLIPBOOK_FUZZ_SEED, 10 000 from 1 by default) and prints the count, the time and any failing
/// seed, with the failing sequence shrunk and printed as a test to paste here.
@Suite(.freshRuntime, .serialized)
@MainActor
struct TransitionFuzzTests {
    static let stepsPerSequence = 24

    /// Runs `count` sequences from `firstSeed`; returns the failing seeds with their report.
    struct Totals {
        var failures: [String] = []
        var transitions = 0, completed = 0, cancelled = 0, diagnostics = 0, steps = 0
    }

    static func fuzz(count: Int, firstSeed: UInt64, shrinkBudget: Int = 400) -> Totals {
        var totals = Totals()
        let progressFile = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_PROGRESS"]
        for k in 0..<count {
            let seed = firstSeed &+ UInt64(k)
            if let progressFile { try? "\(seed)\n".write(toFile: progressFile, atomically: false, encoding: .utf8) }
            let steps = FuzzStep.sequence(seed: seed, count: stepsPerSequence)
            let run = FuzzRun.run(steps)
            totals.steps += steps.count
            totals.transitions += run.transitions
            totals.completed += run.completed
            totals.cancelled += run.cancelled
            totals.diagnostics += run.diagnostics.count
            guard let first = run.failures.first else { continue }
            let minimal = FuzzShrinker.shrink(steps, budget: shrinkBudget) { !FuzzRun.run($0).failures.isEmpty }
            let again = FuzzRun.run(minimal).failures.first ?? first
            totals.failures.append(
                "seed \(seed) fails: \(first)\nShrunk from \(steps.count) to \(minimal.count) steps:\n"
                    + FuzzShrinker.swiftTest(minimal, seed: seed, failure: again))
            if totals.failures.count >= 3 { break }
        }
        return totals
    }

    @Test func shortRun() {
        let result = Self.fuzz(count: 200, firstSeed: 1)
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n\n"))")
        #expect(result.transitions > 1000)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_N"] != nil))
    func longRun() {
        let env = ProcessInfo.processInfo.environment
        let count = env["FLIPBOOK_FUZZ_N"].flatMap { Int($0) } ?? 10_000
        let seed = env["FLIPBOOK_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let start = Date()
        let result = Self.fuzz(count: count, firstSeed: seed)
        let seconds = Date().timeIntervalSince(start)
        print(String(
            format: "Transition fuzz: %d sequences (%d steps) from seed %llu in %.1f s (%.1f ms a sequence): "
                + "%d transitions started, %d completed, %d cancelled; %d diagnostics; %d failing",
            count, result.steps, seed, seconds, seconds * 1000 / Double(max(1, count)), result.transitions,
            result.completed, result.cancelled, result.diagnostics, result.failures.count))
        for failure in result.failures { print(failure) }
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n\n"))")
    }

    // MARK: The harness itself

    @Test func sameSeedSameSequence() {
        #expect(FuzzStep.sequence(seed: 42, count: 50) == FuzzStep.sequence(seed: 42, count: 50))
        #expect(FuzzStep.sequence(seed: 42, count: 50) != FuzzStep.sequence(seed: 43, count: 50))
    }

    @Test func everyKindOfStepIsGenerated() {
        let steps = (1...40).flatMap { FuzzStep.sequence(seed: $0, count: 24) }
        let text = steps.map(\.description).joined(separator: "\n")
        for style in FuzzStyle.allCases { #expect(text.contains(".present(.\(style),")) }
        for animator in FuzzAnimator.allCases { #expect(text.contains("animator: .\(animator)")) }
        for word in [".dismiss(", ".push(", ".pop(", ".popToRoot(", ".setViewControllers(", ".update(", ".finish", ".cancel",
                     ".pause", ".tap(", ".drag(", ".edgeSwipe(", ".zoomDrag(", ".pinch(", ".advance(",
                     "interaction: .percentDrivenRunning"]
        {
            #expect(text.contains(word), "\(word)")
        }
    }

    /// A failing property shrinks to the steps that matter, printed as a test.
    @Test func shrinkingFindsTheMinimalSequence() {
        let steps = FuzzStep.sequence(seed: 7, count: 30) + [.finish] + FuzzStep.sequence(seed: 8, count: 10)
        // "Fails" when the sequence holds a .finish and a push: two steps are needed.
        let fails: ([FuzzStep]) -> Bool = { s in
            s.contains(.finish) && s.contains { if case .push = $0 { return true } else { return false } }
        }
        #expect(fails(steps))
        let minimal = FuzzShrinker.shrink(steps, fails: fails)
        #expect(minimal.count == 2)
        #expect(minimal.contains(.finish))
        #expect(minimal.contains(.push(animated: false, animator: .system, interaction: .none)))
        let test = FuzzShrinker.swiftTest(minimal, seed: 7, failure: "example")
        #expect(test.contains("@Test func fuzzSeed7() {"))
        #expect(test.contains("        .finish,"))
    }

    /// The zoom steps do what they say: a zoomed presentation dismissed by a drag from the
    /// middle, one dismissed by a pinch, a zoomed push popped by the edge swipe (each run has
    /// exactly two transitions, both completed: the only way out is the interaction).
    @Test(arguments: [FuzzStep.zoomDrag(toX: 0.55, toY: 0.9, duration: 0.2), .pinch(scale: 0.4, duration: 0.25)])
    func zoomStepsDismissInteractively(_ gesture: FuzzStep) {
        let run = FuzzRun.run([
            .present(.fullScreen, animated: true, animator: .zoom, interaction: .none, inNavigation: false),
            .advance(1), gesture, .advance(1),
        ])
        #expect(run.failures.isEmpty, "\(run.failures)")
        #expect(run.transitions == 2 && run.completed == 2, "\(run.transitions) started, \(run.completed) completed")
    }

    @Test func zoomPushIsPoppedByTheEdgeSwipe() {
        let run = FuzzRun.run([
            .push(animated: true, animator: .zoom, interaction: .none), .advance(1),
            .edgeSwipe(toX: 0.8, y: 0.5, duration: 0.25), .advance(1),
        ])
        #expect(run.failures.isEmpty, "\(run.failures)")
        #expect(run.transitions == 2 && run.completed == 2, "\(run.transitions) started, \(run.completed) completed")
    }

    /// A misbehaving animator's run is clean: Flipbook reports it and repairs the transition.
    @Test func neverCompletingAnimatorIsReportedAndCompleted() {
        let run = FuzzRun.run([.present(.fullScreen, animated: true, animator: .neverCompletes, interaction: .none, inNavigation: false)])
        #expect(run.failures.isEmpty, "\(run.failures)")
        #expect(run.diagnostics.contains { $0.contains("never called completeTransition(_:)") })
    }
}

/// Sequences the fuzzer found, shrunk, kept as regression tests.
@Suite(.freshRuntime, .serialized)
@MainActor
struct FoundByFuzzingTests {
    /// A chained dismissal (two over-full-screen presentations dismissed from the bottom) driven
    /// interactively and never updated: Flipbook cancels it after 30 s. The controller between
    /// used to stay off screen, its container gone from the window and its appearance half way.
    @Test func fuzzSeed12() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 0, animated: true, animator: .slide, interaction: .percentDriven),
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
        #expect(run.diagnostics.contains { $0.contains("interactively but has not called update, finish or cancel") })
    }

    /// A dismissal whose animator throws the dismissed view away, then cancelled: Flipbook puts
    /// the view back (and says so) instead of leaving a presented controller with nothing on screen.
    @Test func cancelledDismissalGetsItsViewBack() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 0, animated: true, animator: .throwsAwayViews, interaction: .percentDriven),
            .update(0.2),
            .cancel,
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
        #expect(run.diagnostics.contains { $0.contains("Flipbook puts the from view back") })
    }

    /// The same with the controller between covered by a full-screen presentation (or a
    /// current-context one) and the dismissal cancelled (by a wrong completion flag, or by the
    /// interaction timeout): the cancel used to make the covered controller appear.
    @Test func fuzzSeed1163() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.fullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 0, animated: true, animator: .wrongFlag, interaction: .none),
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
    }

    @Test func fuzzSeed1639() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.currentContext, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 0, animated: true, animator: .slide, interaction: .percentDriven),
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
    }

    /// A push while a chained dismissal runs: the checker used to look at the window in the
    /// middle of the dismissal (whose container had left the window) and report it.
    @Test func fuzzSeed62() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.overCurrentContext, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 0, animated: true, animator: .system, interaction: .none),
            .push(animated: false, animator: .system, interaction: .none),
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
    }

    /// The same with the presenter's own view out of the window too (covered by a
    /// current-context presentation).
    @Test func fuzzSeed62Deeper() {
        let run = FuzzRun.run([
            .present(.overFullScreen, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.currentContext, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .present(.overCurrentContext, animated: false, animator: .system, interaction: .none, inNavigation: false),
            .dismiss(depth: 1, animated: true, animator: .system, interaction: .none),
            .push(animated: false, animator: .system, interaction: .none),
        ])
        #expect(run.failures.isEmpty, "\(run.failures.joined(separator: "\n"))")
    }
}
