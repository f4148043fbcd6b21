import Flipbook

/// A scene whose app runs in an `AppDriver` takes the page's touches through it: an `AppScene`
/// (as the catalog's scenes and `#Preview`s are) names its driver already; a scene that is not
/// one conforms to this protocol to name it.
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

    /// The driver whose window takes the page's touches: an `AppScene`'s (every scene that runs
    /// an app in an `AppDriver` is one) or a `PreviewTouchableScene`'s; nil for other scenes.
    static func driver(of scene: any RenderScene) -> AppDriver? {
        if let s = scene as? any AppScene { return s.driver }
        if let s = scene as? any PreviewTouchableScene { return s.driver }
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
