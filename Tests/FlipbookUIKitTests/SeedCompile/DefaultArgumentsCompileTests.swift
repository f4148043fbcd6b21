import Foundation
import Testing
import TestSupport
import Flipbook

/// The short forms real iOS code writes, relying on Apple's default arguments and on
/// Objective-C methods' results being discardable. This file compiling (without warnings about
/// unused results) is the test; the body runs them once so they are not dead code.
@MainActor
@Suite(.cleanClock) struct DefaultArgumentsCompileTests {
    final class Feed: UIViewController {
        override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        override var prefersStatusBarHidden: Bool { false }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
        }
    }

    @Test func shortFormsCompileAndRun() {
        let root = Feed()
        let app = AppDriver(rootViewController: root)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.view.addSubview(box)

        // Modal presentation without completions.
        let modal = UIViewController()
        root.present(modal, animated: false)
        modal.dismiss(animated: false)

        // UIView animation forms.
        UIView.animate(withDuration: 0.2) { box.alpha = 0.5 }
        UIView.animate(withDuration: 0.2, animations: { box.alpha = 1 }, completion: nil)
        UIView.animate(withDuration: 0.2, delay: 0, options: .curveEaseOut, animations: { box.center.x = 20 })
        UIView.animate(withDuration: 0.2, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
                       animations: { box.center.y = 20 })
        UIView.animate(springDuration: 0.3, bounce: 0.2) { box.center.x = 30 }
        UIView.animateKeyframes(withDuration: 0.2, delay: 0, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { box.alpha = 0.2 }
        })
        UIView.transition(with: box, duration: 0.2, options: .transitionCrossDissolve, animations: { box.backgroundColor = .red })

        // Property animators; the running one's result is discarded, as on iOS.
        let animator = UIViewPropertyAnimator(duration: 0.2, curve: .easeOut)
        animator.addAnimations { box.alpha = 1 }
        animator.startAnimation()
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.2, delay: 0, options: [], animations: { box.center.x = 40 })
        _ = UIViewPropertyAnimator(duration: 0.2, dampingRatio: 0.7)

        // Navigation: pops discard their results.
        let nav = UINavigationController(rootViewController: UIViewController())
        nav.pushViewController(UIViewController(), animated: false)
        nav.popViewController(animated: false)
        nav.pushViewController(UIViewController(), animated: false)
        nav.popToRootViewController(animated: false)

        // Controls, images, actions.
        let action = UIAction(title: "Like", image: UIImage(systemName: "heart"), state: .on) { _ in }
        let button = UIButton(type: .system, primaryAction: action)
        button.becomeFirstResponder()
        _ = UIImage(systemName: "xmark")!
        _ = UIImage(systemName: "chevron.left", withConfiguration: UIImage.SymbolConfiguration(pointSize: 17, weight: .semibold))
        _ = UIImage(named: "flipbook-no-such-image", in: nil, compatibleWith: nil)
        _ = UIImage(systemName: "play.fill")?.withTintColor(.white, renderingMode: .alwaysOriginal)
        let imageView = UIImageView(image: UIImage(systemName: "pause.fill"))
        imageView.preferredSymbolConfiguration = .init(textStyle: .title2)

        // Traits (iOS 17 closure form), status bar, haptics, Reduce Motion.
        root.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Feed, _: UITraitCollection) in
            self.setNeedsStatusBarAppearanceUpdate()
        }
        box.registerForTraitChanges([UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self]) { (view: UIView, _: UITraitCollection) in
            view.setNeedsLayout()
        }
        root.setNeedsStatusBarAppearanceUpdate()
        let generator = UIImpactFeedbackGenerator(style: .medium)
        generator.prepare()
        generator.impactOccurred()
        if !UIAccessibility.isReduceMotionEnabled { UIView.animate(withDuration: 0.1) { box.alpha = 1 } }
        let dynamic = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        box.backgroundColor = dynamic.resolvedColor(with: root.traitCollection)

        app.runScript()
        #expect(app.haptics.occurrences.count == 1)
        #expect(app.statusBarAppearance.style == .lightContent)
        #expect(action.state == .on)
    }
}
