// TimerKit, as `flipbook port` wrote it (Ported/TimerKit): zero- and one-argument selectors for
// `Timer`, `CADisplayLink`, `NotificationCenter` and a control, a handler taking an
// `NSNotification`, and delays written with `perform(_:with:afterDelay:)`,
// `cancelPreviousPerformRequests`, `DispatchQueue.main.asyncAfter`, `DispatchQueue.main.async`
// from the main thread, a block timer, and tasks sleeping with `Task.sleep` (one of them
// cancelled): every one of them fires on the app's media clock, at a frame that does not depend
// on the machine.
import XCTest
import Flipbook

final class TimerKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testEveryTimerFormFiresOnTheAppsClock() {
        let countdown = CountdownViewController()
        let app = AppDriver(rootViewController: countdown, device: .iPhone15)
        countdown.start()
        var frames: [RenderedImage] = [app.render(scale: 0.5)]
        for t in [0.8, 1.6, 3.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        app.tap(countdown.resetButton)
        app.simulateMemoryWarning()
        XCTAssertEqual(countdown.events, [
            "next turn @0.017",
            "pulse done @0.05",
            "async @0.25",
            "blink true @0.5",
            "block timer @0.75",
            "tick 2 @1.0",
            "task slept @1.25",
            "banner hidden @1.5",
            "tick 1 @2.0",
            "tick 0 @3.0",
            "sleeper cancelled @3.0",
            "reset from true @3.217",
            "memory warning @3.217",
        ])
        // The one-shot timer is still valid inside its own callback (it is invalidated after
        // it), and `note` was cancelled at 3.0 s before its 3.5 s.
        XCTAssertEqual(countdown.remaining, 0)
        XCTAssertTrue(countdown.banner.isHidden)
        XCTAssertEqual(countdown.ring.strokeEnd, 0, accuracy: 0.01)
        Corpus.assertFilmstrip(frames, named: "TimerKitTests/countdown")
    }

    /// Renders of ported timer code are byte-identical run to run, whatever the load: each run
    /// steps 200 frames, letting wall time pass between them, once quiet and once with the other
    /// core busy, and renders every 25th frame.
    func testTimersRunTheSameUnderLoad() {
        func run(busy: Bool) -> (events: [String], frames: [[UInt8]]) {
            Corpus.resetClock()
            let stop = BusyThread.start(if: busy)
            defer { stop() }
            let countdown = CountdownViewController()
            let app = AppDriver(rootViewController: countdown, device: .iPhone15)
            countdown.start()
            var frames: [[UInt8]] = []
            for frame in 1...200 {
                app.advanceFrames(1)
                usleep(500)
                if frame % 25 == 0 { frames.append(app.render(scale: 0.25).premultipliedPixels) }
            }
            return (countdown.events, frames)
        }
        let quiet = run(busy: false)
        XCTAssertEqual(quiet.events.count, 11)
        let busy = run(busy: true)
        XCTAssertEqual(busy.events, quiet.events)
        XCTAssertEqual(busy.frames.count, 8)
        XCTAssertTrue(busy.frames == quiet.frames, "every render byte for byte the same")
    }
}
