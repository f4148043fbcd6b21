//
//  ToastMetrics.swift
//  GateKit
//

#if canImport(CoreGraphics) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Sizes of the badge toast.
enum ToastMetrics {
    static let badgeHeight: CGFloat = 56
    static let iconSize: CGFloat = 28
    static let progressHeight: CGFloat = 3
    static let padding: CGFloat = 14
}
#endif
