import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// The ownership rule (docs/ARCHITECTURE.md, "Ownership"): what has a receiver belongs to the
/// runtime it was made in and runs on it, whichever runtime is bound; the receiver-less
/// spellings (`NotificationCenter.default`'s delivery, `UIScreen.main`, `UIDevice.current`)
/// answer per app; a receiver used while another runtime is bound is reported in debug builds.
@MainActor
@Suite(.freshRuntime) struct RuntimeOwnershipTests {
    /// A controller that counts what the system tells it.
    final class Counting: UIViewController {
        var memoryWarnings = 0
        var sizeChanges: [CGSize] = []
        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            memoryWarnings += 1
        }
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            sizeChanges.append(size)
        }
    }

    /// An object observing with the selector form, as ported iOS code does.
    @MainActor final class SelectorObserver: NSObject {
        var names: [String] = []
        func handle(_ notification: Notification) { names.append(notification.name.rawValue) }
    }

    static let watched: [NSNotification.Name] = [
        UIResponder.keyboardWillShowNotification, UIDevice.orientationDidChangeNotification,
        UIAccessibility.reduceMotionStatusDidChangeNotification, UIApplication.didReceiveMemoryWarningNotification,
    ]

    /// Observes `watched` in the runtime bound now, with the block form and the selector form;
    /// returns what each heard and the tokens to remove.
    func observe() -> (block: EventRecorder, selector: SelectorObserver, tokens: [any NSObjectProtocol]) {
        let heard = EventRecorder()
        let selector = SelectorObserver()
        var tokens: [any NSObjectProtocol] = []
        for name in Self.watched {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { n in
                let name = n.name.rawValue
                MainActor.assumeIsolated { heard.record(name) }
            })
            NotificationCenter.default.addObserver(selector, selector: { $0.handle($1) }, name: name, object: nil)
        }
        return (heard, selector, tokens)
    }

    /// A keyboard, a rotation, Reduce Motion and a memory warning in one app reach only that
    /// app's observers, screen, device and controllers.
    @Test func oneAppsSystemEventsReachOnlyThatApp() {
        let rootA = Counting(), rootB = Counting()
        let a = AppDriver(rootViewController: rootA)
        let b = AppDriver(rootViewController: rootB)
        let inA = a.runtime.run { observe() }
        let inB = b.runtime.run { observe() }
        defer {
            for token in inA.tokens + inB.tokens { NotificationCenter.default.removeObserver(token) }
            NotificationCenter.default.removeObserver(inA.selector)
            NotificationCenter.default.removeObserver(inB.selector)
        }
        a.runtime.run { UIDevice.current.beginGeneratingDeviceOrientationNotifications() }
        b.runtime.run { UIDevice.current.beginGeneratingDeviceOrientationNotifications() }
        // A second window made in B's app is on B's main screen.
        let extraB = b.runtime.run { UIWindow() }

        b.showKeyboard()
        #expect(b.rotate(to: .landscapeLeft, animated: false))
        b.isReduceMotionEnabled = true
        b.simulateMemoryWarning()

        let all = Self.watched.map(\.rawValue)
        #expect(inB.block.events == all)
        #expect(inB.selector.names == all)
        #expect(inA.block.events.isEmpty)
        #expect(inA.selector.names.isEmpty)
        // Screens and devices are per app: B's rotated, A's did not.
        #expect(b.runtime.run { UIScreen.main } === b.window.screen)
        #expect(b.runtime.run { UIScreen.main.bounds.size } == CGSize(width: 852, height: 393))
        #expect(a.runtime.run { UIScreen.main.bounds.size } == CGSize(width: 393, height: 852))
        #expect(extraB.screen === b.window.screen && extraB.screen.bounds.width == 852)
        #expect(a.window.bounds.size == CGSize(width: 393, height: 852))
        #expect(b.runtime.run { UIDevice.current.orientation.isLandscape })
        #expect(a.runtime.run { UIDevice.current.orientation } == .portrait)
        #expect(a.runtime.run { UIDevice.current } !== b.runtime.run { UIDevice.current })
        #expect(a.runtime.run { UIAccessibility.isReduceMotionEnabled } == false)
        // Only B's controllers heard of the memory warning and the new size.
        #expect(rootB.memoryWarnings == 1 && rootA.memoryWarnings == 0)
        #expect(rootB.sizeChanges == [CGSize(width: 852, height: 393)] && rootA.sizeChanges.isEmpty)
    }

    /// Notifications posted outside every app (plain Foundation code) reach every observer; an
    /// observer added outside every app hears every app.
    @Test func postsOutsideEveryAppReachEveryone() {
        let a = AppDriver(rootViewController: UIViewController())
        let b = AppDriver(rootViewController: UIViewController())
        let name = NSNotification.Name("RuntimeOwnershipTests.plain")
        let heard = EventRecorder()
        let tokenA = a.runtime.run {
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("a") }
            }
        }
        let tokenB = b.runtime.run {
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("b") }
            }
        }
        let tokenAll = RuntimeBinding.$bound.withValue(nil) {
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("unbound") }
            }
        }
        defer { [tokenA, tokenB, tokenAll].forEach { NotificationCenter.default.removeObserver($0) } }
        RuntimeBinding.$bound.withValue(nil) { NotificationCenter.default.post(name: name, object: nil) }
        // Foundation does not promise an order between observers.
        #expect(heard.events.sorted() == ["a", "b", "unbound"])
        heard.reset()
        b.runtime.run { NotificationCenter.default.post(name: name, object: nil) }
        #expect(heard.events.sorted() == ["b", "unbound"])
    }

    // MARK: Receivers run on their own clock

    /// A display link made in one app fires on that app's clock, even when it is added while
    /// the other app's runtime is bound.
    @Test func aDisplayLinkRunsOnTheClockOfTheAppItWasMadeIn() {
        let a = AppDriver(rootViewController: UIViewController())
        let b = AppDriver(rootViewController: UIViewController())
        a.advance(by: 5)  // the two clocks stand at different times
        var stamps: [CFTimeInterval] = []
        let link = b.runtime.run { CADisplayLink { stamps.append($0.timestamp) } }
        #expect(AppRuntime.current === a.runtime)
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        a.advanceFrames(4)
        #expect(stamps.isEmpty)
        b.advanceFrames(3)
        #expect(stamps.count == 3)
        #expect(stamps.last == b.runtime.clock.now)
        // Advancing B's clock directly, with A bound, still runs B's link on B's time.
        b.runtime.clock.advanceFrames(1)
        #expect(stamps.count == 4 && stamps.last == b.runtime.clock.now)
        #expect(link.duration == b.runtime.clock.frameDuration)
    }

    /// A scroll view's animation and deceleration run on its app's clock, whichever runtime is
    /// bound when they start or when that clock is advanced.
    @Test func aScrollMotionRunsOnTheClockOfItsScrollView() {
        let a = AppDriver(rootViewController: UIViewController())
        let vc = UIViewController()
        let b = AppDriver(rootViewController: vc)
        let scroll = b.runtime.run {
            let scroll = UIScrollView(frame: vc.view.bounds)
            scroll.contentSize = CGSize(width: 393, height: 5000)
            vc.view.addSubview(scroll)
            return scroll
        }
        a.advance(by: 5)  // A's clock is 5 s ahead of B's
        // Started while A is bound: it runs on B's clock.
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        a.advance(by: 1)
        #expect(scroll.contentOffset.y == 0)
        b.advance(by: 1)
        #expect(scroll.contentOffset.y == 300)

        // A deceleration (a bounce back from past the top), started and stepped with A bound.
        scroll.contentOffset = CGPoint(x: 0, y: -80)
        scroll.startSettle(to: .zero, velocity: .zero, deceleration: true)
        #expect(scroll.motion != nil)
        a.advance(by: 2)
        #expect(scroll.contentOffset.y == -80)
        b.runtime.clock.advance(by: 0.1)
        #expect(scroll.contentOffset.y > -80 && scroll.contentOffset.y < 0)
        b.runtime.clock.advance(by: 2)
        #expect(abs(scroll.contentOffset.y) < 0.5 && scroll.motion == nil)
    }

    /// A property animator made in one app runs on that app's clock when it is started and
    /// read while the other app's runtime is bound.
    @Test func aPropertyAnimatorRunsOnTheClockOfItsApp() {
        let a = AppDriver(rootViewController: UIViewController())
        let vc = UIViewController()
        let b = AppDriver(rootViewController: vc)
        a.advance(by: 5)  // A's clock is 5 s ahead of B's
        let animator = b.runtime.run {
            UIViewPropertyAnimator(duration: 1, curve: .linear) { vc.view.alpha = 0 }
        }
        animator.startAnimation()  // with A bound
        a.advance(by: 0.5)
        #expect(animator.fractionComplete == 0)
        b.advance(by: 0.5)
        #expect(abs(animator.fractionComplete - 0.5) < 0.02)
        b.advance(by: 1)
        #expect(animator.state == .inactive && vc.view.alpha == 0)
    }

    // MARK: The debug check

    #if DEBUG
    /// Animating one app's view while the other app's runtime is bound is reported once,
    /// naming both runtimes; animating it in its own runtime, or the bound app's own view, is not.
    @Test func animatingAnotherAppsViewIsReportedOnce() {
        let rootA = UIViewController(), rootB = UIViewController()
        let a = AppDriver(rootViewController: rootA)
        let b = AppDriver(rootViewController: rootB)
        let viewA = rootA.view!, viewB = rootB.view!
        // Not reported: each app's views animated in their own runtime.
        let clean = FlipbookDiagnostics.capture {
            UIView.animate(withDuration: 0.3) { viewA.alpha = 0.5 }
            b.runtime.run { UIView.animate(withDuration: 0.3) { viewB.alpha = 0.5 } }
            b.runtime.run { viewB.layer.add(Self.fade(), forKey: "fade") }
        }
        #expect(clean.isEmpty)
        // Reported: B's view animated while A's runtime is bound; once for the pair.
        let crossed = FlipbookDiagnostics.capture {
            UIView.animate(withDuration: 0.3) { viewB.alpha = 0.2 }
            UIView.animate(withDuration: 0.3) { viewB.alpha = 0.1 }
        }
        #expect(crossed.count == 1)
        let message = crossed.first ?? ""
        #expect(message.contains(a.runtime.name) && message.contains(b.runtime.name))
        #expect(message.contains("CALayer"))
        #expect(a.runtime.name != b.runtime.name)
        // The animation still runs on B's clock.
        #expect(viewB.layer.animationKeys()?.isEmpty == false)
    }

    /// No report when nothing is bound: code outside every runtime may touch any app.
    @Test func nothingIsReportedOutsideEveryRuntime() {
        let a = AppDriver(rootViewController: UIViewController())
        let b = AppDriver(rootViewController: UIViewController())
        let viewB = b.window.rootViewController!.view!
        _ = a
        let reports = RuntimeBinding.$bound.withValue(nil) {
            FlipbookDiagnostics.capture { viewB.layer.add(Self.fade(), forKey: "fade") }
        }
        #expect(reports.isEmpty)
    }
    #endif

    static func fade() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.5
        fade.duration = 0.3
        return fade
    }

    // MARK: The driver's runtime

    @Test func aDriverRunsInTheRuntimeItIsGiven() {
        let runtime = AppRuntime()
        let driver = AppDriver(rootViewController: UIViewController(), device: .iPhoneSE, runtime: runtime)
        #expect(driver.runtime === runtime)
        #expect(runtime.run { UIApplication.shared.windows } == [driver.window])
        #expect(runtime.run { UIScreen.main.bounds.size } == CGSize(width: 375, height: 667))
        #expect(UIApplication.shared.windows.isEmpty)  // the test's runtime has no window
        #expect(runtime.name.contains("AppDriver"))
    }
}
