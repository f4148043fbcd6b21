import Foundation
import Testing
import TestSupport
import Flipbook

/// UIViewController.viewSafeAreaInsetsDidChange() and viewLayoutMarginsDidChange(): called
/// right after the root view's own callbacks, in the layout pass that notices the change.
@Suite(.freshRuntime) @MainActor struct ControllerInsetsCallbackTests {
    @MainActor final class RootView: UIView {
        var log: (String) -> Void = { _ in }
        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            log("view.safeAreaInsetsDidChange \(safeAreaInsets.top)")
        }
        override func layoutMarginsDidChange() {
            super.layoutMarginsDidChange()
            log("view.layoutMarginsDidChange")
        }
    }

    @MainActor final class Controller: UIViewController {
        var history: [String] = []
        override func loadView() {
            let v = RootView()
            v.log = { [unowned self] in history.append($0) }
            view = v
        }
        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            history.append("viewSafeAreaInsetsDidChange \(view.safeAreaInsets.top)")
        }
        override func viewLayoutMarginsDidChange() {
            super.viewLayoutMarginsDidChange()
            history.append("viewLayoutMarginsDidChange")
        }
        override func viewWillLayoutSubviews() {
            super.viewWillLayoutSubviews()
            history.append("viewWillLayoutSubviews")
        }
    }

    @Test func safeAreaChangesReachTheControllerAfterItsView() {
        let vc = Controller()
        let app = AppDriver(rootViewController: vc)          // iPhone 15: 59 points on top
        let safeArea = vc.history.filter { $0.contains("afeArea") }
        #expect(safeArea == ["view.safeAreaInsetsDidChange 59.0", "viewSafeAreaInsetsDidChange 59.0"])   // once, from zero
        if let i = vc.history.firstIndex(of: "view.safeAreaInsetsDidChange 59.0") {
            #expect(Array(vc.history[i...].prefix(3)) == [
                "view.safeAreaInsetsDidChange 59.0", "viewSafeAreaInsetsDidChange 59.0", "viewWillLayoutSubviews",
            ])
        }
        vc.history = []
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        app.window.layoutIfNeeded()
        #expect(Array(vc.history.prefix(3)) == [
            "view.safeAreaInsetsDidChange 69.0", "viewSafeAreaInsetsDidChange 69.0", "viewWillLayoutSubviews",
        ])
        vc.history = []
        vc.view.setNeedsLayout()
        app.window.layoutIfNeeded()                           // no change: no callback
        #expect(vc.history == ["viewWillLayoutSubviews"])
    }

    @Test func layoutMarginChangesReachTheControllerAfterItsView() {
        let vc = Controller()
        _ = AppDriver(rootViewController: vc)
        vc.history = []
        vc.view.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(vc.history == ["view.layoutMarginsDidChange", "viewLayoutMarginsDidChange"])
        vc.history = []
        vc.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8)
        #expect(vc.history == ["view.layoutMarginsDidChange", "viewLayoutMarginsDidChange"])
    }
}
