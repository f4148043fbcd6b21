//
//  UIColor+Toast.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

extension UIColor {
    /// The badge's background: near black in light mode, a lighter grey in dark mode.
    static var toastBadgeBackground: UIColor {
        UIColor { traits in
            traits.userInterfaceStyle == .dark
                ? UIColor(white: 0.25, alpha: 0.95)
                : UIColor(white: 0.1, alpha: 0.92)
        }
    }

    /// The progress bar's fill.
    static let toastProgress = UIColor(red: 0.35, green: 0.8, blue: 0.45, alpha: 1)
}
#endif
