import Foundation
import FlipbookGeometry

/// Core Foundation's absolute time: seconds since 1 January 2001, 00:00 GMT.
public typealias CFAbsoluteTime = CFTimeInterval

/// Seconds from 1 January 1970 to 1 January 2001, Core Foundation's constant.
public let kCFAbsoluteTimeIntervalSince1970: CFTimeInterval = 978_307_200

/// The current absolute time, Core Foundation's `CFAbsoluteTimeGetCurrent`. Code measures
/// gestures' velocities with it, so in Flipbook it follows the app's media clock: a fixed
/// start (`MediaClock.absoluteTimeOrigin`) plus `CACurrentMediaTime()`. Differences between
/// two readings are media time, the same on every run whatever the machine's load
/// (docs/Divergences.md, "Timers").
@preconcurrency @MainActor
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    MediaClock.absoluteTimeOrigin + CACurrentMediaTime()
}

extension MediaClock {
    /// The absolute time at media time 0: 2026-01-01 00:00 GMT, so readings look like dates.
    public static let absoluteTimeOrigin: CFAbsoluteTime = 788_918_400
}
