//
//  ToastTiming.swift
//  GateKit
//

#if canImport(CoreGraphics) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// How long queued and badge toasts stay, and how they move.
public enum ToastTiming {
    /// The stay of each toast of a queue, in seconds.
    public static let queuedStay: Double = 0.6
    /// The stay of a badge toast before it leaves by itself.
    public static let badgeStay: Double = 1.2
    /// How far a badge toast travels when it comes and goes.
    public static let badgeTravel: CGFloat = 90
}
#endif
