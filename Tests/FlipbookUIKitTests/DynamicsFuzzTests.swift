// Physics fuzzing (DynamicsFuzz.swift): a short run in `make test`; the long run is
// `make fuzz-physics N=… SEED=… SECONDS=…`, which sets FLIPBOOK_PHYSICS_FUZZ_N.
import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
@Suite(.cleanClock) struct DynamicsFuzzTests {
    nonisolated static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// 24 scenes of 10 simulated seconds each (a few seconds of CPU).
    @Test func shortRunOfRandomScenes() {
        let failingSeeds = PhysicsFuzzer.campaign(count: 24, seed: 1, seconds: 10, log: false).failures.map(\.0)
        #expect(failingSeeds.isEmpty)
    }

    /// The same scene twice gives the same state: a seed reproduces its scene.
    @Test func aSeedReproducesItsScene() {
        let a = PhysicsFuzzScene(seed: 77, seconds: 5), b = PhysicsFuzzScene(seed: 77, seconds: 5)
        #expect(a.swiftCode == b.swiftCode)
        #expect(a.swiftCode.contains("seed 77"))
    }

    /// The checker catches a broken scene (an item placed outside the box, beyond its walls),
    /// shrinks it and prints a reproduction.
    @Test func aFailingSceneShrinksAndPrints() {
        var scene = PhysicsFuzzScene(seed: 5, seconds: 2)
        scene.items[0].x = -2000
        let shrunk = PhysicsFuzzer.shrink(scene)
        #expect(shrunk != nil)
        if let (minimal, failure) = shrunk {
            #expect(failure.reason.contains("left the box"))
            #expect(minimal.behaviors.isEmpty)
            #expect(minimal.items.count == 1)
            #expect(minimal.swiftCode.contains("FuzzItem(center: CGPoint(x: -2000"))
        }
    }

    /// `make fuzz-physics`: N scenes (default 1000) from SEED (default 1), SECONDS each (default 60).
    @Test(.enabled(if: environment["FLIPBOOK_PHYSICS_FUZZ_N"] != nil || environment["FLIPBOOK_PHYSICS_FUZZ_SEEDS"] != nil))
    func longRun() {
        let n = Int(Self.environment["FLIPBOOK_PHYSICS_FUZZ_N"] ?? "") ?? 1000
        let seed = UInt64(Self.environment["FLIPBOOK_PHYSICS_FUZZ_SEED"] ?? "") ?? 1
        let seconds = Double(Self.environment["FLIPBOOK_PHYSICS_FUZZ_SECONDS"] ?? "") ?? 60
        if let list = Self.environment["FLIPBOOK_PHYSICS_FUZZ_SEEDS"] {
            // Replays the listed seeds (a comma-separated list): `make fuzz-physics SEEDS=143,204`.
            var failing: [UInt64] = []
            for s in list.split(separator: ",").compactMap({ UInt64($0.trimmingCharacters(in: .whitespaces)) }) {
                if !PhysicsFuzzer.campaign(count: 1, seed: s, seconds: seconds, log: false).failures.isEmpty { failing.append(s) }
            }
            #expect(failing.isEmpty)
            return
        }
        let failingSeeds = PhysicsFuzzer.campaign(count: n, seed: seed, seconds: seconds, log: true).failures.map(\.0)
        #expect(failingSeeds.isEmpty)
    }
}
