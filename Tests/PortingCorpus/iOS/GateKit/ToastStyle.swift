//
//  ToastStyle.swift
//  GateKit
//

#if os(iOS) || os(tvOS)
import UIKit

enum ToastStyle {
    #if os(iOS)
    static let cornerRadius: CGFloat = 14
    static let height: CGFloat = 48
    #elseif os(tvOS)
    static let cornerRadius: CGFloat = 30
    static let height: CGFloat = 120
    #endif

    static var background: UIColor {
        #if os(tvOS)
        return .black
        #else
        return UIColor(red: 0.16, green: 0.18, blue: 0.24, alpha: 0.94)
        #endif
    }
}
#endif
