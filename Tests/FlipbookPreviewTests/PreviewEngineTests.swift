import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookCatalog
@testable import FlipbookPreview

/// The preview's timelines: frame-exact with the exporter, independent of one another, and
/// driven by the page's touches (docs/Preview.md).
@Suite(.freshRuntime) @MainActor struct PreviewEngineTests {
    static func registry() -> SceneRegistry {
        var r = SceneRegistry.builtIn
        CatalogScenes.register(in: &r)
        return r
    }

    static func state(_ frame: PreviewFrame) throws -> PreviewSceneState {
        try JSONDecoder().decode(PreviewSceneState.self, from: Data(frame.stateJSON.utf8))
    }

    @Test func framesAreTheExportersFramesByteForByte() throws {
        // The exporter runs in a fresh runtime, as `flipbook render` in a fresh process.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SceneExporter.export(
            CardFlipScene.self,
            options: ExportOptions(
                formats: [.frames], outputDirectory: folder, fps: 60, scale: 1, device: .iPhoneSE, duration: 1.1))

        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let timeline = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        // Out of order on purpose: scrubbing back replays from the start.
        for i in [45, 0, 66, 31] {
            let preview = engine.frame(timeline, at: i).png
            let file = folder.appendingPathComponent("card-flip-frames/frame-\(String(format: "%05d", i)).png")
            let exported = try [UInt8](Data(contentsOf: file))
            let same = exported == preview
            #expect(same, "frame \(i) differs from the exporter's")
        }
    }

    /// A moving frame drawn at half scale is half the canvas, says so, and shows the same scene:
    /// close to the full frame reduced by 2 × 2 means.
    @Test func halfScaleFramesAreHalfTheCanvas() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let timeline = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 2))
        let full = engine.rawFrame(timeline, at: 45)
        let half = engine.rawFrame(timeline, at: 45, halfScale: true)
        #expect(full.width == 750 && full.height == 1334 && full.canvasWidth == 750 && full.canvasHeight == 1334)
        #expect(half.width == 375 && half.height == 667 && half.canvasWidth == 750 && half.canvasHeight == 1334)
        let f = try #require(full.pixels), h = try #require(half.pixels)
        var total = 0
        for y in 0..<half.height {
            for x in 0..<half.width {
                for c in 0..<3 {
                    let a = (2 * y * 750 + 2 * x) * 4 + c
                    let mean = (Int(f[a]) + Int(f[a + 4]) + Int(f[a + 3000]) + Int(f[a + 3004]) + 2) / 4
                    total += abs(mean - Int(h[(y * 375 + x) * 4 + c]))
                }
            }
        }
        let meanError = Double(total) / Double(375 * 667 * 3)
        #expect(meanError < 4, "half-scale frame differs from the reduced full frame by \(meanError) a channel")
    }

    @Test func twoTimelinesInterleavedGiveTheirOwnFrames() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let a = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        let b = try #require(engine.makeTimeline(scene: "drop-out", device: "iphone-se", scale: 1))
        let a40 = engine.frame(a, at: 40).png
        let b40 = engine.frame(b, at: 40).png
        let a41 = engine.frame(a, at: 41).png
        #expect(a40 != b40)
        a.cache = [:]
        b.cache = [:]
        let before = engine.rebuildCount
        let b40again = engine.frame(b, at: 40).png
        let a40again = engine.frame(a, at: 40).png
        let a41again = engine.frame(a, at: 41).png
        #expect(b40again == b40)
        #expect(a40again == a40)
        #expect(a41again == a41)
        // Each timeline keeps its own live run in its own runtime: b's is still at 40, so only
        // going back to a's frame 40 (its run is at 41) replays.
        #expect(engine.rebuildCount == before + 1, "switching timelines steps each one's own run; only going back replays")
        #expect(engine.liveRunCount == 2)
    }

    @Test func scriptedTouchesAreMarked() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        // The card tap lands at 0.5 s (down one frame early), Done at 2.0 s.
        #expect(t.marks == [
            PreviewMark(start: 29, end: 30, kind: .tap, user: false),
            PreviewMark(start: 119, end: 120, kind: .tap, user: false),
        ])
        let swipe = try #require(engine.makeTimeline(scene: "card-flip-swipe", device: "iphone-se", scale: 1))
        #expect(swipe.marks.filter { $0.kind == .swipe }.count == 2)
    }

    @Test func aDragOnTheRevealDismissesIt() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        let shown = try Self.state(engine.frame(t, at: 90))
        #expect(shown.screens == ["DeckViewController", "RevealViewController"])
        let y = 333.0
        _ = engine.input(PreviewPointer(phase: .down, finger: 0, x: 3, y: y), on: t, at: 90)
        for x in stride(from: 20.0, through: 280, by: 20) {
            _ = engine.input(PreviewPointer(phase: .move, finger: 0, x: x, y: y), on: t, at: 90)
        }
        let dragging = try Self.state(engine.input(PreviewPointer(phase: .move, finger: 0, x: 290, y: y), on: t, at: 90))
        let live = try #require(dragging.transition)
        #expect(live.kind == "dismissal")
        #expect(live.animator == "DismissAnimationController")
        #expect(live.interactive)
        #expect(abs(live.percentComplete - 287.0 / 375.0) < 0.05, "\(live.percentComplete)")
        _ = engine.input(PreviewPointer(phase: .up, finger: 0, x: 290, y: y), on: t, at: 90)
        let after = try Self.state(engine.frame(t, at: 150))
        #expect(after.screens == ["DeckViewController"])
        #expect(after.lastTransition?.result == "completed")
        #expect(after.lastTransition?.interactive == true)
        #expect(t.marks.contains(where: { $0.user && $0.kind == .swipe }))
        // The same inputs replayed from the start (another page took the clock meanwhile) give the same frame.
        let again = engine.frame(t, at: 150).png
        _ = try #require(engine.makeTimeline(scene: "drop-out", device: "iphone-se", scale: 1))
        t.cache = [:]
        #expect(engine.frame(t, at: 150).png == again)
    }

    /// A drag the page makes is the user's: marked once, as the user's swipe, and never as the
    /// scene's own touch (the live path delivers it at once; a replay delivers it again).
    @Test func aUsersDragIsMarkedOnceAsTheUsers() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        let scripted = [PreviewMark(start: 29, end: 30, kind: .tap, user: false), PreviewMark(start: 119, end: 120, kind: .tap, user: false)]
        #expect(t.marks == scripted)
        _ = engine.frame(t, at: 90)
        // The live run is at frame 90: every event is delivered at once (`addInput`).
        engine.addInput(PreviewPointer(phase: .down, finger: 0, x: 3, y: 333), on: t, at: 90)
        for x in stride(from: 20.0, through: 280, by: 20) {
            engine.addInput(PreviewPointer(phase: .move, finger: 0, x: x, y: 333), on: t, at: 90)
        }
        engine.addInput(PreviewPointer(phase: .up, finger: 0, x: 290, y: 333), on: t, at: 90)
        _ = engine.frame(t, at: 150)
        let swipe = PreviewMark(start: 90, end: 90, kind: .swipe, user: true)
        #expect(t.marks.filter(\.user) == [swipe])
        #expect(t.marks.filter { !$0.user } == scripted)
        // Replayed from the start (another timeline took the run): still once.
        _ = try #require(engine.makeTimeline(scene: "drop-out", device: "iphone-se", scale: 1))
        t.cache = [:]
        _ = engine.frame(t, at: 150)
        #expect(t.marks == [scripted[0], swipe, scripted[1]])
    }

    // MARK: Event times (docs/Preview.md, "Event times")

    /// The edge pan of the reveal while it recognizes (the swipe to dismiss).
    static func activePan(in window: UIWindow?) -> UIPanGestureRecognizer? {
        func search(_ view: UIView) -> UIPanGestureRecognizer? {
            for r in view.gestureRecognizers ?? [] {
                if let pan = r as? UIPanGestureRecognizer, pan.state == .began || pan.state == .changed { return pan }
            }
            for sub in view.subviews { if let found = search(sub) { return found } }
            return nil
        }
        return window.flatMap(search)
    }

    /// Paused at the reveal (frame 90, 1.5 s), a drag of 150 pt (40 % of the width) whose moves
    /// are 20 ms and 10 pt apart, delivered while the frame stands still.
    static func pausedDrag(_ engine: PreviewEngine, on t: PreviewTimeline, timed: Bool) -> CGPoint? {
        _ = engine.frame(t, at: 90)
        let t0 = 1.5
        engine.addInput(PreviewPointer(phase: .down, finger: 0, x: 3, y: 333, time: timed ? t0 : nil), on: t, at: 90)
        for k in 1...15 {
            let p = PreviewPointer(phase: .move, finger: 0, x: 3 + 10 * Double(k), y: 333, time: timed ? t0 + 0.02 * Double(k) : nil)
            engine.addInput(p, on: t, at: 90)
        }
        let velocity = activePan(in: engine.liveWindow)?.velocity(in: nil)
        engine.addInput(PreviewPointer(phase: .up, finger: 0, x: 153, y: 333, time: timed ? t0 + 0.3 : nil), on: t, at: 90)
        return velocity
    }

    @Test func aPausedDragWithTimedMovesHasTheFingersVelocity() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        let velocity = try #require(Self.pausedDrag(engine, on: t, timed: true))
        // 10 pt every 20 ms: 500 pt/s, from the events' times although the scene stood still.
        #expect(abs(velocity.x - 500) < 1e-6, "\(velocity)")
        #expect(abs(velocity.y) < 1e-9)
        // Still moving when lifted: the swipe finishes the dismissal at 40 %.
        let after = try Self.state(engine.frame(t, at: 150))
        #expect(after.screens == ["DeckViewController"])
        #expect(after.lastTransition?.result == "completed")
        // The recording replays the same times: the same frame from the start.
        let live = engine.frame(t, at: 150).png
        _ = try #require(engine.makeTimeline(scene: "drop-out", device: "iphone-se", scale: 1))
        t.cache = [:]
        #expect(engine.frame(t, at: 150).png == live)
    }

    /// The recording runs the exporter's frame loop with the user's inputs at the live run's
    /// point of each frame (the scene run's input hook): its frames are the live frames.
    @Test func theRecordingsFramesAreTheLiveFramesWithTheUsersTouches() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        _ = try #require(Self.pausedDrag(engine, on: t, timed: true))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = try engine.record(t, to: folder, formats: [.frames])
        #expect(outputs.map(\.lastPathComponent) == ["preview-frames"])
        let recorded150 = try [UInt8](Data(contentsOf: outputs[0].appendingPathComponent("frame-00150.png")))
        for i in [89, 90, 91, 120, 150] {
            let file = outputs[0].appendingPathComponent("frame-\(String(format: "%05d", i)).png")
            let recorded = try [UInt8](Data(contentsOf: file))
            let same = recorded == engine.frame(t, at: i).png
            #expect(same, "frame \(i) of the recording differs from the live frame")
        }
        // The drag changed the scene: the touches were delivered, not lost.
        let plain = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        #expect(engine.frame(plain, at: 150).png != recorded150)
    }

    @Test func withoutTimesAPausedDragStandsStillAndIsCancelled() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        let velocity = try #require(Self.pausedDrag(engine, on: t, timed: false))
        #expect(velocity == .zero)  // every move at the frame's one instant
        let after = try Self.state(engine.frame(t, at: 150))
        #expect(after.screens == ["DeckViewController", "RevealViewController"])
        #expect(after.lastTransition?.result == "cancelled")
    }

    @Test func badEventTimesAreClampedAndReported() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        var reports: [String] = []
        let observer = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(observer) }
        _ = engine.frame(t, at: 90)
        func add(_ phase: PreviewPointer.Phase, _ time: Double?) -> Double? {
            engine.addInput(PreviewPointer(phase: phase, finger: 0, x: 3, y: 333, time: time), on: t, at: 90)
            return t.inputs.last?.pointer.time
        }
        #expect(add(.down, .nan) == 1.5)  // not finite: the frame's time
        #expect(add(.move, 1.6) == 1.6)
        #expect(add(.move, 1.55) == 1.6)  // back in time: the finger's previous time
        #expect(add(.move, .infinity) == 1.6)
        #expect(add(.move, 1e9) == 1.5 + PreviewLimits.maxInputLead)  // far in the future
        #expect(add(.up, -5) == 1.5 + PreviewLimits.maxInputLead)
        #expect(add(.down, -5) == 1.5 - PreviewLimits.maxInputLag)  // long before its frame
        #expect(reports.filter { $0.hasPrefix("Preview: pointer") }.count == 6)
        // The scene goes on.
        _ = engine.frame(t, at: 100)
    }

    @Test func recordingWritesAnMP4WithTheUsersTouches() throws {
        guard FFmpeg.locate("ffmpeg") != nil else { return }
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try #require(engine.makeTimeline(scene: "test", device: "iphone-se", scale: 1))
        _ = engine.input(PreviewPointer(phase: .down, finger: 0, x: 10, y: 10), on: t, at: 5)
        _ = engine.input(PreviewPointer(phase: .up, finger: 0, x: 10, y: 10), on: t, at: 5)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try engine.record(t, to: folder)
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        #expect(url.pathExtension == "mp4")
        #expect(size > 1000)
    }
}

/// A scene that reports one diagnostic half a second in, for the inspector of its run.
@MainActor final class ReportingPreviewScene: RenderScene {
    static let name = "reporting"
    static let summary = "reports a diagnostic at 0.5 s"
    static let message = "the reporting scene at 0.5 s"
    let rootLayer = CALayer()
    var duration: CFTimeInterval { 1 }
    private var reported = false

    init(size: CGSize) { rootLayer.bounds = CGRect(origin: .zero, size: size) }

    func update(elapsed: CFTimeInterval) {
        guard elapsed >= 0.5, !reported else { return }
        reported = true
        FlipbookDiagnostics.report(Self.message)
    }
}

extension PreviewEngineTests {
    /// A live run's inspector shows the diagnostics reported in its runtime (its observer lives
    /// there): not another run's, nor the test's own.
    @Test func eachRunShowsOnlyTheDiagnosticsOfItsRuntime() throws {
        var registry = Self.registry()
        registry.register(ReportingPreviewScene.self)
        let engine = PreviewEngine(registry: registry)
        defer { engine.shutdown() }
        let reporting = try #require(engine.makeTimeline(scene: "reporting", device: "iphone-se", scale: 1))
        let other = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        FlipbookDiagnostics.report("reported in the test's runtime")
        let a = try Self.state(engine.frame(reporting, at: 40))
        let b = try Self.state(engine.frame(other, at: 40))
        #expect(a.diagnostics.contains(ReportingPreviewScene.message))
        #expect(!b.diagnostics.contains(ReportingPreviewScene.message))
        #expect(!(a.diagnostics + b.diagnostics).contains("reported in the test's runtime"))
    }
}
