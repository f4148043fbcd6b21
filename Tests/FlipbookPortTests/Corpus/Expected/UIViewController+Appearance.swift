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
        UIViewController.flipbookInterposeViewDidAppear { $0.cardKit_viewDidAppear($1) }
    }()

    func cardKit_viewDidAppear(_ animated: Bool) {
        flipbookOriginalViewDidAppear(animated)
    }
}
