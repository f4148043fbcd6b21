import Foundation
import Testing
import TestSupport
import Flipbook

/// The appearance methods libraries swizzle (docs/Porting.md, "Method swizzling"): the
/// replacement runs where UIKit's implementation would, that is when no subclass overrides the
/// method or when an override calls `super`, once per call.
@Suite("Method interposition", .freshRuntime)
@MainActor
struct MethodInterpositionTests {
    final class Plain: UIViewController {}

    final class Overriding: UIViewController {
        var log: [String] = []
        var callsSuper = true
        override func viewWillAppear(_ animated: Bool) {
            log.append("override")
            if callsSuper { super.viewWillAppear(animated) }
        }
    }

    @Test func theReplacementRunsWhereUIKitsWould() {
        var seen: [String] = []
        UIViewController.flipbookInterposeViewWillAppear { vc, animated in
            seen.append("\(type(of: vc)).\(animated)")
            vc.flipbookOriginalViewWillAppear(animated)
        }
        UIViewController.flipbookInterposeViewDidLoad { vc in seen.append("\(type(of: vc)).load") }
        defer {
            UIViewController.flipbookInterposeViewWillAppear(nil)
            UIViewController.flipbookInterposeViewDidLoad(nil)
        }
        let plain = Plain()
        plain.loadViewIfNeeded()
        plain.viewWillAppear(true)
        let overriding = Overriding()
        overriding.viewWillAppear(false)
        overriding.callsSuper = false
        overriding.viewWillAppear(false)
        #expect(seen == ["Plain.load", "Plain.true", "Overriding.false"])
        #expect(overriding.log == ["override", "override"])
    }

    @Test func aWindowsAppearanceCallsReachTheReplacement() {
        var seen: [String] = []
        UIViewController.flipbookInterposeViewDidAppear { vc, _ in seen.append("\(type(of: vc))") }
        defer { UIViewController.flipbookInterposeViewDidAppear(nil) }
        let app = AppDriver(rootViewController: Plain(), device: .iPhone15)
        app.run(until: 0.1)
        #expect(seen == ["Plain"])
        UIViewController.flipbookInterposeViewDidAppear(nil)
        app.rootViewController?.present(Plain(), animated: false)
        app.run(until: 0.2)
        #expect(seen == ["Plain"], "nil restores UIKit's")
    }
}
