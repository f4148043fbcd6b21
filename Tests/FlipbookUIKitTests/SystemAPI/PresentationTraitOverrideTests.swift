import Foundation
import Testing
import TestSupport
import Flipbook

/// `UIPresentationController.overrideTraitCollection`: the presented controller, its views and
/// its children take the presentation's overrides (a transition library sets the level in its
/// presentation controller's initialiser).
@MainActor private final class LevelPresentationController: UIPresentationController {
    var changes: [String] = []
    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        overrideTraitCollection = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceLevel: .elevated), UITraitCollection(horizontalSizeClass: .regular),
        ])
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append("\(previousTraitCollection?.userInterfaceStyle.rawValue ?? -1)->\(traitCollection.userInterfaceStyle.rawValue)")
    }
}

@MainActor private final class LevelDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var made: LevelPresentationController?
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let controller = LevelPresentationController(presentedViewController: presented, presenting: presenting)
        made = controller
        return controller
    }
}

@MainActor private final class PresentedTraitRecorder: UIViewController {
    var changes: [UIUserInterfaceStyle] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(traitCollection.userInterfaceStyle)
    }
}

@MainActor private final class PresentedTraitRecordingView: UIView {
    var changes: [UIUserInterfaceStyle] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(traitCollection.userInterfaceStyle)
    }
}

@Suite(.freshRuntime) @MainActor struct PresentationTraitOverrideTests {
    @Test func thePresentedControllerTakesThePresentationsOverrides() throws {
        let presenter = UIViewController()
        let app = AppDriver(rootViewController: presenter)
        let presented = PresentedTraitRecorder()
        let child = PresentedTraitRecorder()
        presented.addChild(child)
        presented.view.addSubview(child.view)
        child.didMove(toParent: presented)
        let view = PresentedTraitRecordingView()
        child.view.addSubview(view)
        let delegate = LevelDelegate()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        presenter.present(presented, animated: false, completion: nil)
        app.advanceFrames(2)
        let controller = try #require(delegate.made)
        #expect(presented.presentationController === controller)
        #expect(controller.traitCollection.userInterfaceLevel == .elevated)
        #expect(presented.traitCollection.userInterfaceLevel == .elevated)
        #expect(presented.traitCollection.horizontalSizeClass == .regular)
        #expect(presented.traitCollection.displayScale == presenter.traitCollection.displayScale, "the rest is the presenter's")
        #expect(child.traitCollection.userInterfaceLevel == .elevated)
        #expect(view.traitCollection.horizontalSizeClass == .regular)
        #expect(presenter.traitCollection.userInterfaceLevel == .base)
        #expect(presenter.traitCollection.horizontalSizeClass == .compact)

        // The child had traits before the presentation (its view was in the presented view):
        // the presentation's level and size class are a change for it.
        #expect(child.changes == [.light] && view.changes == [.light] && presented.changes.isEmpty)
        child.changes = []
        view.changes = []

        // A change while presenting reaches the presentation, the presented controller, its
        // child and their views, once each.
        controller.overrideTraitCollection = UITraitCollection(userInterfaceStyle: .dark)
        #expect(controller.changes == ["1->2"])
        #expect(presented.changes == [.dark], "\(presented.changes)")
        #expect(child.changes == [.dark], "\(child.changes)")
        #expect(view.changes == [.dark], "\(view.changes)")
        #expect(presented.traitCollection.userInterfaceLevel == .base, "the new override replaces the old")
        #expect(presented.view.traitCollection.userInterfaceStyle == .dark)
        #expect(presenter.traitCollection.userInterfaceStyle == .light)
        controller.overrideTraitCollection = UITraitCollection(userInterfaceStyle: .dark)
        #expect(presented.changes == [.dark], "the same traits are no change")
        controller.overrideTraitCollection = nil
        #expect(presented.changes == [.dark, .light], "\(presented.changes)")
        #expect(view.changes == [.dark, .light], "\(view.changes)")
        #expect(controller.overrideTraitCollection == nil)

        // After the dismissal the override no longer applies.
        controller.overrideTraitCollection = UITraitCollection(userInterfaceStyle: .dark)
        presented.dismiss(animated: false, completion: nil)
        app.advanceFrames(2)
        #expect(presented.presentingViewController == nil)
        #expect(presented.traitCollection.userInterfaceLevel != .elevated)
    }
}
