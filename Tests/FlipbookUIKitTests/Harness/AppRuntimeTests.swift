import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Each app runs in its own `AppRuntime` (docs/ARCHITECTURE.md, "The runtime"): two drivers in
/// one test have their own clocks, application objects, transitions and settings.
@MainActor
@Suite(.freshRuntime) struct AppRuntimeTests {
    /// A screen with a button that presents a second screen with the default animation.
    final class Home: UIViewController {
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            super.viewDidLoad()
            button.frame = CGRect(x: 20, y: 100, width: 200, height: 44)
            button.addAction(UIAction { [weak self] _ in self?.present(UIViewController(), animated: true) }, for: .touchUpInside)
            view.addSubview(button)
        }
    }

    @Test func theFirstDriverRunsInTheTestsRuntimeAndASecondMakesItsOwn() {
        let ambient = AppRuntime.current
        let a = AppDriver(rootViewController: Home())
        let b = AppDriver(rootViewController: Home())
        #expect(a.runtime === ambient)
        #expect(b.runtime !== ambient)
        #expect(a.runtime.clock !== b.runtime.clock)
        #expect(UIApplication.shared.windows.contains(a.window) && !UIApplication.shared.windows.contains(b.window))
        #expect(b.runtime.run { UIApplication.shared.windows } == [b.window])
    }

    /// Advancing one driver never moves the other's clock, its animations or its transitions.
    @Test func advancingOneDriverDoesNotMoveTheOther() {
        let homeA = Home(), homeB = Home()
        let a = AppDriver(rootViewController: homeA)
        let b = AppDriver(rootViewController: homeB)
        a.tap(homeA.button)
        b.tap(homeB.button)
        #expect(a.time > 0 && b.time > 0)
        let bTime = b.time
        a.advance(by: 2)
        #expect(abs(a.time - 2 - 1 / 60) < 1e-9)
        #expect(b.time == bTime)
        // A's presentation has finished; B's has not moved since its tap.
        #expect(homeA.presentedViewController != nil && homeA.transitionCoordinator == nil)
        #expect(homeB.transitionCoordinator != nil)
        b.advance(by: 2)
        #expect(homeB.transitionCoordinator == nil && homeB.presentedViewController != nil)
    }

    /// Settings are per app: Reduce Motion answers for the runtime the code runs in.
    @Test func eachDriverHasItsOwnReduceMotionAnswer() {
        let a = AppDriver(rootViewController: Home())
        let b = AppDriver(rootViewController: Home())
        b.isReduceMotionEnabled = true
        #expect(a.runtime.run { UIAccessibility.isReduceMotionEnabled } == false)
        #expect(b.runtime.run { UIAccessibility.isReduceMotionEnabled } == true)
        #expect(UIAccessibility.isReduceMotionEnabled == false)  // the test's runtime is a's
    }

    /// Each test starts in a fresh runtime: the clock at its initial time, no windows.
    @Test func eachTestStartsInAFreshRuntime() {
        #expect(UIApplication.shared.windows.isEmpty)
        #expect(MediaClock.main.isIdle)
        #expect(AppRuntime.current !== AppRuntime.process)
    }

    // MARK: Objects reach their runtime through their window

    /// A layer in the second app's window takes its animations on that app's clock, even when
    /// the code adding them runs in the first app's runtime.
    @Test func aLayerAnimatesOnItsWindowsClock() {
        let a = AppDriver(rootViewController: Home())
        let b = AppDriver(rootViewController: Home())
        let layer = b.window.rootViewController!.view.layer
        #expect(AppRuntime.owning(layer) === b.runtime && AppRuntime.owning(b.window) === b.runtime)
        #expect(AppRuntime.current === a.runtime)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        layer.add(fade, forKey: "fade")  // in a's runtime, on b's layer
        a.advance(by: 2)
        #expect(layer.animation(forKey: "fade") != nil)  // a's frames do not run it
        b.advance(by: 0.5)
        // Read without binding b: the presentation answers at b's time, half way.
        let opacity = Double(layer.presentation()?.opacity ?? -1)
        #expect(abs(opacity - 0.5) < 1e-6)
        b.advance(by: 1)
        #expect(layer.animation(forKey: "fade") == nil)
    }

    /// Layout requested on the second app's view happens at that app's next frame, not the
    /// first's.
    @Test func layoutRequestsGoToTheWindowsRuntime() {
        let a = AppDriver(rootViewController: Home())
        let b = AppDriver(rootViewController: Home())
        let view = b.window.rootViewController!.view!
        b.advance(by: 0.1)
        #expect(!view.layer.needsLayout())
        view.setNeedsLayout()
        #expect(view.layer.needsLayout())
        a.advance(by: 0.1)
        #expect(view.layer.needsLayout())
        b.advance(by: 0.1)
        #expect(!view.layer.needsLayout())
    }

    /// Presenting from the second app's controller, in the first app's runtime, runs the
    /// transition in the second app: its application tracks it and its clock moves it.
    @Test func presentingFromAnotherAppsControllerRunsInThatApp() {
        let homeA = Home(), homeB = Home()
        let a = AppDriver(rootViewController: homeA)
        let b = AppDriver(rootViewController: homeB)
        homeB.present(UIViewController(), animated: true)
        #expect(homeB.transitionCoordinator != nil)
        #expect(UIApplication.shared.windows == [a.window])
        a.advance(by: 2)
        #expect(homeB.transitionCoordinator != nil)
        b.advance(by: 2)
        #expect(homeB.transitionCoordinator == nil && homeB.presentedViewController != nil)
        homeB.dismiss(animated: true)
        b.advance(by: 2)
        #expect(homeB.presentedViewController == nil)
    }

    /// A window's responder chain ends at its own app's application object.
    @Test func aWindowsNextResponderIsItsOwnApplication() {
        let a = AppDriver(rootViewController: Home())
        let b = AppDriver(rootViewController: Home())
        #expect(a.window.next === UIApplication.shared)
        #expect(b.window.next === b.runtime.run { UIApplication.shared })
        #expect(b.window.next !== a.window.next)
    }

    /// A window that outlives the runtime it was made in falls back to the current runtime:
    /// its layers still take animations and lay out, on the current clock, without a crash.
    @Test func aWindowOutlivingItsRuntimeUsesTheCurrentOne() {
        var runtime: AppRuntime? = AppRuntime()
        let window = runtime!.run { UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100)) }
        #expect(AppRuntime.owning(window) === runtime)
        weak var gone = runtime
        runtime = nil
        #expect(gone == nil)
        #expect(AppRuntime.owning(window) === AppRuntime.current)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 0.5
        window.layer.add(fade, forKey: "fade")
        MediaClock.main.advance(by: 1)
        #expect(window.layer.animation(forKey: "fade") == nil)
    }
}

