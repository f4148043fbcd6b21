//
//  SheetSizing.swift
//  SheetKit
//
//  Lets the presented screen choose its sheet's height, the way drawer libraries ask their
//  content controller, with optional methods that return a value.
//

import UIKit

/// Adopted by a presented view controller that wants a say in its sheet.
@objc public protocol SheetSizing {
    /// The sheet's height in a container `containerHeight` points tall; the sheet covers
    /// `heightFraction` of the container when this is not implemented.
    @objc optional func sheetHeight(inContainerOfHeight containerHeight: CGFloat) -> CGFloat

    /// Whether a tap on the dimming view dismisses the sheet (it does when not implemented).
    @objc optional func sheetDismissesOnDimmingTap() -> Bool
}
