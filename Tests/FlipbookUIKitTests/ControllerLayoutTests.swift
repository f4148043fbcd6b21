import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller's layout hooks bracket its view's layout pass.
@MainActor
@Suite(.cleanClock) struct ControllerLayoutTests {
    final class LoggingView: UIView {
        var log: (String) -> Void = { _ in }
        override func layoutSubviews() {
            super.layoutSubviews()
            log("view.layoutSubviews")
        }
    }

    final class LoggingController: UIViewController {
        var history: [String] = []
        override func loadView() {
            let view = LoggingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.log = { [unowned self] in self.history.append($0) }
            self.view = view
        }
        override func viewWillLayoutSubviews() { history.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { history.append("viewDidLayoutSubviews") }
    }

    @Test func layoutPassCallsTheHooksAroundLayoutSubviews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = LoggingController()
        window.makeKeyAndVisible()
        window.rootViewController = controller
        window.layoutIfNeeded()
        controller.history.removeAll()
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        #expect(controller.history == ["viewWillLayoutSubviews", "view.layoutSubviews", "viewDidLayoutSubviews"])
    }

    @Test func aViewWithoutAControllerCallsNoHooks() {
        let controller = LoggingController()
        let other = LoggingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        other.log = { controller.history.append($0) }
        other.setNeedsLayout()
        other.layoutIfNeeded()
        #expect(controller.history == ["view.layoutSubviews"])
    }
}
