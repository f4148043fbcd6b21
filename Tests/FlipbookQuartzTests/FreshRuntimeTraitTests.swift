import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// `MediaClock.reset()` and the `.freshRuntime` trait: what one test leaves running cannot
/// reach a test that carries the trait (each runs in a fresh `AppRuntime`).
@Suite(.serialized) struct FreshRuntimeTraitTests {
    /// Leaves every kind of work running on the main clock, each recording when it fires.
    @MainActor static func leaveWorkRunning(into recorder: EventRecorder) -> CALayer {
        let layer = CALayer()
        let endless = CABasicAnimation(keyPath: "opacity")
        endless.fromValue = 0
        endless.toValue = 1
        endless.duration = 1
        endless.repeatCount = .infinity
        layer.add(endless, forKey: "endless")
        let finite = CABasicAnimation(keyPath: "position.x")
        finite.toValue = 100
        finite.duration = 0.5
        finite.delegate = RecordingAnimationDelegate("finite", recorder: recorder)
        layer.add(finite, forKey: "finite")
        MediaClock.main.schedule(after: 0.25) { recorder.record("scheduled") }
        CADisplayLink { _ in recorder.record("link") }.add(to: .main, forMode: .common)
        CATransaction.begin()
        CATransaction.setCompletionBlock { recorder.record("completion") }
        let inTransaction = CABasicAnimation(keyPath: "opacity")
        inTransaction.duration = 0.1
        CALayer().add(inTransaction, forKey: nil)
        // The transaction is left open on purpose.
        MediaClock.main.framesPerSecond = 24
        return layer
    }

    /// What the first test left: its recorder, and the layer it animated.
    @MainActor static var firstTestRecorder: EventRecorder?
    @MainActor static var firstTestLayer: CALayer?

    /// Leaves every kind of work running when it ends (the suite is serialized, so the next
    /// test runs after it).
    @Test(.freshRuntime) @MainActor func aTestLeavesWorkRunning() {
        let recorder = EventRecorder()
        Self.firstTestRecorder = recorder
        Self.firstTestLayer = Self.leaveWorkRunning(into: recorder)
        #expect(!MediaClock.main.isIdle)
    }

    /// …and none of it reaches the next test with the trait.
    @Test(.freshRuntime) @MainActor func theNextTestStartsFromACleanClock() throws {
        let recorder = try #require(Self.firstTestRecorder)
        let layer = try #require(Self.firstTestLayer)
        let before = recorder.events
        // The first test ran in a runtime of its own, reset when it ended; this test's clock is
        // another one, idle, at its initial time.
        #expect(MediaClock.main.isIdle)
        #expect(MediaClock.main.framesPerSecond == 60)
        #expect(MediaClock.main.now == MediaClock.initialTime || ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLOCK_JITTER"] != nil)
        #expect(layer.animationKeys() == nil)
        MediaClock.main.advance(by: 2)
        #expect(recorder.events == before)
        #expect(!recorder.events.contains("scheduled") && !recorder.events.contains("link"))
    }

    /// The same leftovers do run when nothing resets the clock (so the test above can fail).
    @Test(.freshRuntime) @MainActor func withoutAResetTheLeftoversRun() {
        let recorder = EventRecorder()
        _ = Self.leaveWorkRunning(into: recorder)
        CATransaction.commit()
        MediaClock.main.advance(by: 1)
        #expect(recorder.events.contains("scheduled"))
        #expect(recorder.events.contains("link"))
        #expect(recorder.events.contains("stop finite true"))
        #expect(recorder.events.contains("completion"))
    }

    /// `reset()` from inside a frame is refused (it would pull the frame out from under itself).
    @Test(.freshRuntime) @MainActor func resetInsideAFrameIsReported() {
        var seen: [String] = []
        MediaClock.main.schedule(after: 0) {
            seen = FlipbookDiagnostics.capture { MediaClock.main.reset() }
        }
        MediaClock.main.advanceFrames(1)
        #expect(seen.contains { $0.contains("reset()") })
    }

    /// The former name still compiles (deprecated) and gives the same fresh runtime.
    @available(*, deprecated)
    @Test(.cleanClock) @MainActor func theFormerNameStillGivesAFreshRuntime() {
        #expect(MediaClock.main.now == MediaClock.initialTime || ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLOCK_JITTER"] != nil)
    }
}
