import Flipbook

/// A scene whose app runs in an `AppDriver` takes the page's touches through it. Scenes that
/// store an `AppDriver` (as the catalog's do) are found without conforming; conform to name
/// the driver explicitly.
@preconcurrency @MainActor
public protocol PreviewTouchableScene: RenderScene {
    var driver: AppDriver { get }
}

/// Plays a timeline's pointer inputs into a running scene as synthetic touches (one finger per
/// pointer id), so the live preview and its recording deliver exactly the same touches.
@preconcurrency @MainActor
final class PreviewInputPlayer {
    let driver: AppDriver?
    private var fingers: [Int: SyntheticTouch] = [:]

    init(scene: any RenderScene) {
        driver = Self.driver(of: scene)
    }

    static func driver(of scene: any RenderScene) -> AppDriver? {
        if let s = scene as? any PreviewTouchableScene { return s.driver }
        var mirror: Mirror? = Mirror(reflecting: scene)
        while let m = mirror {
            for child in m.children { if let d = child.value as? AppDriver { return d } }
            mirror = m.superclassMirror
        }
        return nil
    }

    var fingersDown: Int { fingers.count }

    /// Delivers `pointer` as the user's touch, the scene being `elapsed` seconds after its
    /// start: at the pointer's own time (scene seconds, made the clock's by the same offset),
    /// else at the clock's current time. Points are clamped into the window.
    func apply(_ pointer: PreviewPointer, elapsed: Double) {
        guard let driver else { return }
        let b = driver.window.bounds
        let p = CGPoint(
            x: min(max(pointer.x, Double(b.minX)), Double(b.maxX) - 0.001),
            y: min(max(pointer.y, Double(b.minY)), Double(b.maxY) - 0.001))
        let time = pointer.time.map { MediaClock.main.now - elapsed + $0 }
        switch pointer.phase {
        case .down:
            if let old = fingers.removeValue(forKey: pointer.finger), !old.isLifted { old.cancel(time: time) }
            fingers[pointer.finger] = driver.touchDown(at: p, origin: .user, time: time)
        case .move:
            guard let f = fingers[pointer.finger], !f.isLifted, f.location != p else { return }
            f.move(to: p, time: time)
        case .up:
            guard let f = fingers.removeValue(forKey: pointer.finger), !f.isLifted else { return }
            if f.location != p { f.move(to: p, time: time) }
            f.lift(time: time)
        case .cancel:
            guard let f = fingers.removeValue(forKey: pointer.finger), !f.isLifted else { return }
            f.cancel(time: time)
        }
    }

    /// Cancels every finger still down (before the run is thrown away).
    func cancelAll() {
        for (_, f) in fingers where !f.isLifted { f.cancel() }
        fingers = [:]
    }
}

/// The scene `SceneExporter` records for the page's "record" button: the timeline's scene with
/// the user's inputs applied at their frames, in the same place of the frame loop as the live
/// preview applies them (after `update(elapsed:)`).
@preconcurrency @MainActor
final class PreviewReplayScene: RenderScene {
    static let name = "preview"
    static let summary = "A live preview session, replayed"
    /// What the next `init(size:)` builds (set just before the export, on the main actor).
    static var pending: (type: any RenderScene.Type, inputs: [PreviewInput], duration: Double)?

    let inner: any RenderScene
    let inputs: [PreviewInput]
    let duration: CFTimeInterval
    private let player: PreviewInputPlayer
    private var applied = 0

    init(size: CGSize) {
        let p = Self.pending!
        inner = p.type.init(size: size)
        inputs = p.inputs
        duration = p.duration
        player = PreviewInputPlayer(scene: inner)
    }

    var rootLayer: CALayer { inner.rootLayer }
    func start() { inner.start() }

    func update(elapsed: CFTimeInterval) {
        inner.update(elapsed: elapsed)
        let frame = Int((elapsed * PreviewLimits.fps).rounded())
        while applied < inputs.count, inputs[applied].frame <= frame {
            player.apply(inputs[applied].pointer, elapsed: elapsed)
            applied += 1
        }
    }
}
