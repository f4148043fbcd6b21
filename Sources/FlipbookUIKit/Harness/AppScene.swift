import Foundation
import FlipbookQuartz
import FlipbookRender

/// A scene: an app's root view controller in an `AppDriver` window of a device, and scripted
/// steps on the clock (taps, drags, presentations, pushes, waits).
///
/// This is the one way to write a scene for `flipbook render`, `flipbook preview` and
/// filmstrip tests; the catalog's seed apps are written this way, and every `#Preview` is an
/// `AppScene` with no script (docs/Preview.md, "Your own previews and scenes").
///
/// ```swift
/// final class DeckScene: AppScene {
///     static let name = "deck"
///     static let summary = "Tap the first card, then Done"
///     let duration: CFTimeInterval = 3
///     let driver: AppDriver
///     let deck = DeckViewController()
///     init(size: CGSize) { driver = AppDriver(rootViewController: deck, device: .fitting(size)) }
///     func script(_ s: SceneScript) {
///         s.wait(0.5)
///         s.tap { self.deck.currentCard?.cardView }
///         s.wait(1.5)
///         s.dismiss()
///     }
/// }
/// ```
///
/// What conforming gives: `rootLayer` (the window's layer), `start()` (runs `script(_:)` once
/// with a `SceneScript` whose times are seconds after the start) and `update(elapsed:)` (runs
/// the clock to that time, never back, and lays the window out). The exporter and the preview
/// own the frame loop: they advance the clock between frames and call `update(elapsed:)`.
@preconcurrency @MainActor
public protocol AppScene: RenderScene {
    /// The app's window, root and all.
    var driver: AppDriver { get }
    /// Schedules the scene's steps (default: none, as for a `#Preview`).
    func script(_ script: SceneScript)
}

extension AppScene {
    public var rootLayer: CALayer { driver.window.layer }

    public func script(_ script: SceneScript) {}

    /// Runs `script(_:)` once, at the driver's current time.
    public func start() {
        let s = SceneScript(driver: driver)
        driver.sceneStartTime = s.start
        script(s)
    }

    /// Brings the app to `elapsed` seconds after `start()` (never goes back), then lays it out.
    public func update(elapsed: CFTimeInterval) {
        guard let start = driver.sceneStartTime, elapsed.isFinite else { return }
        driver.run(until: start + elapsed)
        driver.window.layoutIfNeeded()
    }
}

extension UIScreen.Device {
    /// The preset whose screen is `size`, or a custom @2x device of that size with a 20-point
    /// status bar (an invalid size gives the iPhone 15), as a scene's `init(size:)` needs.
    public static func fitting(_ size: CGSize) -> UIScreen.Device {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return .iPhone15 }
        if let preset = all.first(where: { $0.size == size }) { return preset }
        return UIScreen.Device(name: "custom", size: size, scale: 2, safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    }
}

/// A scene's script: steps at times in seconds after the scene's start, on its driver.
///
/// Every step takes an optional time `at:`; without one it goes at the script's cursor `now`,
/// which `wait(_:)` moves on (and a step given a time moves it to that time). Views and
/// controllers are given as closures, evaluated when the step runs, so a step can name what an
/// earlier step made. A step whose closure gives nil does nothing and is reported.
@preconcurrency @MainActor
public final class SceneScript {
    /// The driver the steps run on.
    public let driver: AppDriver
    /// Driver time of the scene's start; the times given here are seconds after it.
    public let start: CFTimeInterval
    /// Where a step without a time goes, in seconds after the start.
    public private(set) var now: CFTimeInterval = 0

    /// A script starting at the driver's current time.
    public init(driver: AppDriver) {
        self.driver = driver
        start = driver.time
    }

    /// One frame of the clock, in seconds.
    public var frame: CFTimeInterval { 1 / driver.runtime.clock.framesPerSecond }

    /// Moves the cursor on by `seconds` (negative or non-finite values are reported and ignored).
    public func wait(_ seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds >= 0 else {
            FlipbookDiagnostics.report("SceneScript.wait(_:) needs a finite time ≥ 0 (got \(seconds)); ignored.")
            return
        }
        now += seconds
    }

    private func time(_ t: CFTimeInterval?) -> CFTimeInterval {
        if let t, t.isFinite { now = max(0, t) }
        return now
    }

    /// Runs `action` at `time` (default: the cursor).
    @preconcurrency public func at(_ time: CFTimeInterval? = nil, _ action: @escaping @MainActor () -> Void) {
        driver.at(start + self.time(time), action)
    }

    /// Taps the centre of the view `view()` gives, so that the tap lands (the finger lifts and
    /// the control acts) at `time`: the finger goes down one frame earlier.
    @preconcurrency public func tap(at time: CFTimeInterval? = nil, _ view: @escaping @MainActor () -> UIView?) {
        let t = self.time(time)
        let d = driver
        d.at(start + max(0, t - frame)) {
            guard let v = view() else {
                FlipbookDiagnostics.report("SceneScript.tap at \(t) s: no view to tap; step skipped.")
                return
            }
            d.tap(v)
        }
    }

    /// Taps `point` (window points), landing at `time` as `tap(at:_:)` does.
    public func tap(at time: CFTimeInterval? = nil, point: CGPoint) {
        let t = self.time(time)
        let d = driver
        d.at(start + max(0, t - frame)) { d.tap(at: point) }
    }

    /// A one-finger drag in window points: down at `time`, one straight move per clock frame
    /// to `to` over `duration`, lifted one frame after the last move.
    public func drag(at time: CFTimeInterval? = nil, from: CGPoint, to: CGPoint, duration: CFTimeInterval) {
        let t0 = start + self.time(time)
        let d = driver
        let frame = self.frame
        let steps = duration.isFinite ? max(Int((duration / frame).rounded()), 1) : 1
        var touch: SyntheticTouch?
        d.at(t0) { touch = d.touchDown(at: from) }
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            let p = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            d.at(t0 + Double(i) * frame) { touch?.move(to: p) }
        }
        d.at(t0 + Double(steps + 1) * frame) { touch?.lift() }
    }

    /// The controller on top: the root's last presented controller.
    public var topViewController: UIViewController? {
        var top = driver.rootViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    /// Presents what `make()` gives from the top controller at `time`.
    @preconcurrency public func present(
        at time: CFTimeInterval? = nil, animated: Bool = true, _ make: @escaping @MainActor () -> UIViewController?
    ) {
        // The steps hold the script (nothing else does once `start()` returns); the clock lets
        // go of each step once it has run.
        at(time) {
            guard let top = self.topViewController, let vc = make() else {
                FlipbookDiagnostics.report("SceneScript.present: nothing to present, or no controller to present from; step skipped.")
                return
            }
            top.present(vc, animated: animated, completion: nil)
        }
    }

    /// Dismisses the top presented controller at `time`.
    public func dismiss(at time: CFTimeInterval? = nil, animated: Bool = true) {
        at(time) {
            guard let top = self.topViewController, top.presentingViewController != nil else {
                FlipbookDiagnostics.report("SceneScript.dismiss: nothing is presented; step skipped.")
                return
            }
            top.dismiss(animated: animated, completion: nil)
        }
    }

    /// The navigation controller the top controller is in, or is.
    private var topNavigationController: UINavigationController? {
        guard let top = topViewController else { return nil }
        if let nav = top as? UINavigationController { return nav }
        if let tab = top as? UITabBarController, let nav = tab.selectedViewController as? UINavigationController { return nav }
        return top.navigationController
    }

    /// Pushes what `make()` gives onto the top navigation controller at `time`.
    @preconcurrency public func push(
        at time: CFTimeInterval? = nil, animated: Bool = true, _ make: @escaping @MainActor () -> UIViewController?
    ) {
        at(time) {
            guard let nav = self.topNavigationController, let vc = make() else {
                FlipbookDiagnostics.report("SceneScript.push: no navigation controller on top, or nothing to push; step skipped.")
                return
            }
            nav.pushViewController(vc, animated: animated)
        }
    }

    /// Pops the top navigation controller at `time`.
    public func pop(at time: CFTimeInterval? = nil, animated: Bool = true) {
        at(time) {
            guard let nav = self.topNavigationController else {
                FlipbookDiagnostics.report("SceneScript.pop: no navigation controller on top; step skipped.")
                return
            }
            _ = nav.popViewController(animated: animated)
        }
    }
}
