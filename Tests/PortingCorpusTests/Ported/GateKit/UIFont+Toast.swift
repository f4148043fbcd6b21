//
//  UIFont+Toast.swift
//  GateKit
//

#if canImport(UIKit) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension UIFont {
    /// The badge's title font.
    static var toastBadge: UIFont {
        .systemFont(ofSize: 15, weight: .semibold)
    }
}
#endif
