import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// One page of the deck: a pet's card in the middle of the screen. Tapping the card
/// presents the pet's `RevealViewController` with the flip-and-zoom transition; this
/// controller is that transition's delegate (docs/Semantics.md, "Modal presentation").
final class CardViewController: UIViewController {
    /// The corner radius of a card, in points; the flip's snapshot starts with it.
    static let cardCornerRadius: CGFloat = 25

    /// The card's size, in points.
    static let cardSize = CGSize(width: 300, height: 440)

    let pet: Pet
    /// The page's position in the deck.
    let pageIndex: Int
    /// The card; its frame is where the presentation starts and the dismissal ends.
    let cardView: CardView

    init(pet: Pet, pageIndex: Int) {
        self.pet = pet
        self.pageIndex = pageIndex
        cardView = CardView(pet: pet)
        super.init(nibName: nil, bundle: nil)
    }

    /// Pages are built in code; an archive gives no page.
    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear
        cardView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(cardView)
        NSLayoutConstraint.activate([
            cardView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            cardView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            cardView.widthAnchor.constraint(equalToConstant: Self.cardSize.width),
            cardView.heightAnchor.constraint(equalToConstant: Self.cardSize.height),
        ])
        // The one change from the iOS code: target-action takes a closure, not a selector
        // (docs/Porting.md). On iOS: addTarget(self, action: #selector(handleTap), for: .touchUpInside).
        cardView.addTarget(self, action: { $0.handleTap() }, for: .touchUpInside)
    }

    /// Presents the pet's reveal screen with the custom transition.
    func handleTap() {
        let revealVC = RevealViewController(pet: pet)
        revealVC.modalPresentationStyle = .fullScreen
        revealVC.transitioningDelegate = self
        present(revealVC, animated: true, completion: nil)
    }
}

extension CardViewController: UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        return PresentAnimationController(originFrame: cardView.frame)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard let revealVC = dismissed as? RevealViewController else { return nil }
        return DismissAnimationController(
            destinationFrame: cardView.frame, interactionController: revealVC.swipeInteractionController)
    }

    /// Interactive only while the swipe is in progress: the Done button's dismissal is not.
    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        guard let dismissAnimator = animator as? DismissAnimationController,
            let interactionController = dismissAnimator.interactionController,
            interactionController.interactionInProgress
        else { return nil }
        return interactionController
    }
}
