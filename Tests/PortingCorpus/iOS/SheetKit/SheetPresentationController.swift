//
//  SheetPresentationController.swift
//  SheetKit
//
//  A bottom sheet: the presented screen takes the lower part of the container over a
//  dimming view that dismisses the sheet when tapped.
//

import UIKit

public final class SheetPresentationController: UIPresentationController {

    /// How much of the container's height the sheet covers.
    public var heightFraction: CGFloat = 0.7

    /// Radius of the sheet's top corners.
    public var cornerRadius: CGFloat = 16

    /// Called when the dimming view is tapped, before the sheet is dismissed.
    public var onDimmingTap: (() -> Void)?

    let dimmingView: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(white: 0, alpha: 0.45)
        view.alpha = 0
        return view
    }()

    override public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        let tap = UITapGestureRecognizer(target: self, action: #selector(dimmingTapped))
        dimmingView.addGestureRecognizer(tap)
    }

    @objc private func dimmingTapped() {
        guard (presentedViewController as? SheetSizing)?.sheetDismissesOnDimmingTap?() ?? true else { return }
        onDimmingTap?()
        presentedViewController.dismiss(animated: true, completion: nil)
    }
}
