import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Each app runs in its own `AppRuntime` (docs/ARCHITECTURE.md, "The runtime"): two drivers in
/// one test have their own clocks, application objects, transitions and settings.
@MainActor
@Suite(.cleanClock) struct AppRuntimeTests {
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
}
