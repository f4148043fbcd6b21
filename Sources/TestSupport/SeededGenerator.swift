import FlipbookQuartz

/// A fixed pseudo-random sequence for tests, so a failure names a reproducible case: the same
/// SplitMix64 the app runtimes draw from (FlipbookQuartz/RandomNumbers.swift), its state in view.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var core: SplitMix64
    public var state: UInt64 { core.state }
    public init(state: UInt64) { core = SplitMix64(seed: state) }

    public mutating func next() -> UInt64 { core.next() }

    /// A double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
