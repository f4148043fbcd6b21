//
//  UIViewController+Deck.swift
//  DeckKit
//
//  Presenting a deck card from any controller, the transition kept on the card itself, and
//  the card's geometry. (UIKit comes in through DeckKit's umbrella header.)
//

import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

private struct AssociatedKeys {
    static var deckTransition: UInt8 = 0
}

extension UIViewController {

    /// The deck transition that presented this controller. UIKit holds a transitioning
    /// delegate weakly, so the card keeps its own for as long as it lives.
    public var deckTransition: DeckTransition? {
        get {
            return objc_getAssociatedObject(self, &AssociatedKeys.deckTransition) as? DeckTransition
        }
        set {
            objc_setAssociatedObject(self, &AssociatedKeys.deckTransition, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// Presents `viewController` as a card over this controller's screen.
    public func presentDeck(_ viewController: UIViewController,
                            delegate: DeckTransitionDelegate? = nil,
                            completion: (() -> Void)? = nil) {
        let transition = DeckTransition(delegate: delegate)
        viewController.deckTransition = transition
        viewController.transitioningDelegate = transition
        viewController.modalPresentationStyle = .custom
        viewController.modalPresentationCapturesStatusBarAppearance = true
        present(viewController, animated: true, completion: completion)
    }
}

/// Where the card and the screen behind it go.
public enum DeckLayout {

    /// The gap between the top of the screen and the card.
    public static let topInset: CGFloat = 56

    /// How small the presenting screen gets behind the card.
    public static let presentingScale: CGFloat = 0.92

    public static func cardFrame(in bounds: CGRect) -> CGRect {
        return CGRect(x: bounds.minX, y: bounds.minY + topInset,
                      width: bounds.width, height: bounds.height - topInset)
    }

    /// The presenting screen's transform, from none (`progress` 0) to fully pushed back (1):
    /// smaller, and moved up so that its top shows just above the card.
    public static func presentingTransform(progress: CGFloat, in bounds: CGRect) -> CGAffineTransform {
        let scale = 1 - (1 - presentingScale) * progress
        let shrunkTop = bounds.height * (1 - presentingScale) / 2
        let lift = (shrunkTop - topInset / 2) * progress
        return CGAffineTransform(translationX: 0, y: -lift).scaledBy(x: scale, y: scale)
    }

    public static func roundTopCorners(of view: UIView, radius: CGFloat) {
        view.layer.cornerRadius = radius
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.clipsToBounds = true
    }
}
