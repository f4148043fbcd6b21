//
//  UIFont+Toast.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

extension UIFont {
    /// The badge's title font.
    static var toastBadge: UIFont {
        .systemFont(ofSize: 15, weight: .semibold)
    }
}
#endif
