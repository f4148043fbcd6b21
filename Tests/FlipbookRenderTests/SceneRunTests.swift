import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `SceneRun`, the one frame loop of the exporter, the live preview and
/// `AppDriver.renderFrames`: the order of each frame's steps as a callback history, the clock
/// times the scene sees, and misuse reported without moving the run.
@MainActor
@Suite(.freshRuntime) struct SceneRunTests {
    /// Milliseconds, rounded: the history's times.
    static func ms(_ t: CFTimeInterval) -> Int { Int((t * 1000).rounded()) }

    /// A scene that writes each call into `log`, with the time its runtime's clock shows
    /// (milliseconds since the scene was built). Its start schedules a step 140 ms on, which
    /// the clock fires on its first 60 Hz frame after that (150 ms), inside the frame's advance.
    final class RecordingScene: RenderScene {
        static let name = "recording"
        static let summary = "Records its calls"
        nonisolated(unsafe) static var log: [String] = []
        let rootLayer = CALayer()
        let built: CFTimeInterval
        var duration: CFTimeInterval { 1 }

        init(size: CGSize) {
            rootLayer.bounds = CGRect(origin: .zero, size: size)
            built = MediaClock.main.now
        }

        var now: Int { SceneRunTests.ms(MediaClock.main.now - built) }

        func start() {
            Self.log.append("start at \(now)")
            MediaClock.main.schedule(after: 0.14) { [weak self] in
                guard let self else { return }
                Self.log.append("clock at \(self.now)")
            }
        }

        func update(elapsed: CFTimeInterval) { Self.log.append("update(\(SceneRunTests.ms(elapsed))) at \(now)") }
    }

    static func makeRun(fps: Double = 10) -> SceneRun {
        RecordingScene.log = []
        let run = SceneRun(runtime: AppRuntime(), size: CGSize(width: 4, height: 4), scale: 1, framesPerSecond: fps) {
            RecordingScene(size: $0)
        }
        run.onFrame = { frame, elapsed in
            RecordingScene.log.append("inputs(\(frame), \(ms(elapsed))) at \(ms(MediaClock.main.now - (run.scene as! RecordingScene).built))")
        }
        return run
    }

    @Test func eachFrameAdvancesTheClockThenUpdatesThenTakesInputs() {
        let run = Self.makeRun()
        run.start()
        _ = run.render()
        RecordingScene.log.append("render")
        run.step(toFrame: 2)
        _ = run.render()
        RecordingScene.log.append("render")
        #expect(RecordingScene.log == [
            "start at 0", "update(0) at 0", "inputs(0, 0) at 0", "render",
            "update(100) at 100", "inputs(1, 100) at 100",
            "clock at 150", "update(200) at 200", "inputs(2, 200) at 200", "render",
        ])
        #expect(run.frame == 2)
        #expect(run.elapsed == 0.2)
    }

    @Test func theClockMovesExactlyOneFrameDurationPerFrame() {
        let run = Self.makeRun(fps: 30)
        run.start()
        let start = run.runtime.clock.now
        run.step(toFrame: 7)
        // Seven advances of 1/30 s, as the exporter makes them (not one advance of 7/30 s).
        var expected = start
        for _ in 0..<7 { expected += 1.0 / 30 }
        #expect(run.runtime.clock.now == expected)
        #expect(run.elapsed == 7.0 / 30)
    }

    @Test func stepToSecondsStopsAtTheLastFrameAtOrBeforeThem() {
        let run = Self.makeRun(fps: 10)
        run.start()
        run.step(to: 0.35)
        #expect(run.frame == 3)
        run.step(to: 0.4)
        #expect(run.frame == 4)
    }

    @Test func theRunsClockIsItsOwn() {
        let ambient = MediaClock.main.now
        let run = Self.makeRun()
        run.start()
        run.step(toFrame: 5)
        #expect(MediaClock.main.now == ambient)
        // The run's clock is another one, from its own initial time (the test's may start
        // elsewhere: FLIPBOOK_TEST_CLOCK_JITTER).
        #expect(run.runtime.clock !== MediaClock.main)
        #expect(run.runtime.clock.now > MediaClock.initialTime)
        #expect(run.runtime.frameScale == 1)
    }

    @Test func misuseIsReportedAndLeavesTheRunWhereItWas() {
        let run = Self.makeRun()
        let beforeStart = FlipbookDiagnostics.capture { run.step(toFrame: 2) }
        #expect(beforeStart.count == 1 && beforeStart[0].contains("before start()"))
        #expect(run.frame == 0 && RecordingScene.log.isEmpty)

        run.start()
        run.step(toFrame: 3)
        let logged = RecordingScene.log.count
        let clock = run.runtime.clock.now
        let messages = FlipbookDiagnostics.capture {
            run.step(toFrame: 1)
            run.step(to: 0.1)
            run.step(to: .nan)
            run.step(to: .infinity)
            run.step(to: 1e300)
            run.start()
        }
        #expect(messages.count == 6)
        #expect(messages[0].contains("before frame 3"))
        #expect(messages[1].contains("before frame 3"))
        #expect(messages[2].contains("finite time"))
        #expect(messages[3].contains("finite time"))
        #expect(messages[4].contains("billion frames"))
        #expect(messages[5].contains("called twice"))
        #expect(run.frame == 3 && run.elapsed == 0.3)
        #expect(RecordingScene.log.count == logged)
        #expect(run.runtime.clock.now == clock)
    }

    @Test func aBadFrameRateIsReportedAndReplaced() {
        let messages = FlipbookDiagnostics.capture {
            let run = SceneRun(
                scene: RecordingScene(size: CGSize(width: 2, height: 2)), runtime: AppRuntime(), renderer: LayerRenderer(scale: 1),
                framesPerSecond: .nan)
            #expect(run.framesPerSecond == 30)
        }
        #expect(messages.count == 1 && messages[0].contains("frame rate"))
    }

    @Test func aFreelyPacedRunMakesOneFrameAtEachTimeOnItsOrigin() {
        let runtime = AppRuntime()
        let origin = runtime.clock.now - 0.5  // the app started half a second ago
        var log: [String] = []
        let run = SceneRun(
            rootLayer: CALayer(), runtime: runtime, renderer: LayerRenderer(scale: 1), origin: origin,
            start: { log.append("start") },
            update: { log.append("update(\(Self.ms($0))) at \(Self.ms(MediaClock.main.now - origin))") })
        run.start()
        run.step(to: 0.75)
        run.step(to: 0.75)
        #expect(log == ["start", "update(500) at 500", "update(750) at 750", "update(750) at 750"])
        #expect(run.frame == 2)
        #expect(runtime.clock.now == origin + 0.75)
        let messages = FlipbookDiagnostics.capture { run.step(to: 0.6) }
        #expect(messages.count == 1 && messages[0].contains("runs only go forward"))
        #expect(log.count == 4 && run.elapsed == 0.75)
    }
}
