import Foundation

#if !canImport(Darwin)
/// Seconds, Core Foundation's `CFTimeInterval` (a `Double`); Foundation on Linux lacks the alias.
public typealias CFTimeInterval = Double
#endif
