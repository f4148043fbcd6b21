import Foundation
import Testing
import TestSupport
import Flipbook

/// The short forms real iOS code writes, relying on Apple's default arguments and on
/// Objective-C methods' results being discardable. This file compiling (without warnings about
/// unused results) is the test; the body runs them once so they are not dead code.
@MainActor
@Suite(.freshRuntime) struct DefaultArgumentsCompileTests {
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

    /// A second batch: containers, scroll and list views, dynamics, Core Animation and
    /// property animators in the forms Apple's Swift interface allows.
    @Test func moreShortFormsCompileAndRun() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.view.addSubview(box)

        // Navigation and tabs.
        let first = UIViewController()
        let nav = UINavigationController(rootViewController: first)
        nav.setViewControllers([first, UIViewController()], animated: false)
        nav.popToViewController(first, animated: false)
        nav.setNavigationBarHidden(true, animated: false)
        nav.setToolbarHidden(true, animated: false)
        let tabs = UITabBarController()
        tabs.setViewControllers([nav, UIViewController()], animated: false)
        root.show(UIViewController(), sender: nil)
        app.runScript()
        root.dismiss(animated: false)
        root.setEditing(true, animated: false)
        #expect(root.isEditing)

        // Property animators and timing parameters.
        let a1 = UIViewPropertyAnimator(duration: 0.2, curve: .linear)
        a1.addAnimations({ box.alpha = 0.4 }, delayFactor: 0.5)
        a1.addCompletion { _ in }
        a1.startAnimation(afterDelay: 0)
        a1.pauseAnimation()
        a1.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        let a2 = UIViewPropertyAnimator(duration: 0.2, controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))
        a2.startAnimation()
        a2.stopAnimation(true)
        _ = UIViewPropertyAnimator(duration: 0.2, timingParameters: UISpringTimingParameters(dampingRatio: 0.8))
        _ = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 1, dy: 0))
        _ = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero)
        _ = UICubicTimingParameters(animationCurve: .easeIn)
        UIView.animate(withDuration: 0.1, delay: 0, options: [], animations: { box.alpha = 1 }, completion: nil)
        UIView.performWithoutAnimation { box.alpha = 1 }
        UIView.transition(with: box, duration: 0.1, options: [.transitionFlipFromLeft], animations: nil)
        UIView.animateKeyframes(withDuration: 0.1, delay: 0, options: [.calculationModeLinear], animations: {})

        // Core Animation.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        box.layer.add(fade, forKey: nil)
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.damping = 12
        box.layer.add(spring, forKey: "spring")
        let keyframes = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        keyframes.values = [0, CGFloat.pi]
        box.layer.add(keyframes, forKey: "spin")
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.2)
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock {}
        CATransaction.commit()
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        box.layer.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        box.layer.transform = CATransform3DIdentity
        _ = UIBezierPath(roundedRect: box.bounds, cornerRadius: 4)
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        arc.addArc(withCenter: .zero, radius: 5, startAngle: .pi, endAngle: 0, clockwise: false)
        _ = UIBezierPath(roundedRect: box.bounds, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 4, height: 4))
        #expect(arc.contains(CGPoint(x: 0, y: 7)))

        // Scroll, table and collection views.
        let scroll = UIScrollView(frame: root.view.bounds)
        scroll.contentSize = CGSize(width: 100, height: 2000)
        root.view.addSubview(scroll)
        scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 0, width: 1, height: 1), animated: false)
        let layout = UICollectionViewFlowLayout()
        let collection = UICollectionView(frame: root.view.bounds, collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.performBatchUpdates(nil)
        collection.performBatchUpdates({})
        collection.reloadData()
        let table = UITableView(frame: root.view.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.performBatchUpdates(nil)
        table.reloadData()
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b"])
        snapshot.deleteItems(["b"])

        // Dynamics.
        let animatorView = UIView(frame: root.view.bounds)
        root.view.addSubview(animatorView)
        let item = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        animatorView.addSubview(item)
        let dynamics = UIDynamicAnimator(referenceView: animatorView)
        dynamics.addBehavior(UIGravityBehavior(items: [item]))
        let collision = UICollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 300, y: 300))
        dynamics.addBehavior(collision)
        dynamics.addBehavior(UISnapBehavior(item: item, snapTo: CGPoint(x: 50, y: 50)))
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -1)
        dynamics.addBehavior(push)
        dynamics.addBehavior(UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 20, y: 0)))
        dynamics.removeAllBehaviors()

        // Gestures.
        let pan = UIPanGestureRecognizer()
        box.addGestureRecognizer(pan)
        pan.setTranslation(.zero, in: box)
        _ = pan.velocity(in: box)
        box.removeGestureRecognizer(pan)

        app.runScript()
        #expect(nav.viewControllers.count == 1)
    }

    final class Presenter: UIViewController, UIViewControllerTransitioningDelegate {}
    final class Animator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            guard let toVC = transitionContext.viewController(forKey: .to), let toView = transitionContext.view(forKey: .to) else { return }
            toView.frame = transitionContext.finalFrame(for: toVC)
            container.addSubview(toView)
            _ = transitionContext.initialFrame(for: toVC)
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }

    /// A third batch: what custom transition code around the animator touches.
    @Test func transitionCodeShortFormsCompileAndRun() {
        let root = Presenter()
        let app = AppDriver(rootViewController: root)
        root.definesPresentationContext = true
        let modal = UIViewController()
        modal.modalPresentationStyle = .custom
        modal.modalTransitionStyle = .crossDissolve
        modal.transitioningDelegate = root
        root.present(modal, animated: true)
        modal.transitionCoordinator?.animate(alongsideTransition: { _ in })
        modal.transitionCoordinator?.animate(alongsideTransition: nil, completion: { _ in })
        modal.transitionCoordinator?.notifyWhenInteractionChanges { _ in }
        app.runScript()
        modal.dismiss(animated: true)
        app.runScript()

        // Views, layers and layout in everyday forms.
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(card)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: root.view.centerXAnchor),
            card.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor, constant: 20),
            card.widthAnchor.constraint(equalTo: root.view.widthAnchor, multiplier: 0.8),
            card.heightAnchor.constraint(equalToConstant: 200),
        ])
        card.layer.cornerRadius = 12
        card.layer.cornerCurve = .continuous
        card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.layer.shadowColor = UIColor.black.cgColor
        card.layer.shadowOpacity = 0.2
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        card.layer.shadowPath = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 12).cgPath
        card.backgroundColor = UIColor(white: 0.9, alpha: 1).withAlphaComponent(0.95)
        _ = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        _ = UIColor(hue: 0.5, saturation: 0.5, brightness: 0.5, alpha: 1)
        let label = UILabel()
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        label.font = .preferredFont(forTextStyle: .headline)
        label.textAlignment = .center
        card.addSubview(label)
        let button = UIButton(type: .system)
        button.setTitle("Close", for: .normal)
        button.setTitleColor(.white, for: .normal)
        card.addSubview(button)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let imageView = UIImageView(image: image)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        card.addSubview(imageView)
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 0.2
        label.layer.add(fade, forKey: kCATransition)
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity")]
        group.duration = 0.2
        card.layer.add(group, forKey: "group")
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
        shape.strokeEnd = 0.5
        card.layer.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
        card.layer.insertSublayer(gradient, at: 0)
        root.view.layoutIfNeeded()
        _ = card.convert(card.bounds, to: nil)
        _ = root.view.safeAreaInsets
        _ = UIScreen.main.bounds

        // Sheets.
        let sheet = UIViewController()
        if let controller = sheet.sheetPresentationController {
            controller.detents = [.medium(), .large()]
            controller.prefersGrabberVisible = true
            controller.animateChanges { controller.selectedDetentIdentifier = .large }
        }
        root.present(sheet, animated: false)
        app.runScript()
        sheet.dismiss(animated: false)
        app.runScript()
        #expect(root.presentedViewController == nil)
    }
}
