//
//  CardTransitionDelegate.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Told about a card's presentation; everything but the source frame is optional.
public protocol CardTransitionDelegate: AnyObject {
    /// Where the card starts, in window coordinates.
    func sourceFrame(for transition: CardTransition) -> CGRect

    func cardTransitionWillBegin(_ transition: CardTransition)
    func cardTransition(_ transition: CardTransition, didFinish completed: Bool)
    /// A view to fly instead of the presented controller's view.
    func snapshotView(for transition: CardTransition) -> UIView?
}

extension CardTransitionDelegate {
    public func cardTransitionWillBegin(_ transition: CardTransition) {}
    public func cardTransition(_ transition: CardTransition, didFinish completed: Bool) {}
    public func snapshotView(for transition: CardTransition) -> UIView? { nil }
}
