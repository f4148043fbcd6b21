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

/// The other fifteen files of GateKit (each in its own gate, the import inside): a queue kept on
/// the view by an associated object, haptics, the badge toast with its icon's spring pop, its
/// progress bar, its block-timer stay and its swipe-away.
final class GateKitBadgeTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testQueuedToastsFollowEachOtherAndTheBadgeIsSwipedAway() throws {
        let host = UIViewController()
        host.view.backgroundColor = .systemBackground
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        app.at(0.1) {
            host.view.showToast("One")
            host.view.showToast("Two")
        }
        var frames: [RenderedImage] = []
        app.run(until: 0.6)
        frames.append(app.render(scale: 0.5))
        XCTAssertTrue(host.view.toastQueue === host.view.toastQueue, "one queue per view")
        XCTAssertEqual(host.view.toastQueue.presenter.current?.titleLabel.text, "One")
        // One rises (0.35 s) and stays 0.6 s of media time, sinks (0.25 s); then Two rises.
        app.run(until: 1.8)
        frames.append(app.render(scale: 0.5))
        XCTAssertEqual(host.view.toastQueue.presenter.current?.titleLabel.text, "Two")
        app.run(until: 3.0)
        XCTAssertEqual(host.view.toastQueue.log.entries, [
            "queued One", "queued Two", "show One", "hide One", "show Two", "hide Two",
        ])
        XCTAssertEqual(ToastHaptics.shared.taps >= 2, true)

        // The badge: slides down from the top, its bar empties; a swipe up sends it away early.
        let badges = BadgePresenter()
        app.at(3.1) { badges.show("Copied", in: host.view) }
        app.run(until: 3.2)
        frames.append(app.render(scale: 0.5))
        app.run(until: 3.7)
        frames.append(app.render(scale: 0.5))
        let badge = try XCTUnwrap(badges.current)
        XCTAssertEqual(badge.frame.minY, host.view.safeAreaInsets.top + 12, accuracy: 1e-6)
        let start = CGPoint(x: badge.frame.midX, y: badge.frame.midY)
        app.at(3.75) { app.drag(from: start, to: CGPoint(x: start.x, y: start.y - 60), duration: 0.15) }
        app.run(until: 4.0)
        frames.append(app.render(scale: 0.5))
        app.run(until: 4.4)
        XCTAssertNil(badges.current)
        XCTAssertNil(badge.superview)
        XCTAssertEqual(badges.history, ["show Copied", "hide Copied"], "swiped away before its 1.2 s stay ended")

        // Left alone, it leaves by itself when the block timer fires (media time).
        app.at(4.5) { badges.show("Saved", in: host.view) }
        app.run(until: 4.5 + 1.15)
        XCTAssertNotNil(badges.current)
        app.run(until: 4.5 + 1.25)
        XCTAssertNil(badges.current)
        XCTAssertEqual(badges.history.suffix(2), ["show Saved", "hide Saved"])
        Corpus.assertFilmstrip(frames, named: "GateKitTests/queue-and-badge")
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
