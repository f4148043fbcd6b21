// GateKit, as `flipbook port` wrote it (Ported/GateKit): every file sits in a platform gate with
// its import inside (`#if canImport(UIKit)`, `#if os(iOS) || os(tvOS)`, `canImport(QuartzCore)`,
// `canImport(CoreGraphics)`), iOS and tvOS branches differ, and the toast goes away after a
// main-queue delay, which the port moves onto the app's media clock.
import XCTest
import Flipbook

final class GateKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheToastRisesStaysOnTheMediaClockAndSinks() throws {
        let host = ToastHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        host.presenter.stay = 1.0

        app.at(0.1) { app.tap(host.showButton) }
        var frames: [RenderedImage] = []
        for t in [0.2, 0.6, 1.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        let toast = try XCTUnwrap(host.presenter.current)
        // The iOS branches were taken, not the tvOS ones; the QuartzCore helper ran.
        XCTAssertEqual(toast.layer.cornerRadius, 14)
        XCTAssertEqual(toast.bounds.height, 48)
        XCTAssertEqual(toast.layer.shadowRadius, 10)
        XCTAssertEqual(host.history, ["show Saved"])

        // The spring settles, then the stay of 1 s runs on the media clock, then 0.25 s of fade:
        // the toast is still there just before, and gone just after, whatever the machine's speed.
        let shown = try XCTUnwrap(host.presenter.current)
        app.run(until: 1.4)
        XCTAssertTrue(host.presenter.current === shown)
        app.run(until: 3.0)
        frames.append(app.render(scale: 0.5))
        XCTAssertNil(host.presenter.current)
        XCTAssertNil(shown.superview)
        XCTAssertEqual(host.history, ["show Saved", "hide Saved"])
        Corpus.assertFilmstrip(frames, named: "GateKitTests/toast-show-stay-hide")
    }

    /// The delay is media time: a run that steps the clock sees the hide at the same frame
    /// however busy the machine is (here, with another thread spinning on the second core).
    func testTheDelayIsTheSameFrameUnderLoad() throws {
        func hideFrame(busy: Bool) -> Int {
            Corpus.resetClock()
            let stop = BusyThread.start(if: busy)
            defer { stop() }
            let host = ToastHostViewController()
            let app = AppDriver(rootViewController: host, device: .iPhone15)
            host.presenter.stay = 0.5
            app.tap(host.showButton)
            var frame = 0
            while host.history.count < 2 && frame < 600 {
                app.advanceFrames(1)
                frame += 1
                if frame % 20 == 0 { usleep(2_000) }  // wall time passes, media time does not
            }
            return frame
        }
        let quiet = hideFrame(busy: false)
        XCTAssertLessThan(quiet, 600)
        XCTAssertEqual(hideFrame(busy: true), quiet)
    }
}

/// A thread that keeps a core busy until stopped.
enum BusyThread {
    static func start(if busy: Bool) -> () -> Void {
        guard busy else { return {} }
        let flag = StopFlag()
        Thread.detachNewThread {
            var x = 0.0
            while !flag.isSet { x += sin(x) }
        }
        return { flag.set() }
    }

    final class StopFlag: @unchecked Sendable {  // @unchecked: `stopped` is only touched under `lock`.
        private let lock = NSLock()
        private var stopped = false
        var isSet: Bool { lock.withLock { stopped } }
        func set() { lock.withLock { stopped = true } }
    }
}
