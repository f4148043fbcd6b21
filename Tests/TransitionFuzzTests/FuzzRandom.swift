import TestSupport

/// The fuzzer's seeded generator (TestSupport's SplitMix64): the same seed gives the same
/// sequence on every machine, which `SystemRandomNumberGenerator` does not.
struct FuzzRandom: RandomNumberGenerator {
    private var core: SeededGenerator

    init(seed: UInt64) { core = SeededGenerator(state: seed) }

    mutating func next() -> UInt64 { core.next() }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A value in `range`, rounded to `places` decimals (so printed sequences replay exactly).
    mutating func decimal(_ range: ClosedRange<Double>, places: Int = 2) -> Double {
        let scale = pow10(places)
        return (Double.random(in: range, using: &self) * scale).rounded() / scale
    }

    mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &self)] }
}

func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { r, _ in r * 10 } }
