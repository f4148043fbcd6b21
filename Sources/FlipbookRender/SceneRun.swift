import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// One run of a scene: the scene, the runtime it runs in, a renderer, and the frame loop,
/// written once for the exporter (`SceneExporter`), the live preview and
/// `AppDriver.renderFrames`.
///
/// Each frame, in order: the runtime's clock advances to the frame's time (firing display
/// links, scheduled steps and animation callbacks on the way, as the running app would see
/// them), the scene catches up (`update(elapsed:)`), then the input hook delivers the inputs
/// due at that frame (`onFrame`). `render()` draws the scene's layer tree as it is then.
///
/// ```swift
/// let run = SceneRun(runtime: AppRuntime(), scale: 2, framesPerSecond: 30) { CardFlipScene(size: $0) }
/// run.start()                   // frame 0: start(), update(elapsed: 0), inputs
/// run.step(toFrame: 15)         // frames 1 … 15, one clock frame (1/30 s) each
/// let image = run.render()
/// ```
///
/// A run is paced by frames (`framesPerSecond`: frame `k` is at `k / framesPerSecond` seconds,
/// and the clock advances exactly one frame duration per frame, so the times are those of a
/// fresh export) or, for a run made on an app already running (`AppDriver.renderFrames`),
/// freely: each `step(to:)` is one frame at the time given. Misuse (stepping before `start()`,
/// backwards, or to a NaN or infinite time) is reported through `FlipbookDiagnostics` and
/// leaves the run where it was.
@preconcurrency @MainActor
public final class SceneRun {
    /// The runtime the scene runs in: every call into the scene binds it.
    public let runtime: AppRuntime
    /// Draws the scene's frames.
    public let renderer: LayerRenderer
    /// The root of the tree `render()` draws.
    public let rootLayer: CALayer
    /// Frames per second of a frame-paced run; nil for a freely paced one.
    public let framesPerSecond: Double?
    /// The scene as built (nil for a run made on a running app).
    public let scene: (any RenderScene)?

    /// The input hook, called once a frame after `update(elapsed:)`, in the runtime, with the
    /// frame's index and seconds since the start: deliver the inputs due at that frame here.
    public var onFrame: ((_ frame: Int, _ elapsed: CFTimeInterval) -> Void)?

    /// Whether `start()` has run.
    public private(set) var isStarted = false
    /// The index of the frame the scene is at (0 after `start()`).
    public private(set) var frame = 0
    /// Seconds since the start of the frame the scene is at.
    public private(set) var elapsed: CFTimeInterval = 0

    private let startScene: () -> Void
    private let updateScene: (CFTimeInterval) -> Void
    /// A freely paced run's time zero on the clock (nil: the clock's time at `start()`).
    private var origin: CFTimeInterval?

    /// A frame-paced run of the scene `make` builds for `size`-point screens, built in
    /// `runtime` with its frames drawn at `scale` pixels per point (`AppRuntime.frameScale`,
    /// so snapshots show the frames' pixels) on a black background.
    public convenience init(
        runtime: AppRuntime, size: CGSize, scale: CGFloat, framesPerSecond: Double,
        scene make: (CGSize) throws -> any RenderScene
    ) rethrows {
        let scene = try runtime.run { () throws -> any RenderScene in
            runtime.frameScale = scale
            return try make(size)
        }
        let renderer = LayerRenderer(scale: scale)
        renderer.backgroundColor = .black
        self.init(scene: scene, runtime: runtime, renderer: renderer, framesPerSecond: framesPerSecond)
    }

    /// A frame-paced run of `scene` (built in `runtime`), drawn by `renderer`.
    public init(scene: any RenderScene, runtime: AppRuntime, renderer: LayerRenderer, framesPerSecond: Double) {
        self.runtime = runtime
        self.renderer = renderer
        self.scene = scene
        rootLayer = runtime.run { scene.rootLayer }
        let fps = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 30
        if fps != framesPerSecond {
            FlipbookDiagnostics.report("SceneRun needs a positive, finite frame rate (got \(framesPerSecond)); using 30.")
        }
        self.framesPerSecond = fps
        startScene = { scene.start() }
        updateScene = { scene.update(elapsed: $0) }
    }

    /// A freely paced run over a layer tree already running in `runtime`: `start()` calls
    /// `start`, each `step(to:)` advances the clock to `origin + elapsed` and calls `update`.
    package init(
        rootLayer: CALayer, runtime: AppRuntime, renderer: LayerRenderer, origin: CFTimeInterval,
        start: @escaping () -> Void, update: @escaping (CFTimeInterval) -> Void
    ) {
        self.runtime = runtime
        self.renderer = renderer
        self.rootLayer = rootLayer
        scene = nil
        framesPerSecond = nil
        self.origin = origin
        startScene = start
        updateScene = update
    }

    /// Frame 0: starts the scene, then brings it to its start (`update(elapsed: 0)`, or the
    /// time the clock is at for a freely paced run) and applies the inputs due. Once only.
    public func start() {
        guard !isStarted else {
            return FlipbookDiagnostics.report("SceneRun.start() called twice; the run is at frame \(frame).")
        }
        isStarted = true
        runtime.run {
            if origin == nil { origin = MediaClock.main.now }
            elapsed = framesPerSecond == nil ? MediaClock.main.now - origin! : 0
            startScene()
            updateScene(elapsed)
            onFrame?(0, elapsed)
        }
    }

    /// Steps a frame-paced run to frame `index`, frame by frame (nothing if it is there).
    public func step(toFrame index: Int) {
        guard let fps = framesPerSecond else {
            return FlipbookDiagnostics.report("SceneRun.step(toFrame:) needs a frame-paced run; use step(to:) (seconds).")
        }
        guard check(index >= frame, "SceneRun.step(toFrame: \(index)) is before frame \(frame); runs only go forward.") else { return }
        runtime.run {
            while frame < index {
                frame += 1
                MediaClock.main.advance(by: 1 / fps)
                elapsed = Double(frame) / fps
                updateScene(elapsed)
                onFrame?(frame, elapsed)
            }
        }
    }

    /// Steps to `time` seconds after the start: a frame-paced run to its last frame at or before
    /// `time`; a freely paced run makes one frame at `time` (advancing the clock to it).
    public func step(to time: CFTimeInterval) {
        guard check(time.isFinite, "SceneRun.step(to:) needs a finite time (got \(time)); the run stays at \(elapsed) s.") else { return }
        if let fps = framesPerSecond {
            guard check(time * fps < 1e9, "SceneRun.step(to: \(time)) is more than a billion frames away; the run stays at \(elapsed) s.") else { return }
            return step(toFrame: Int((time * fps + 1e-9).rounded(.down)))
        }
        guard check(time >= elapsed, "SceneRun.step(to: \(time)) is before \(elapsed) s; runs only go forward.") else { return }
        runtime.run {
            let delay = time - (MediaClock.main.now - origin!)
            if delay.isFinite, delay > 0 { MediaClock.main.advance(by: delay) }
            frame += 1
            elapsed = time
            updateScene(time)
            onFrame?(frame, time)
        }
    }

    /// The scene's layer tree drawn as it is now.
    public func render() -> RenderedImage {
        runtime.run { renderer.render(rootLayer) }
    }

    /// Reports `message` and returns false if the run is not started or `condition` fails.
    private func check(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
        guard isStarted else {
            FlipbookDiagnostics.report("SceneRun: step before start(); call start() first (nothing stepped).")
            return false
        }
        guard condition else {
            FlipbookDiagnostics.report(message())
            return false
        }
        return true
    }
}
