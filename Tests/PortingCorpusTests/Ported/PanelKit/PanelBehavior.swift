//
//  PanelBehavior.swift
//  PanelKit
//
//  How a floating panel settles: an Objective-C protocol whose optional properties are read
//  with the default behaviour's own values as the fallback, the attributes written on a line
//  of their own above each member.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public protocol PanelBehavior: AnyObject {
    /// How long the panel takes to settle after a fling.
    var settleDuration: TimeInterval? { get }

    /// How far past an anchor a drag stretches.
    var rubberBandLimit: CGFloat? { get }

    /// The progress past which a released drag moves on to the next anchor.
    func redirectionProgress(from: Int, to: Int) -> CGFloat
}

extension PanelBehavior {
    public var settleDuration: TimeInterval? { nil }
    public var rubberBandLimit: CGFloat? { nil }
    public func redirectionProgress(from: Int, to: Int) -> CGFloat { PortedOptionalRequirement.notImplemented(returning: 0) }
}

open class PanelDefaultBehavior: NSObject, PanelBehavior {
    open var settleDuration: TimeInterval? { 0.4 }
    open var rubberBandLimit: CGFloat? { 24 }
    open func redirectionProgress(from: Int, to: Int) -> CGFloat { 0.5 }
}

/// What the panel reads: the behaviour's value, else the default behaviour's.
final class PanelBehaviorAdapter {
    var behavior: PanelBehavior

    init(behavior: PanelBehavior) {
        self.behavior = behavior
    }

    var settleDuration: TimeInterval {
        behavior.settleDuration ?? PanelDefaultBehavior().settleDuration!
    }

    var rubberBandLimit: CGFloat {
        behavior.rubberBandLimit ?? PanelDefaultBehavior().rubberBandLimit!
    }

    func redirectionProgress(from: Int, to: Int) -> CGFloat {
        PortedOptionalRequirement.answer({ behavior.redirectionProgress(from: from, to: to) }) ?? PanelDefaultBehavior().redirectionProgress(from: from, to: to)
    }
}
