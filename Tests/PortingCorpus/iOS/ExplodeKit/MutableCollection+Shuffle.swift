//
//  MutableCollection+Shuffle.swift
//  ExplodeKit
//
//  The Fisher-Yates shuffle explode animators carried before Swift 4.2 had one, for scattering
//  pieces in a random order. Written against the C library's random numbers.
//

import UIKit

extension MutableCollection {
    /// Shuffles the contents of this collection in place.
    mutating func explodeShuffle() {
        let c = count
        guard c > 1 else { return }
        for (unshuffledCount, firstUnshuffled) in zip(stride(from: c, to: 1, by: -1), indices) {
            let d: Int = numericCast(arc4random_uniform(numericCast(unshuffledCount)))
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
