//
//  MutableCollection+Shuffle.swift
//  ExplodeKit
//
//  The Fisher-Yates shuffle explode animators carried before Swift 4.2 had one, for scattering
//  pieces in a random order. Written against the C library's random numbers.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension MutableCollection {
    /// Shuffles the contents of this collection in place.
    mutating func explodeShuffle() {
        let c = count
        guard c > 1 else { return }
        for (unshuffledCount, firstUnshuffled) in zip(stride(from: c, to: 1, by: -1), indices) {
            let d: Int = numericCast(UInt32.random(in: 0..<Swift.max(numericCast(unshuffledCount), 1)))
            guard d != 0 else { continue }
            let i = index(firstUnshuffled, offsetBy: d)
            swapAt(firstUnshuffled, i)
        }
    }
}

extension Array {
    /// A shuffled copy of the array.
    func explodeShuffled() -> [Element] {
        var copy = self
        copy.explodeShuffle()
        return copy
    }
}
