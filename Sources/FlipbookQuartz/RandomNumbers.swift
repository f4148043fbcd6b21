import Foundation
import FlipbookGeometry

// Random numbers an app draws are its runtime's: a seeded generator per `AppRuntime`, so a
// scene that scatters snapshot tiles with `arc4random()` or `CGFloat.random(in:)` draws the same
// frames on every run, and a golden image of it can be kept (docs/Semantics.md, "Random
// numbers"). These members shadow the standard library's spellings for code that imports
// Flipbook: a concrete type's members win over a protocol extension's. The C library's
// `arc4random()` cannot be shadowed (two modules' global functions are ambiguous), so
// `flipbook port` writes it as `UInt32.random(in:)`. `using:` forms and
// `SystemRandomNumberGenerator` itself stay random.

/// A SplitMix64 sequence (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): 64 bits of state, every output a bijection of it.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A runtime's generator, shared by every thread of its app under a lock.
package final class RuntimeRandom: Sendable {
    /// The seed every runtime starts from.
    package static let defaultSeed: UInt64 = 0x466C_6970_626F_6F6B  // "Flipbook"
    private let generator = LockedValue(SplitMix64(seed: defaultSeed))

    package init() {}

    package func next() -> UInt64 { generator.withLock { $0.next() } }

    package func reseed(_ seed: UInt64) { generator.withLock { $0 = SplitMix64(seed: seed) } }

    /// The generator of the runtime bound to this task, else the process runtime's.
    package static var current: RuntimeRandom { RuntimeBinding.bound?.random ?? process }

    /// The process runtime's generator (`AppRuntime.process.random`). It is also named here
    /// because `AppRuntime.process` can be read on the main actor only, and code drawing with no
    /// runtime bound may run on any thread; it is immutable, its sequence behind a lock.
    package static let process = RuntimeRandom()
}

/// A `RandomNumberGenerator` drawing from the current runtime's sequence.
public struct FlipbookRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private let source: RuntimeRandom
    public init() { source = .current }
    public mutating func next() -> UInt64 { source.next() }
}

extension AppRuntime {
    /// Starts this runtime's random numbers (`arc4random()`, `CGFloat.random(in:)`, …) again
    /// from `seed`; every runtime starts from the same seed, so two runs draw alike.
    public func seedRandomNumbers(_ seed: UInt64) { random.reseed(seed) }
}

/// Runs `body` with the current runtime's sequence as its generator: the one way the members
/// below draw.
@inline(__always)
func drawingFromRuntime<T>(_ body: (inout FlipbookRandomNumberGenerator) -> T) -> T {
    var generator = FlipbookRandomNumberGenerator()
    return body(&generator)
}

// Each type's `random(in:)`, drawn from the current runtime's sequence.

extension CGFloat {
    public static func random(in range: Range<CGFloat>) -> CGFloat { drawingFromRuntime { Self.random(in: range, using: &$0) } }
    public static func random(in range: ClosedRange<CGFloat>) -> CGFloat { drawingFromRuntime { Self.random(in: range, using: &$0) } }
}

extension Double {
    public static func random(in range: Range<Double>) -> Double { drawingFromRuntime { Self.random(in: range, using: &$0) } }
    public static func random(in range: ClosedRange<Double>) -> Double { drawingFromRuntime { Self.random(in: range, using: &$0) } }
}

extension Float {
    public static func random(in range: Range<Float>) -> Float { drawingFromRuntime { Self.random(in: range, using: &$0) } }
    public static func random(in range: ClosedRange<Float>) -> Float { drawingFromRuntime { Self.random(in: range, using: &$0) } }
}

extension UInt32 {
    public static func random(in range: Range<UInt32>) -> UInt32 { drawingFromRuntime { Self.random(in: range, using: &$0) } }
    public static func random(in range: ClosedRange<UInt32>) -> UInt32 { drawingFromRuntime { Self.random(in: range, using: &$0) } }
}

extension Int {
    public static func random(in range: Range<Int>) -> Int { drawingFromRuntime { Self.random(in: range, using: &$0) } }
    public static func random(in range: ClosedRange<Int>) -> Int { drawingFromRuntime { Self.random(in: range, using: &$0) } }
}

extension Bool {
    /// True or false from the current runtime's sequence.
    public static func random() -> Bool { drawingFromRuntime { Self.random(using: &$0) } }
}

extension Array {
    /// An element chosen from the current runtime's sequence; nil when empty.
    public func randomElement() -> Element? { drawingFromRuntime { randomElement(using: &$0) } }

    /// The elements in an order drawn from the current runtime's sequence.
    public func shuffled() -> [Element] { drawingFromRuntime { shuffled(using: &$0) } }

    /// Puts the elements in an order drawn from the current runtime's sequence.
    public mutating func shuffle() { drawingFromRuntime { shuffle(using: &$0) } }
}
