import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// The ownership rule at the Quartz level (docs/ARCHITECTURE.md, "Ownership"): a display link
/// runs on the clock of the runtime it was made in, a clock's frames run with its runtime bound,
/// and observers added in a runtime hear only that runtime's posts.
@MainActor
@Suite(.freshRuntime) struct QuartzRuntimeOwnershipTests {
    @Test func aDisplayLinkFiresOnTheClockOfTheRuntimeItWasMadeIn() {
        let other = AppRuntime()
        var fired: [CFTimeInterval] = []
        let link = other.run { CADisplayLink { fired.append($0.timestamp) } }
        #expect(link.runtime === other)
        link.add(to: .main, forMode: .common)  // added while the test's runtime is bound
        defer { link.invalidate() }
        MediaClock.main.advanceFrames(3)
        #expect(fired.isEmpty)
        other.clock.advanceFrames(2)
        #expect(fired.count == 2 && fired.last == other.clock.now)
        link.invalidate()
        other.clock.advanceFrames(2)
        #expect(fired.count == 2)
    }

    @Test func aClocksFramesRunWithItsRuntimeBound() {
        let other = AppRuntime()
        var seen: [AppRuntime] = []
        other.clock.schedule(after: 0) { seen.append(AppRuntime.current) }
        MediaClock.main.schedule(after: 0) { seen.append(AppRuntime.current) }
        other.clock.advanceFrames(1)
        MediaClock.main.advanceFrames(1)
        #expect(seen.count == 2 && seen[0] === other && seen[1] === AppRuntime.current)
    }

    @Test func observersHearOnlyTheirRuntimesPosts() {
        let other = AppRuntime()
        let name = NSNotification.Name("QuartzRuntimeOwnershipTests.post")
        let heard = EventRecorder()
        let here = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { heard.record("here") }
        }
        let there = other.run {
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("there") }
            }
        }
        defer { [here, there].forEach { NotificationCenter.default.removeObserver($0) } }
        NotificationCenter.default.post(name: name, object: nil)
        #expect(heard.events == ["here"])
        heard.reset()
        other.run { NotificationCenter.default.post(name: name, object: nil) }
        #expect(heard.events == ["there"])
        heard.reset()
        // Foundation does not promise an order between observers.
        RuntimeBinding.$bound.withValue(nil) { NotificationCenter.default.post(name: name, object: nil) }
        #expect(heard.events.sorted() == ["here", "there"])
    }
}
