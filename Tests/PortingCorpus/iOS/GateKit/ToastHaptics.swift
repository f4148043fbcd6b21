//
//  ToastHaptics.swift
//  GateKit
//

#if os(iOS)
import UIKit

/// A success tap when a toast appears (iPhone only: tvOS has no haptics).
public final class ToastHaptics {
    public static let shared = ToastHaptics()
    private let generator = UINotificationFeedbackGenerator()
    public private(set) var taps = 0

    func shown() {
        generator.notificationOccurred(.success)
        taps += 1
    }
}
#endif
