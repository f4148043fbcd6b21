//
//  ToastPosition.swift
//  GateKit
//

#if os(iOS) || os(tvOS)
import UIKit

/// Where a badge toast sits.
public enum ToastPosition {
    case top
    case bottom

    /// The badge's frame of `size` in `bounds`, clear of the safe area.
    func frame(for size: CGSize, in bounds: CGRect, safeArea: UIEdgeInsets) -> CGRect {
        #if os(iOS)
        let margin: CGFloat = 12
        #else
        let margin: CGFloat = 60
        #endif
        let x = bounds.midX - size.width / 2
        switch self {
        case .top:
            return CGRect(x: x, y: bounds.minY + safeArea.top + margin, width: size.width, height: size.height)
        case .bottom:
            return CGRect(x: x, y: bounds.maxY - safeArea.bottom - margin - size.height, width: size.width, height: size.height)
        }
    }

    /// Which way the badge leaves: up from the top, down from the bottom.
    var exitSign: CGFloat {
        self == .top ? -1 : 1
    }
}
#endif
