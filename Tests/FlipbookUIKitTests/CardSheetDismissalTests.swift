import Foundation
import Testing
import TestSupport
import Flipbook

/// A card sheet in the style of public "stork" libraries: its presentation controller pins a
/// view behind the card with constraints, deactivates them and hands the view back to
/// autoresizing when the dismissal begins, and sets the card's frame in
/// `containerViewWillLayoutSubviews` (as Apple's sample presentation controllers do). A pan has
/// left a translation on the card; the dismissal animator moves the card off screen by `frame`.
/// On iOS the card slides down from where the finger left it: nothing lays the container out
/// in the middle of the dismissal, and the frame set under the translation is the frame seen.
@Suite("Card sheet dismissal", .freshRuntime)
@MainActor
struct CardSheetDismissalTests {
    final class Sheet: UIPresentationController {
        let backdrop = UIView()
        var pins: [NSLayoutConstraint] = []
        var containerLayouts = 0
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let c = containerView else { return .zero }
            return CGRect(x: 0, y: 67, width: c.bounds.width, height: c.bounds.height - 67)
        }
        override func presentationTransitionWillBegin() {
            guard let c = containerView else { return }
            backdrop.backgroundColor = .darkGray
            backdrop.translatesAutoresizingMaskIntoConstraints = false
            c.insertSubview(backdrop, at: 0)
            pins = [
                backdrop.topAnchor.constraint(equalTo: c.topAnchor, constant: 20),
                backdrop.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 16),
                backdrop.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -16),
                backdrop.bottomAnchor.constraint(equalTo: c.bottomAnchor),
            ]
            NSLayoutConstraint.activate(pins)
        }
        override func dismissalTransitionWillBegin() {
            NSLayoutConstraint.deactivate(pins)
            backdrop.translatesAutoresizingMaskIntoConstraints = true
        }
        override func containerViewWillLayoutSubviews() {
            super.containerViewWillLayoutSubviews()
            containerLayouts += 1
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
        func animateTransition(using context: UIViewControllerContextTransitioning) {
            let presenting = context.viewController(forKey: .to)?.presentingViewController != nil
                && context.view(forKey: .to) != nil
            let container = context.containerView
            if presenting, let card = context.view(forKey: .to), let vc = context.viewController(forKey: .to) {
                container.addSubview(card)
                let end = context.finalFrame(for: vc)
                card.frame = end.offsetBy(dx: 0, dy: container.bounds.height)
                UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 1, options: .curveEaseOut) {
                    card.frame = end
                } completion: { _ in context.completeTransition(!context.transitionWasCancelled) }
            } else if let card = context.view(forKey: .from) {
                let off = CGRect(x: 0, y: container.bounds.height, width: card.bounds.width, height: card.bounds.height)
                UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 1, options: .curveEaseIn) {
                    card.frame = off
                } completion: { _ in context.completeTransition(!context.transitionWasCancelled) }
            }
        }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        var sheet: Sheet?
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
            let s = Sheet(presentedViewController: presented, presenting: presenting)
            sheet = s
            return s
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? { Slide() }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { Slide() }
    }

    @Test func theCardLeavesFromWhereThePanLeftIt() throws {
        let host = UIViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        let card = UIViewController()
        card.view.backgroundColor = .systemOrange
        let delegate = Delegate()
        card.transitioningDelegate = delegate
        card.modalPresentationStyle = .custom
        app.at(0.1) { host.present(card, animated: true) }
        app.run(until: 1.0)
        #expect(card.view.frame == CGRect(x: 0, y: 67, width: 393, height: 785))
        let sheet = try #require(delegate.sheet)
        // The pan's leftover translation, then the dismissal.
        app.at(1.1) { card.view.transform = CGAffineTransform(translationX: 0, y: 120) }
        let layoutsBefore = sheet.containerLayouts
        app.at(1.2) { card.dismiss(animated: true) }
        var ys: [CGFloat] = []
        for i in 1...30 {
            app.run(until: 1.2 + Double(i) / 60)
            if let y = card.view.layer.presentation()?.frame.minY { ys.append(y) }
        }
        #expect(sheet.containerLayouts == layoutsBefore, "the container is not laid out during the dismissal")
        #expect(ys.first! >= 187 - 1, "it starts where the pan left it (67 + 120)")
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0.0 <= $0.1 + 1e-6 }, "and only moves down: \(ys)")
        #expect(ys.last! > 800)
        app.run(until: 2.5)
        #expect(host.presentedViewController == nil)
    }
}
