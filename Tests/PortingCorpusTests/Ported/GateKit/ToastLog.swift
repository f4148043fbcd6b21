//
//  ToastLog.swift
//  GateKit
//

#if (canImport(UIKit) || canImport(Flipbook)) && !os(watchOS)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// What a queue did, in order ("queued One", "show One", "hide One", …).
public final class ToastLog {
    public private(set) var entries: [String] = []

    public init() {}

    func record(_ entry: String) {
        entries.append(entry)
    }
}
#endif
