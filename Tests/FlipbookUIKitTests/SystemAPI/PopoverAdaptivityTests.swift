import Foundation
import Testing
import TestSupport
import Flipbook

@MainActor
private final class PopoverDelegate: NSObject, UIPopoverPresentationControllerDelegate {
    var answer: UIModalPresentationStyle?
    var log: [String] = []
    func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle {
        log.append("adaptive \(traitCollection.horizontalSizeClass == .compact ? "compact" : "regular")")
        return answer ?? .automatic
    }
    func presentationController(
        _ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
        transitionCoordinator: (any UIViewControllerTransitionCoordinator)?
    ) {
        log.append("will present \(style.rawValue)")
    }
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
        log.append("prepare")
    }
}

/// `.popover`, UIPopoverPresentationController and adaptivity (issue 25 E, part 4).
@Suite(.freshRuntime) @MainActor struct PopoverAdaptivityTests {
    func makeApp(_ device: UIScreen.Device) -> (AppDriver, UIViewController, UIButton) {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: device)
        let button = UIButton(frame: CGRect(x: 100, y: 200, width: 80, height: 40))
        root.view.addSubview(button)
        return (app, root, button)
    }

    @Test func onAPhoneAPopoverAdaptsToFullScreen() {
        let (app, root, button) = makeApp(.iPhone15)
        let content = UIViewController()
        #expect(content.popoverPresentationController == nil)
        content.modalPresentationStyle = .popover
        let popover = try! #require(content.popoverPresentationController)
        popover.sourceView = button
        let delegate = PopoverDelegate()
        popover.delegate = delegate
        root.present(content, animated: true)
        app.advance(by: 1)
        #expect(delegate.log == ["adaptive compact", "will present \(UIModalPresentationStyle.fullScreen.rawValue)"])
        #expect(content.presentationController === popover)
        #expect(popover.adaptivePresentationStyle == .fullScreen)
        #expect(content.view.frame == app.window.bounds)
        #expect(root.viewIfLoaded?.window == nil)          // full screen: the presenter's view left
        #expect(popover.arrowDirection == .unknown)
    }

    @Test func aDelegateAnsweringNoneKeepsThePopoverOnAPhone() {
        let (app, root, button) = makeApp(.iPhone15)
        let content = UIViewController()
        content.preferredContentSize = CGSize(width: 200, height: 150)
        content.modalPresentationStyle = .popover
        let popover = try! #require(content.popoverPresentationController)
        popover.sourceView = button
        popover.backgroundColor = .yellow
        let delegate = PopoverDelegate()
        delegate.answer = UIModalPresentationStyle.none
        popover.delegate = delegate
        root.present(content, animated: true)
        app.advance(by: 1)
        #expect(delegate.log == ["adaptive compact", "will present \(UIModalPresentationStyle.none.rawValue)", "prepare"])
        // Below the button (maxY 240), arrow 13 points, centred on it (midX 140).
        #expect(content.view.frame == CGRect(x: 40, y: 253, width: 200, height: 150))
        #expect(popover.arrowDirection == .up)
        #expect(root.view.window != nil)                   // the presenter stays under the popover
        #expect(content.view.backgroundColor == .yellow)
        content.dismiss(animated: true)
        app.advance(by: 1)
        #expect(root.presentedViewController == nil)
    }

    @Test func onAnIPadAPopoverStaysOneAndAvoidsTheBottom() {
        let (app, root, button) = makeApp(.iPad)
        button.frame = CGRect(x: 600, y: 1000, width: 80, height: 40)
        let content = UIViewController()
        content.preferredContentSize = CGSize(width: 300, height: 400)
        content.modalPresentationStyle = .popover
        content.popoverPresentationController?.sourceView = button
        content.popoverPresentationController?.sourceRect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let delegate = PopoverDelegate()
        content.popoverPresentationController?.delegate = delegate
        root.present(content, animated: false)
        #expect(delegate.log == ["will present \(UIModalPresentationStyle.none.rawValue)", "prepare"])
        #expect(content.popoverPresentationController?.arrowDirection == .down)
        // Above the source rect (600…610, 1000…1010), right-aligned within the 10-point margins.
        #expect(content.view.frame == CGRect(x: 455, y: 1000 - 13 - 400, width: 300, height: 400))
        withExtendedLifetime(app) {}
    }

    @Test func defaultDelegateMethodsMeanNotImplemented() {
        final class Empty: NSObject, UIAdaptivePresentationControllerDelegate {}
        let controller = UIPresentationController(presentedViewController: UIViewController(), presenting: nil)
        let empty = Empty()
        #expect(empty.adaptivePresentationStyle(for: controller) == .automatic)
        #expect(empty.adaptivePresentationStyle(for: controller, traitCollection: UITraitCollection()) == .automatic)
        #expect(empty.presentationControllerShouldDismiss(controller))
        #expect(empty.presentationController(controller, viewControllerForAdaptivePresentationStyle: .fullScreen) == nil)
        controller.delegate = empty
        #expect(controller.delegate === empty)
        #expect(UIPopoverArrowDirection.any.rawValue == 15 && UIPopoverArrowDirection.unknown.rawValue == UInt.max)
    }
}
