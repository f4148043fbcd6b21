import Foundation
import Flipbook

/// An `AppScene` run frame by frame as `flipbook render` and the live preview run it, with
/// touches delivered at their frames through the scene's `AppDriver`: what the preview's
/// "Copy as test" writes (docs/Preview.md, "Copy as test").
///
/// ```swift
/// @Test(.freshRuntime) func revealDraggedHalfWay() {
///     let replay = SceneReplay(CardFlipScene.self, device: .iPhoneSE, scale: 1, touches: [
///         .down(0, x: 3, y: 333, frame: 90, time: 1.5),
///         .move(0, x: 180, y: 333, frame: 90, time: 1.6),
///         .up(0, x: 180, y: 333, frame: 90, time: 1.7),
///     ])
///     let recorder = TransitionRecorder(app: replay.driver)
///     assertSnapshot(of: replay.filmstrip(atFrames: [0, 90, 130]), as: .image(), named: "filmstrip")
///     assertSnapshot(of: recorder.history.description, as: .lines, named: "transitions")
/// }
/// ```
///
/// Frame `i` is the scene `i / framesPerSecond` seconds after its start: the scene is built
/// for the device's screen in the current runtime (the test's, with `.freshRuntime`), started,
/// and stepped one clock frame at a time (`SceneRun`); after the scene reaches a frame, the
/// touches of that frame are delivered in order, each at its own `time` (seconds after the
/// scene's start; nil: the frame's), so a drag's velocity is the one the preview saw. Points
/// are in the window's points and kept inside the window. The frames are drawn at `scale` on
/// black, as the preview draws them. A replay only goes forward: asking for an earlier frame
/// than the last one drawn is reported (`FlipbookDiagnostics`) and draws the frame it is at.
@preconcurrency @MainActor
public final class SceneReplay {
    /// One touch event at a frame.
    public struct Touch: Equatable, Sendable {
        public enum Phase: String, Equatable, Sendable { case down, move, up, cancel }
        public var phase: Phase
        /// Which finger (any number; one finger is down at a time per number).
        public var finger: Int
        /// In the window's points.
        public var x: Double
        public var y: Double
        /// The frame it is delivered at (after the scene reaches that frame).
        public var frame: Int
        /// The event's time in seconds after the scene's start (nil: the frame's time).
        public var time: Double?

        public init(_ phase: Phase, finger: Int, x: Double, y: Double, frame: Int, time: Double? = nil) {
            self.phase = phase
            self.finger = finger
            self.x = x
            self.y = y
            self.frame = frame
            self.time = time
        }

        public static func down(_ finger: Int, x: Double, y: Double, frame: Int, time: Double? = nil) -> Touch {
            Touch(.down, finger: finger, x: x, y: y, frame: frame, time: time)
        }
        public static func move(_ finger: Int, x: Double, y: Double, frame: Int, time: Double? = nil) -> Touch {
            Touch(.move, finger: finger, x: x, y: y, frame: frame, time: time)
        }
        public static func up(_ finger: Int, x: Double, y: Double, frame: Int, time: Double? = nil) -> Touch {
            Touch(.up, finger: finger, x: x, y: y, frame: frame, time: time)
        }
        public static func cancel(_ finger: Int, x: Double, y: Double, frame: Int, time: Double? = nil) -> Touch {
            Touch(.cancel, finger: finger, x: x, y: y, frame: frame, time: time)
        }
    }

    /// The scene, built for the device's screen.
    public let scene: any AppScene
    /// The scene's app: attach a `TransitionRecorder(app:)` to it before the first frame.
    public var driver: AppDriver { scene.driver }
    /// The touches, in the order they are delivered (frames never decrease).
    public let touches: [Touch]
    private let run: SceneRun
    private var delivered = 0
    /// The replay's fingers (the live preview keeps its own in the same kind of table).
    private lazy var fingers = FingerTable(driver: driver)

    /// Builds `type` for `device`'s screen in the current runtime; nothing runs until the first
    /// frame is asked for. Touches whose frames go backwards are delivered at the frame reached
    /// (reported).
    public init(
        _ type: any AppScene.Type, device: UIScreen.Device = .iPhone15, scale: CGFloat = 1, framesPerSecond: Double = 60,
        touches: [Touch] = []
    ) {
        let runtime = AppRuntime.current
        let scale = scale.isFinite && scale > 0 ? scale : 1
        var made: (any AppScene)?
        run = SceneRun(runtime: runtime, size: device.size, scale: scale, framesPerSecond: framesPerSecond) { size in
            let scene = type.init(size: size)
            made = scene
            return scene
        }
        scene = made!
        var last = 0
        for (i, t) in touches.enumerated() {
            if t.frame < last {
                FlipbookDiagnostics.report(
                    "SceneReplay: touch \(i) (\(t.phase.rawValue)) is at frame \(t.frame), before the touch before it (frame \(last)); delivered at frame \(last).")
            }
            last = max(last, t.frame)
        }
        self.touches = touches
        run.onFrame = { [unowned self] frame, elapsed in
            while self.delivered < self.touches.count, self.touches[self.delivered].frame <= frame {
                self.deliver(self.touches[self.delivered], elapsed: elapsed)
                self.delivered += 1
            }
        }
    }

    /// The replay of the `#Preview` or scene named `name` among the previews linked into the
    /// test program (`PreviewCatalog`, the names `flipbook list` shows); nil (reported) when
    /// there is none.
    public convenience init?(
        preview name: String, device: UIScreen.Device = .iPhone15, scale: CGFloat = 1, framesPerSecond: Double = 60,
        touches: [Touch] = []
    ) {
        guard let entry = PreviewCatalog.entries.first(where: { $0.sceneName == name }),
            let type = PreviewCatalog.sceneType(of: entry.registry) as? any AppScene.Type
        else {
            FlipbookDiagnostics.report(
                "SceneReplay(preview: \"\(name)\"): no #Preview of that name is linked into this program (\(PreviewCatalog.entries.map(\.sceneName).joined(separator: ", "))).")
            return nil
        }
        self.init(type, device: device, scale: scale, framesPerSecond: framesPerSecond, touches: touches)
    }

    /// The index of the frame the scene is at (nil before the first frame).
    public var frame: Int? { run.isStarted ? run.frame : nil }

    /// Frame `index` drawn (the scene stepped to it, the touches up to it delivered).
    public func image(atFrame index: Int) -> RenderedImage {
        if !run.isStarted { run.start() }
        if index < run.frame {
            FlipbookDiagnostics.report("SceneReplay: frame \(index) is before frame \(run.frame), where the replay is; it only goes forward.")
        }
        run.step(toFrame: max(index, run.frame))
        return run.render()
    }

    /// The frames at `frames` (ascending) laid left to right (`RenderedImage.filmstrip`).
    public func filmstrip(atFrames frames: [Int]) -> RenderedImage {
        let images = frames.map { image(atFrame: $0) }
        return RenderedImage.filmstrip(images) ?? RenderedImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0])!
    }

    /// Delivers `touch` as the live preview does (`PreviewInputPlayer`): at its own time made
    /// the clock's, points kept inside the window, a finger put down again cancelling the old one.
    private func deliver(_ touch: Touch, elapsed: CFTimeInterval) {
        guard touch.x.isFinite, touch.y.isFinite else {
            return FlipbookDiagnostics.report("SceneReplay: a touch at (\(touch.x), \(touch.y)) is not a point; skipped.")
        }
        let p = CGPoint(x: touch.x, y: touch.y)
        let time = touch.time.flatMap { $0.isFinite ? MediaClock.main.now - elapsed + $0 : nil }
        switch touch.phase {
        case .down: fingers.down(touch.finger, at: p, time: time)
        case .move: fingers.move(touch.finger, to: p, time: time)
        case .up: fingers.up(touch.finger, at: p, time: time)
        case .cancel: fingers.cancel(touch.finger, time: time)
        }
    }
}
