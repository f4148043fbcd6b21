import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// An app's random numbers are its runtime's seeded sequence (docs/Semantics.md, "Random numbers").
@MainActor
@Suite struct RandomNumbersTests {
    /// SplitMix64 from seed 0, against the reference implementation's first outputs
    /// (Vigna's splitmix64.c, as published with xoshiro).
    @Test func splitMix64MatchesTheReference() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(g.next() == 0x06C4_5D18_8009_454F)
    }

    func draws() -> [Double] {
        [Double(CGFloat.random(in: 0..<1)), Double.random(in: 0...10), Double(Float.random(in: 0..<1)),
         Double(Int.random(in: 0..<1000)), Double(UInt32.random(in: .min ... .max)), Bool.random() ? 1 : 0]
    }

    /// Two apps draw the same numbers; one app's draws go on through the sequence.
    @Test func everyRuntimeDrawsTheSameSequence() {
        let first = AppRuntime().run { draws() + draws() }
        let second = AppRuntime().run { draws() + draws() }
        #expect(first == second)
        #expect(Array(first[0..<6]) != Array(first[6..<12]))
    }

    /// Code that binds no runtime draws from the process runtime's sequence, so reseeding
    /// `AppRuntime.process` reaches it.
    @Test func theProcessRuntimeOwnsTheUnboundSequence() {
        #expect(AppRuntime.process.random === RuntimeRandom.process)
        #expect(AppRuntime().random !== RuntimeRandom.process)
    }

    @Test func reseedingStartsAgainAndOtherSeedsDiffer() {
        let runtime = AppRuntime()
        let a = runtime.run { draws() }
        runtime.seedRandomNumbers(RuntimeRandom.defaultSeed)
        let b = runtime.run { draws() }
        runtime.seedRandomNumbers(42)
        let c = runtime.run { draws() }
        #expect(a == b)
        #expect(a != c)
    }

    /// Values stay in their ranges, as the standard library's; collections shuffle and pick
    /// from the same sequence.
    @Test func rangesAndCollections() {
        AppRuntime().run {
            for _ in 0..<1000 {
                let x = CGFloat.random(in: -2..<3)
                #expect(x >= -2 && x < 3)
                #expect((5...5).contains(Int.random(in: 5...5)))
                #expect(UInt32.random(in: 0..<1) == 0)
            }
            let deck = Array(0..<20)
            let shuffled = deck.shuffled()
            #expect(shuffled.sorted() == deck && shuffled != deck)
            var again = deck
            again.shuffle()
            #expect(again.sorted() == deck)
            #expect(deck.randomElement().map { deck.contains($0) } == true)
            #expect([Int]().randomElement() == nil)
        }
        let picks = AppRuntime().run { (0..<8).map { _ in Array(0..<100).randomElement()! } }
        #expect(picks == AppRuntime().run { (0..<8).map { _ in Array(0..<100).randomElement()! } })
    }

    /// Threads of one app share its sequence without losing or repeating a draw.
    @Test func threadsShareTheSequence() async {
        let random = RuntimeRandom()
        let reference = RuntimeRandom()
        let expected = Set((0..<400).map { _ in reference.next() })
        let drawn = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<4 { group.addTask { (0..<100).map { _ in random.next() } } }
            var all: [UInt64] = []
            for await part in group { all += part }
            return all
        }
        #expect(Set(drawn) == expected)
        #expect(drawn.count == 400)
    }
}
