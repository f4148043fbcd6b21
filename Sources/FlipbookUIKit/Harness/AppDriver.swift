import Foundation
import FlipbookQuartz
import FlipbookRender

/// Runs an app headless: a window of a chosen device with a root view controller,
/// driven frame by frame on `MediaClock.main`, rendered on demand, and scripted.
///
/// ```swift
/// let app = AppDriver(rootViewController: DeckViewController(), device: .iPhone15)
/// app.at(0.5) { app.tap(deck.currentCard.button) }      // 0.5 s after the driver started
/// app.at(2.0) { reveal.dismiss(animated: true) }
/// app.runScript()                                        // runs to the last step, then idles
/// let frame = app.render()                               // RenderedImage of the window
/// ```
///
/// Times given to the driver are seconds since the driver was created (`time`), never
/// absolute media times. The driver runs its app in the runtime given to `init`
/// (`runtime:`), by default `AppRuntime.currentUnlessDriven`: the current runtime when no
/// driver runs an app in it yet, else a fresh one. So a test's first driver shares the test's
/// runtime, and two drivers in one test have their own clocks, applications, screens,
/// devices, traits and settings; advancing one never moves the other. Rendering
/// draws the window's layer tree through `LayerRenderer` (presentation values at the
/// current media time). Input is real touches through the window (`tap(_:)`,
/// `tap(at:)`, `drag(from:to:duration:)`, `touchDown(at:)`: see `AppDriver+Input.swift`);
/// a tap lifts one frame after it goes down.
@preconcurrency @MainActor
public final class AppDriver {
    /// The window the app runs in; it is key and visible, sized to the device.
    public let window: UIWindow
    /// The device the window simulates.
    public let device: UIScreen.Device
    /// The media time at which the driver was created.
    public let startTime: CFTimeInterval
    private var lastScriptedTime: CFTimeInterval = 0
    /// Driver time at which an `AppScene` on this driver started (its script's time zero); nil before.
    public internal(set) var sceneStartTime: CFTimeInterval?
    /// Appearance, Reduce Motion, status bar and haptics (Harness/AppDriver+Appearance.swift).
    let environment: DriverEnvironment
    /// The runtime the app runs in: its clock, application object and environment. Every
    /// driver call runs in it; run code of your own that touches this app's views with
    /// `runtime.run { … }` when another driver's runtime may be the current one.
    public let runtime: AppRuntime

    /// Creates a visible key window of `device` (default iPhone 15, 393 × 852 points)
    /// and installs `rootViewController` (its view loads and appears), in `runtime`: by default
    /// `AppRuntime.currentUnlessDriven` (the current runtime, unless a driver already runs an
    /// app in it; then a fresh one). The driver's screen becomes the runtime's `UIScreen.main`.
    public init(
        rootViewController: UIViewController, device: UIScreen.Device = .iPhone15,
        runtime: AppRuntime = .currentUnlessDriven
    ) {
        self.runtime = runtime
        self.device = device
        if !runtime.name.contains("AppDriver") { runtime.name += " (AppDriver of \(type(of: rootViewController)))" }
        (startTime, environment, window) = runtime.run {
            let startTime = MediaClock.main.now
            let environment = DriverEnvironment(startTime: startTime)
            let screen = UIScreen(device: device)
            UIApplication.shared.mainScreen = screen
            let window = UIWindow(frame: screen.bounds)
            window.screen = screen
            let scene = UIWindowScene(screen: screen)
            environment.windowScene = scene
            window.windowScene = scene
            window.makeKeyAndVisible()
            return (startTime, environment, window)
        }
        runtime.run {
            window.rootViewController = rootViewController
            applyLaunchSettings()
            window.layoutIfNeeded()
        }
    }

    /// The root view controller.
    public var rootViewController: UIViewController? { window.rootViewController }

    /// Seconds since the driver was created.
    public var time: CFTimeInterval { runtime.clock.now - startTime }

    /// Runs `action` at driver time `time` (seconds since creation). A time already
    /// past is reported and runs on the next frame.
    @preconcurrency public func at(_ time: CFTimeInterval, _ action: @escaping @MainActor () -> Void) {
        runtime.run {
            guard time.isFinite else {
                FlipbookDiagnostics.report("AppDriver.at(_:_:) needs a finite time (got \(time)); step ignored.")
                return
            }
            let delay = time - self.time
            if delay < -1e-9 {
                FlipbookDiagnostics.report(
                    "AppDriver.at(\(time)) is in the past (the driver is at \(self.time) s); running it on the next frame.")
            }
            lastScriptedTime = max(lastScriptedTime, time)
            MediaClock.main.schedule(after: max(0, delay), action)
        }
    }

    /// Advances the clock to driver time `time` (does nothing if already past it).
    public func run(until time: CFTimeInterval) {
        runtime.run {
            let delay = time - self.time
            guard delay.isFinite, delay > 0 else { return }
            MediaClock.main.advance(by: delay)
        }
    }

    /// Runs until the last scripted step has run, then until nothing is animating
    /// (at most `idleLimit` more seconds).
    public func runScript(idleLimit: CFTimeInterval = 10) {
        runtime.run {
            run(until: lastScriptedTime + 1 / MediaClock.main.framesPerSecond)
            MediaClock.main.runUntilIdle(limit: idleLimit)
        }
    }

    /// Advances the clock by `seconds`.
    public func advance(by seconds: CFTimeInterval) { runtime.run { MediaClock.main.advance(by: seconds) } }

    /// Advances the clock by `count` frames.
    public func advanceFrames(_ count: Int) { runtime.run { MediaClock.main.advanceFrames(count) } }

    /// Renders the window as it looks now (presentation values at the current time).
    /// `scale` is pixels per point (default 2).
    public func render(scale: CGFloat = 2) -> RenderedImage {
        return runtime.run {
            layOutScreenWindows()
            refreshStatusBar(duration: 0)
            return screenRenderer(scale: scale).render(window.layer)
        }
    }

    /// The windows the driver's screen shows, back to front: the driver's window and the app's
    /// other shown windows on its scene (a banner's window above the app's), by level and then
    /// the order they were shown (docs/Semantics.md, "Several windows on a screen"). Just the
    /// driver's window when it has no scene or is not among them.
    var screenWindows: [UIWindow] {
        guard let scene = window.windowScene else { return [window] }
        let shown = UIApplication.shared.visibleWindows(on: scene)
        return shown.contains { $0 === window } ? shown : [window]
    }

    /// Lays out every window on the screen (as the commit before a frame would).
    func layOutScreenWindows() {
        for w in screenWindows { w.layoutIfNeeded() }
        window.layoutIfNeeded()
    }

    /// A renderer of the driver's screen: the driver's window with the app's other windows on
    /// the screen composited by level (`screenWindows`).
    func screenRenderer(scale: CGFloat) -> LayerRenderer {
        let renderer = LayerRenderer(scale: scale)
        renderer.screenLayers = { [weak self] in
            guard let self else { return [] }
            let windows = self.screenWindows
            if windows.count == 1, windows[0] === self.window { return [] }
            let origin = self.window.frame.origin
            return windows.map { w in
                (w.layer, CGPoint(x: w.frame.minX - origin.x, y: w.frame.minY - origin.y))
            }
        }
        return renderer
    }

    /// Renders the window at each driver time in `times` (ascending), advancing the clock.
    /// A time already past is drawn as the window looks now.
    public func renderFrames(at times: [CFTimeInterval], scale: CGFloat = 2) -> [RenderedImage] {
        // The frame loop is a SceneRun's, freely paced on the driver's time: each frame advances
        // the clock to its time, then lays the window out and brings the status bar up to date.
        let frames = SceneRun(
            rootLayer: window.layer, runtime: runtime, renderer: runtime.run { screenRenderer(scale: scale) },
            origin: startTime,
            start: {},
            update: { [self] _ in
                layOutScreenWindows()
                refreshStatusBar(duration: 0)
            })
        frames.start()
        return times.map { t in
            if !t.isFinite {
                FlipbookDiagnostics.report("AppDriver.renderFrames(at:) needs finite times (got \(t)); drawing the window as it is.")
            }
            frames.step(to: t.isFinite && t > frames.elapsed ? t : frames.elapsed)
            return frames.render()
        }
    }
}
