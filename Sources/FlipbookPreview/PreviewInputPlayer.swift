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
    /// The page's fingers (a `SceneReplay` keeps its own in the same kind of table).
    private let fingers: FingerTable?

    init(scene: any RenderScene) {
        driver = Self.driver(of: scene)
        fingers = driver.map(FingerTable.init(driver:))
    }

    /// The driver whose window takes the page's touches: an `AppScene`'s (every scene that runs
    /// an app in an `AppDriver` is one) or a `PreviewTouchableScene`'s; nil for other scenes.
    static func driver(of scene: any RenderScene) -> AppDriver? {
        if let s = scene as? any AppScene { return s.driver }
        if let s = scene as? any PreviewTouchableScene { return s.driver }
        return nil
    }

    var fingersDown: Int { fingers?.count ?? 0 }

    /// Delivers `pointer` as the user's touch, the scene being `elapsed` seconds after its
    /// start: at the pointer's own time (scene seconds, made the clock's by the same offset),
    /// else at the clock's current time. Points are clamped into the window.
    func apply(_ pointer: PreviewPointer, elapsed: Double) {
        guard let fingers else { return }
        let p = CGPoint(x: pointer.x, y: pointer.y)
        let time = pointer.time.map { MediaClock.main.now - elapsed + $0 }
        switch pointer.phase {
        case .down: fingers.down(pointer.finger, at: p, time: time)
        case .move: fingers.move(pointer.finger, to: p, time: time)
        case .up: fingers.up(pointer.finger, at: p, time: time)
        case .cancel: fingers.cancel(pointer.finger, time: time)
        }
    }

    /// Cancels every finger still down (before the run is thrown away).
    func cancelAll() { fingers?.cancelAll() }
}
