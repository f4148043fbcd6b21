//
//  UIViewController+Appearance.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Counts appearances for the debug overlay, by swapping `viewDidAppear(_:)` once.
extension UIViewController {
    static let swizzleAppearance: Void = {
        guard let original = class_getInstanceMethod(UIViewController.self, #selector(viewDidAppear(_:))),
            let counted = class_getInstanceMethod(UIViewController.self, #selector(cardKit_viewDidAppear(_:)))
        else { return }
        method_exchangeImplementations(original, counted)
    }()

    func cardKit_viewDidAppear(_ animated: Bool) {
        cardKit_viewDidAppear(animated)
    }
}
