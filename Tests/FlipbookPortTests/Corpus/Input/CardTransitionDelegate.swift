//
//  CardTransitionDelegate.swift
//  CardKit
//

import UIKit

/// Told about a card's presentation; everything but the source frame is optional.
@objc public protocol CardTransitionDelegate {
    /// Where the card starts, in window coordinates.
    func sourceFrame(for transition: CardTransition) -> CGRect

    @objc optional func cardTransitionWillBegin(_ transition: CardTransition)
    @objc optional func cardTransition(_ transition: CardTransition, didFinish completed: Bool)
    /// A view to fly instead of the presented controller's view.
    @objc optional func snapshotView(for transition: CardTransition) -> UIView?
}
