import Foundation
import Testing
import TestSupport
import Flipbook

/// An app delegate as Xcode's template writes one: it keeps the main window.
@MainActor
private final class WindowKeepingDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var calls: [String] = []

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        calls.append("didFinishLaunching")
        return true
    }

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { calls.append("memoryWarning") }
}

/// A subclass inherits the stored window.
@MainActor
private final class InheritingDelegate: UIResponder, UIApplicationDelegate {
    let base = WindowKeepingDelegate()
}

@MainActor
private class BaseDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

@MainActor
private final class DerivedDelegate: BaseDelegate {}

/// A scene-era delegate: no window at all.
@MainActor
private final class WindowlessDelegate: UIResponder, UIApplicationDelegate {}

/// A window of the wrong type does not implement UIKit's `window` requirement.
@MainActor
private final class ConstantWindowDelegate: UIResponder, UIApplicationDelegate {
    let window = UIWindow()
}

/// `UIApplication.delegate` and the app delegate's window as code reads it through the protocol
/// (`UIWindow??`, UIKit's optional requirement).
@Suite(.freshRuntime) @MainActor struct AppDelegateTests {
    @Test func anAppHasNoDelegateUntilOneIsSet() {
        let app = AppDriver(rootViewController: UIViewController())
        #expect(UIApplication.shared.delegate == nil)
        #expect(UIApplication.shared.delegate?.window == nil)
        let delegate = WindowKeepingDelegate()
        UIApplication.shared.delegate = delegate
        #expect(UIApplication.shared.delegate === delegate)
        #expect(UIApplication.shared.delegate as? WindowKeepingDelegate === delegate)
        UIApplication.shared.delegate = nil
        #expect(UIApplication.shared.delegate == nil)
        withExtendedLifetime(app) {}
    }

    @Test func theDelegateIsHeldWeakly() {
        do {
            let delegate = WindowKeepingDelegate()
            UIApplication.shared.delegate = delegate
            #expect(UIApplication.shared.delegate != nil)
        }
        #expect(UIApplication.shared.delegate == nil)
    }

    @Test func theStoredWindowReadsThroughTheProtocolAsADoubleOptional() throws {
        let app = AppDriver(rootViewController: UIViewController())
        let delegate = WindowKeepingDelegate()
        UIApplication.shared.delegate = delegate
        // Declared but nil: `.some(nil)`.
        let unset: UIWindow?? = UIApplication.shared.delegate?.window
        #expect(unset != nil)
        #expect(unset! == nil)
        delegate.window = app.window
        #expect(UIApplication.shared.delegate?.window??.rootViewController === app.window.rootViewController)
        let label = UIView()
        if let window = UIApplication.shared.delegate?.window { window?.addSubview(label) }
        #expect(label.superview === app.window)
        guard let found = UIApplication.shared.delegate?.window, let window = found else {
            Issue.record("no window")
            return
        }
        #expect(window === app.window)
        // The class's own property stays a plain optional.
        let own: UIWindow? = (UIApplication.shared.delegate as? WindowKeepingDelegate)?.window
        #expect(own === app.window)
    }

    @Test func anInheritedWindowIsFound() {
        let app = AppDriver(rootViewController: UIViewController())
        let delegate = DerivedDelegate()
        delegate.window = app.window
        UIApplication.shared.delegate = delegate
        #expect(UIApplication.shared.delegate?.window??.rootViewController === app.window.rootViewController)
    }

    @Test func aDelegateWithoutAWindowPropertyAnswersNone() {
        let windowless = WindowlessDelegate()
        UIApplication.shared.delegate = windowless
        let none: UIWindow?? = UIApplication.shared.delegate?.window
        #expect(none == nil)
        // `let window = UIWindow()` is a `UIWindow`, not UIKit's `UIWindow?` requirement: iOS
        // answers nil for it too.
        let constant = ConstantWindowDelegate()
        UIApplication.shared.delegate = constant
        #expect(UIApplication.shared.delegate?.window == nil)
        // A property named `window` of a stored object is not the delegate's.
        let inheriting = InheritingDelegate()
        inheriting.base.window = UIWindow()
        UIApplication.shared.delegate = inheriting
        #expect(UIApplication.shared.delegate?.window == nil)
    }

    @Test func callsThroughTheProtocolReachTheDelegatesMethods() {
        let app = AppDriver(rootViewController: UIViewController())
        let delegate = WindowKeepingDelegate()
        UIApplication.shared.delegate = delegate
        let launched = UIApplication.shared.delegate?.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
        #expect(launched == true)
        // Defaults answer for what the delegate does not implement.
        #expect(UIApplication.shared.delegate?.application(UIApplication.shared, willFinishLaunchingWithOptions: [:]) == true)
        app.simulateMemoryWarning()
        #expect(delegate.calls == ["didFinishLaunching", "memoryWarning"])
    }

    @Test func eachAppHasItsOwnDelegate() {
        let first = AppDriver(rootViewController: UIViewController())
        let second = AppDriver(rootViewController: UIViewController())
        let delegate = WindowKeepingDelegate()
        first.runtime.run { UIApplication.shared.delegate = delegate }
        #expect(second.runtime.run { UIApplication.shared.delegate } == nil)
        #expect(first.runtime.run { UIApplication.shared.delegate } === delegate)
    }

    @Test func launchOptionKeysAreApplesStrings() {
        #expect(UIApplication.LaunchOptionsKey.url.rawValue == "UIApplicationLaunchOptionsURLKey")
        #expect(UIApplication.LaunchOptionsKey("custom") == UIApplication.LaunchOptionsKey(rawValue: "custom"))
    }
}
