/// A small seeded generator (SplitMix64): the same seed gives the same sequence on every
/// machine, which `SystemRandomNumberGenerator` does not.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
