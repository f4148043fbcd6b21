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

    final class PlainView: UIView {}
    final class LayingOutView: UIView {
        var log: [String] = []
        override func layoutSubviews() {
            log.append("override")
            super.layoutSubviews()
        }
    }

    /// A view's `layoutSubviews()` and `traitCollectionDidChange(_:)` (SkeletonView swizzles
    /// both): the replacement runs in a layout pass, for a class without an override and through
    /// an override's `super`; nil restores UIView's.
    @Test func aViewsLayoutAndTraitCallsReachTheReplacement() {
        var seen: [String] = []
        UIView.flipbookInterposeLayoutSubviews { view in
            seen.append("layout \(type(of: view))")
            view.flipbookOriginalLayoutSubviews()
        }
        UIView.flipbookInterposeTraitCollectionDidChange { view, previous in
            seen.append("traits \(type(of: view)) \(previous == nil)")
            view.flipbookOriginalTraitCollectionDidChange(previous)
        }
        defer {
            UIView.flipbookInterposeLayoutSubviews(nil)
            UIView.flipbookInterposeTraitCollectionDidChange(nil)
        }
        let plain = PlainView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        plain.setNeedsLayout()
        plain.layoutIfNeeded()
        let overriding = LayingOutView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        overriding.setNeedsLayout()
        overriding.layoutIfNeeded()
        plain.traitCollectionDidChange(nil)
        #expect(seen == ["layout PlainView", "layout LayingOutView", "traits PlainView true"])
        #expect(overriding.log == ["override"])
        UIView.flipbookInterposeLayoutSubviews(nil)
        plain.setNeedsLayout()
        plain.layoutIfNeeded()
        #expect(seen.count == 3)
    }

    /// `dismiss(animated:completion:)` (FloatingPanel replaces it): every dismissal reaches the
    /// replacement, which dismisses through `flipbookOriginalDismiss`.
    @Test func aDismissalReachesTheReplacement() {
        var seen: [String] = []
        UIViewController.flipbookInterposeDismiss { vc, animated, completion in
            seen.append("dismiss \(type(of: vc)) \(animated)")
            vc.flipbookOriginalDismiss(animated: animated, completion: completion)
        }
        defer { UIViewController.flipbookInterposeDismiss(nil) }
        let root = Plain()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let presented = Overriding()
        root.present(presented, animated: false)
        app.run(until: 0.1)
        var completed = false
        presented.dismiss(animated: false) { completed = true }
        app.run(until: 0.2)
        #expect(seen == ["dismiss Overriding false"])
        #expect(root.presentedViewController == nil && completed)
    }
}
