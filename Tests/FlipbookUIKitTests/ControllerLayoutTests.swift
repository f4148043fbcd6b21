import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller's layout hooks bracket its view's layout pass.
@MainActor
@Suite(.freshRuntime) struct ControllerLayoutTests {
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

/// `additionalSafeAreaInsets` reaches the controller's view and its subviews, as in UIKit.
@Suite(.freshRuntime) @MainActor
struct AdditionalSafeAreaTests {
    @Test func additionalInsetsAddToTheInheritedSafeArea() {
        let app = AppDriver(rootViewController: UIViewController(), device: .iPhone15)
        let root = app.rootViewController!
        let child = UIView(frame: root.view.bounds)
        root.view.addSubview(child)
        root.view.layoutIfNeeded()
        let before = root.view.safeAreaInsets
        root.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        root.view.layoutIfNeeded()
        #expect(root.view.safeAreaInsets.top == before.top + 10)
        #expect(root.view.safeAreaInsets.bottom == before.bottom + 20)
        #expect(child.safeAreaInsets.top == before.top + 10)
        // A view loaded after the insets were set gets them too.
        let late = UIViewController()
        late.additionalSafeAreaInsets = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        late.view.frame = root.view.bounds
        root.view.addSubview(late.view)
        root.view.layoutIfNeeded()
        #expect(late.view.safeAreaInsets.top == before.top + 10 + 5)  // its parent's extra 10 as well
    }
}
