//
//  UIViewController+Appearance.swift
//  CardKit
//

import UIKit
import ObjectiveC

/// Counts appearances for the debug overlay, by swapping `viewDidAppear(_:)` once.
extension UIViewController {
    static let swizzleAppearance: Void = {
        guard let original = class_getInstanceMethod(UIViewController.self, #selector(viewDidAppear(_:))),
            let counted = class_getInstanceMethod(UIViewController.self, #selector(cardKit_viewDidAppear(_:)))
        else { return }
        method_exchangeImplementations(original, counted)
    }()

    @objc func cardKit_viewDidAppear(_ animated: Bool) {
        cardKit_viewDidAppear(animated)
    }
}
