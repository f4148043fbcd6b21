//
//  PanelBehavior.swift
//  PanelKit
//
//  How a floating panel settles: an Objective-C protocol whose optional properties are read
//  with the default behaviour's own values as the fallback, the attributes written on a line
//  of their own above each member.
//

import UIKit

@objc
public protocol PanelBehavior {
    /// How long the panel takes to settle after a fling.
    @objc optional
    var settleDuration: TimeInterval { get }

    /// How far past an anchor a drag stretches.
    @objc optional
    var rubberBandLimit: CGFloat { get }

    /// The progress past which a released drag moves on to the next anchor.
    @objc optional
    func redirectionProgress(from: Int, to: Int) -> CGFloat
}

open class PanelDefaultBehavior: NSObject, PanelBehavior {
    open var settleDuration: TimeInterval { 0.4 }
    open var rubberBandLimit: CGFloat { 24 }
    open func redirectionProgress(from: Int, to: Int) -> CGFloat { 0.5 }
}

/// What the panel reads: the behaviour's value, else the default behaviour's.
final class PanelBehaviorAdapter {
    var behavior: PanelBehavior

    init(behavior: PanelBehavior) {
        self.behavior = behavior
    }

    var settleDuration: TimeInterval {
        behavior.settleDuration ?? PanelDefaultBehavior().settleDuration
    }

    var rubberBandLimit: CGFloat {
        behavior.rubberBandLimit ?? PanelDefaultBehavior().rubberBandLimit
    }

    func redirectionProgress(from: Int, to: Int) -> CGFloat {
        behavior.redirectionProgress?(from: from, to: to) ?? PanelDefaultBehavior().redirectionProgress(from: from, to: to)
    }
}
