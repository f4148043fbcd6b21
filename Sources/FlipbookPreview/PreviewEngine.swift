import Flipbook
import Foundation

/// Runs the preview's scenes on the main actor, each *live run* in an `AppRuntime` of its own.
///
/// A live run is a scene built from the start in a fresh runtime (its own clock at its initial
/// time, its own application) and stepped frame by frame, with its timeline's inputs applied at
/// their frames (docs/Preview.md). The engine keeps one live run per timeline, up to
/// `maximumLiveRuns` (the least recently used goes first), so two pages play two scenes at once
/// without replaying each other's. A frame of a live run at or after its position is reached
/// by stepping on; an earlier one is served from the timeline's frame cache, or by rebuilding
/// the run in a new runtime and stepping it to the frame without drawing.
@preconcurrency @MainActor
public final class PreviewEngine {
    public let registry: SceneRegistry
    /// Live runs, least recently used first.
    private var runs: [LiveRun] = []
    /// How many live runs are kept (one per page playing, with room to switch back).
    static let maximumLiveRuns = 4
    /// Rebuilds so far (for tests and the benchmark).
    public private(set) var rebuildCount = 0
    /// Times the drawing and encoding of each frame (`renderMilliseconds`, `encodeMilliseconds`).
    var clock: any PreviewClock = PreviewSystemClock()

    @preconcurrency @MainActor private final class LiveRun {
        let timeline: PreviewTimeline
        /// The scene, its runtime and renderer, and the frame loop (shared with the exporter).
        let sceneRun: SceneRun
        /// The runtime the run's app runs in: every call into the scene binds it.
        var runtime: AppRuntime { sceneRun.runtime }
        var renderer: LayerRenderer { sceneRun.renderer }
        let generation: Int
        let scene: any RenderScene
        let player: PreviewInputPlayer
        let inspector: PreviewInspector
        /// Draws moving frames at half scale, for pages that show the frame small (made on first use).
        lazy var halfRenderer: LayerRenderer = {
            let r = LayerRenderer(scale: renderer.scale / 2)
            r.backgroundColor = renderer.backgroundColor
            return r
        }()
        /// The frame the scene is at.
        var frame: Int { sceneRun.frame }
        var applied = 0
        /// The run's observer of the diagnostics reported in its runtime (`rebuild`).
        var diagnosticsObserver: Int?
        init(timeline: PreviewTimeline, sceneRun: SceneRun) {
            self.timeline = timeline
            self.sceneRun = sceneRun
            generation = timeline.generation
            // Made in the run's runtime (`rebuild`).
            let scene = sceneRun.scene!
            self.scene = scene
            player = PreviewInputPlayer(scene: scene)
            let window = (scene.rootLayer.delegate as? UIView) as? UIWindow ?? player.driver?.window
            inspector = PreviewInspector(window: window, acceptsTouches: player.driver != nil)
        }
    }

    public init(registry: SceneRegistry) {
        self.registry = registry
    }

    /// Ends the live runs (each stops listening to its diagnostics).
    public func shutdown() {
        for run in runs { end(run) }
        runs = []
    }

    /// A new timeline for `scene` on `device` at `scale`, with its scripted touches found by
    /// running it once to the end (nil for an unknown scene or device).
    public func makeTimeline(scene name: String, device deviceName: String?, scale: Int?) -> PreviewTimeline? {
        guard let type = registry.scene(named: name) else { return nil }
        let device = deviceName.map { DevicePreset.named($0) } ?? DevicePreset.default
        guard let device else { return nil }
        let timeline = PreviewTimeline(sceneType: type, device: device, scale: CGFloat(scale ?? 2), sceneDuration: 0)
        let probe = rebuild(timeline)
        let duration = probe.runtime.run { probe.scene.duration }
        timeline.sceneDuration = duration.isFinite ? min(max(duration, 0), PreviewLimits.maxTimelineSeconds) : 0
        step(probe, to: timeline.lastFrame)
        return timeline
    }

    /// Frame `index` (clamped to the timeline) of `timeline`, as PNG: `flipbook render`'s bytes.
    public func frame(_ timeline: PreviewTimeline, at index: Int) -> PreviewFrame {
        let index = min(max(index, 0), timeline.lastFrame)
        if let cached = timeline.cache[index] { return cached }
        var frame = produce(timeline, at: index, encoding: .png)
        frame.encoding = .png
        timeline.store(frame)
        return frame
    }

    /// Frame `index` as raw RGBA (the renderer's pixels, opaque: straight and premultiplied
    /// agree), for playing and touching, where PNG encoding would cost more than the frame
    /// (docs/Preview-benchmark.md). Not cached; the pixels are the PNG frame's.
    /// `halfScale`: drawn at half the timeline's scale (for a page that shows the frame small,
    /// docs/Preview.md "Frame encoding"), with `canvasWidth`/`canvasHeight` the full size.
    public func rawFrame(_ timeline: PreviewTimeline, at index: Int, halfScale: Bool = false) -> PreviewFrame {
        produce(timeline, at: min(max(index, 0), timeline.lastFrame), encoding: .raw, halfScale: halfScale)
    }

    private func produce(_ timeline: PreviewTimeline, at index: Int, encoding: PreviewFrame.Encoding, halfScale: Bool = false) -> PreviewFrame {
        let started = clock.now
        var found = liveRun(of: timeline)
        if found == nil || found!.generation != timeline.generation || found!.frame > index {
            found = rebuild(timeline)
        }
        let run = found!
        step(run, to: index)
        let (image, canvas) = run.runtime.run {
            (halfScale ? run.halfRenderer.render(run.sceneRun.rootLayer) : run.sceneRun.render(),
             run.renderer.pixelSize(of: run.sceneRun.rootLayer))
        }
        let rendered = clock.now
        let bytes = encoding == .png ? [UInt8](image.pngData()) : image.premultipliedPixels
        let encoded = clock.now
        return PreviewFrame(
            index: index, width: image.width, height: image.height, encoding: encoding, bytes: bytes,
            pixels: image.premultipliedPixels, state: run.inspector.state, inputCount: run.applied,
            renderMilliseconds: Self.ms(rendered - started), encodeMilliseconds: Self.ms(encoded - rendered),
            canvasWidth: canvas.width, canvasHeight: canvas.height)
    }

    /// The most recently used live run's window (for tests: its gesture recognizers).
    var liveWindow: UIWindow? { runs.last?.inspector.window }

    /// How many live runs the engine keeps now (for tests).
    var liveRunCount: Int { runs.count }

    /// The live run of `timeline`, made the most recently used; nil if it has none.
    private func liveRun(of timeline: PreviewTimeline) -> LiveRun? {
        guard let i = runs.firstIndex(where: { $0.timeline === timeline }) else { return nil }
        let run = runs.remove(at: i)
        runs.append(run)
        return run
    }

    /// Adds a pointer input at frame `index` of `timeline` and returns that frame redrawn (raw).
    public func input(_ pointer: PreviewPointer, on timeline: PreviewTimeline, at index: Int) -> PreviewFrame {
        addInput(pointer, on: timeline, at: index)
        return rawFrame(timeline, at: index)
    }

    /// Adds a pointer input at frame `index` of `timeline` without drawing (the page's session
    /// draws once for a burst of pointer moves).
    public func addInput(_ pointer: PreviewPointer, on timeline: PreviewTimeline, at index: Int) {
        let index = min(max(index, 0), timeline.lastFrame)
        let dropped = timeline.add(PreviewInput(frame: index, pointer: pointer))
        if let run = liveRun(of: timeline), !dropped, run.generation == timeline.generation, run.frame == index {
            // The live run is at this very frame: deliver the touch now (at its clamped time), no replay.
            run.runtime.run {
                run.player.apply(timeline.inputs[timeline.inputs.count - 1].pointer, elapsed: Double(index) / PreviewLimits.fps)
                run.applied += 1
                run.inspector.observe(frame: index, fingersDown: run.player.fingersDown)
            }
        }
    }

    /// Renders `timeline` (scripted and user touches) to MP4 in `folder` through `SceneExporter`.
    /// The export runs in a runtime of its own (`SceneExporter`); live runs are untouched.
    public func record(_ timeline: PreviewTimeline, to folder: URL) throws -> URL {
        try record(timeline, to: folder, formats: [.mp4])[0]
    }

    /// `record(_:to:)` in `formats` (for tests: `.frames` gives the recording's pixels); the outputs.
    func record(_ timeline: PreviewTimeline, to folder: URL, formats: [OutputFormat]) throws -> [URL] {
        let inputs = timeline.inputs, sceneType = timeline.sceneType
        let summary = try SceneExporter.export(
            named: "preview",
            options: ExportOptions(
                formats: formats, outputDirectory: folder, fps: PreviewLimits.fps, scale: timeline.scale, device: timeline.device,
                duration: Double(timeline.lastFrame) / PreviewLimits.fps),
            prepare: { run in
                // The user's inputs at their frames, where the live run applies them (the input hook).
                let player = PreviewInputPlayer(scene: run.scene!)
                var applied = 0
                run.onFrame = { frame, elapsed in
                    while applied < inputs.count, inputs[applied].frame <= frame {
                        player.apply(inputs[applied].pointer, elapsed: elapsed)
                        applied += 1
                    }
                }
            },
            scene: { sceneType.init(size: $0) })
        return summary.outputs
    }

    /// The session "Copy as test" writes (`PreviewTestSource`): the timeline's scene, touches and
    /// stops, and the transitions seen in a replay of it to its last frame (a run of its own in a
    /// fresh runtime, as a recording: live runs are untouched).
    public func recordedSession(of timeline: PreviewTimeline) -> PreviewRecordedSession {
        let inputs = timeline.inputs
        let sceneRun = SceneRun(
            runtime: AppRuntime(), size: timeline.device.size, scale: timeline.scale, framesPerSecond: PreviewLimits.fps,
            scene: { timeline.sceneType.init(size: $0) })
        let (player, inspector) = sceneRun.runtime.run { () -> (PreviewInputPlayer, PreviewInspector) in
            let scene = sceneRun.scene!
            let player = PreviewInputPlayer(scene: scene)
            let window = (scene.rootLayer.delegate as? UIView) as? UIWindow ?? player.driver?.window
            return (player, PreviewInspector(window: window, acceptsTouches: player.driver != nil))
        }
        var applied = 0
        sceneRun.onFrame = { frame, elapsed in
            while applied < inputs.count, inputs[applied].frame <= frame {
                player.apply(inputs[applied].pointer, elapsed: elapsed)
                applied += 1
            }
            inspector.observe(frame: frame, fingersDown: player.fingersDown)
        }
        sceneRun.start()
        sceneRun.step(toFrame: timeline.lastFrame)
        var transitions = inspector.finished.map {
            PreviewRecordedSession.Transition(kind: $0.kind, start: $0.startFrame, end: $0.endFrame, result: $0.result)
        }
        if let open = inspector.state.transition {
            transitions.append(.init(kind: open.kind, start: open.startFrame, end: nil))
        }
        sceneRun.runtime.run {
            player.cancelAll()
            inspector.window?.isHidden = true
        }
        sceneRun.runtime.clock.reset()
        return PreviewRecordedSession(
            sceneName: timeline.sceneType.name, scene: PreviewTestSource.sceneReference(for: timeline.sceneType),
            device: timeline.device.name, scale: Int(timeline.scale), inputs: inputs,
            stops: timeline.stops.filter { $0 <= timeline.lastFrame }, transitions: transitions, lastFrame: timeline.lastFrame)
    }

    // MARK: Runs

    /// Ends `run`: its fingers lifted, its window hidden, what its clock still runs let go.
    private func end(_ run: LiveRun) {
        if let observer = run.diagnosticsObserver { FlipbookDiagnostics.removeObserver(observer) }
        run.diagnosticsObserver = nil
        run.runtime.run {
            run.player.cancelAll()
            // A scene the app code keeps alive (a retain cycle) must not leave a visible window.
            run.inspector.window?.isHidden = true
            UIApplication.shared.touchObserver = nil
        }
        run.runtime.clock.reset()
    }

    private func rebuild(_ timeline: PreviewTimeline) -> LiveRun {
        if let i = runs.firstIndex(where: { $0.timeline === timeline }) { end(runs.remove(at: i)) }
        while runs.count >= Self.maximumLiveRuns { end(runs.removeFirst()) }
        rebuildCount += 1
        // The exporter's frame loop (SceneRun), in a fresh runtime as the exporter's: the same
        // scene, clock times and inputs at the same point of each frame give the same pixels.
        let sceneRun = SceneRun(
            runtime: AppRuntime(), size: timeline.device.size, scale: timeline.scale, framesPerSecond: PreviewLimits.fps,
            scene: { timeline.sceneType.init(size: $0) })
        let run = sceneRun.runtime.run { LiveRun(timeline: timeline, sceneRun: sceneRun) }
        runs.append(run)
        // A report made in the run's runtime (its scene's frames, the touches delivered to it)
        // belongs to the run: its observer lives there (diagnostics observers are per runtime).
        run.diagnosticsObserver = run.runtime.run {
            FlipbookDiagnostics.addObserver { [weak run] report in run?.inspector.noteDiagnostic(report.message) }
        }
        run.runtime.run { installTouchObserver(run) }
        sceneRun.onFrame = { [unowned run] frame, elapsed in
            let inputs = run.timeline.inputs
            while run.applied < inputs.count, inputs[run.applied].frame <= frame {
                run.player.apply(inputs[run.applied].pointer, elapsed: elapsed)
                run.applied += 1
            }
            run.inspector.observe(frame: frame, fingersDown: run.player.fingersDown)
        }
        sceneRun.start()
        return run
    }

    private func step(_ run: LiveRun, to index: Int) {
        guard run.frame < index else { return }
        run.sceneRun.step(toFrame: index)
    }

    /// Notes the scene's own (scripted) touches as marks on its timeline. The user's touches
    /// (made by `PreviewInputPlayer` with origin `.user`, whichever path delivers them) are
    /// marked from the timeline's inputs instead (`PreviewTimeline.marks`), so each is marked once.
    private func installTouchObserver(_ run: LiveRun) {
        var open: (frame: Int, moved: Bool)?
        UIApplication.shared.touchObserver = { [weak run] phase, _, origin in
            guard let run, origin == .app else { return }
            switch phase {
            case .began:
                open = (run.frame, false)
            case .moved:
                open?.moved = true
            case .ended, .cancelled:
                guard let o = open else { return }
                open = nil
                let mark = PreviewMark(start: o.frame, end: run.frame, kind: o.moved ? .swipe : .tap, user: false)
                if !run.timeline.scriptedMarks.contains(mark) { run.timeline.scriptedMarks.append(mark) }
            default:
                break
            }
        }
    }

    nonisolated static func ms(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
