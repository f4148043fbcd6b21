//
//  SheetSizing.swift
//  SheetKit
//
//  Lets the presented screen choose its sheet's height, the way drawer libraries ask their
//  content controller, with optional methods that return a value.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Adopted by a presented view controller that wants a say in its sheet.
public protocol SheetSizing: AnyObject {
    /// The sheet's height in a container `containerHeight` points tall; the sheet covers
    /// `heightFraction` of the container when this is not implemented.
    func sheetHeight(inContainerOfHeight containerHeight: CGFloat) -> CGFloat

    /// Whether a tap on the dimming view dismisses the sheet (it does when not implemented).
    func sheetDismissesOnDimmingTap() -> Bool
}

extension SheetSizing {
    public func sheetHeight(inContainerOfHeight containerHeight: CGFloat) -> CGFloat { PortedOptionalRequirement.notImplemented(returning: 0) }
    public func sheetDismissesOnDimmingTap() -> Bool { true }
}
