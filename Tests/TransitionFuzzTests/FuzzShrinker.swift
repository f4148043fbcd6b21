import Foundation

/// Shrinks a failing sequence to a small one that still fails: first whole chunks of steps
/// are removed (halves, quarters, … single steps), then each remaining step is replaced by a
/// simpler one (`FuzzStep.simplifications`), until nothing more can go; at most `budget` runs.
@MainActor
enum FuzzShrinker {
    static func shrink(_ steps: [FuzzStep], budget: Int = 400, fails: ([FuzzStep]) -> Bool) -> [FuzzStep] {
        var current = steps
        var runs = 0
        func tryCandidate(_ candidate: [FuzzStep]) -> Bool {
            guard runs < budget else { return false }
            runs += 1
            if fails(candidate) {
                current = candidate
                return true
            }
            return false
        }
        var progress = true
        while progress, runs < budget {
            progress = false
            var chunk = max(1, current.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < current.count {
                    var candidate = current
                    candidate.removeSubrange(start..<min(start + chunk, current.count))
                    if !candidate.isEmpty, tryCandidate(candidate) {
                        progress = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            for index in current.indices {
                for simpler in current[index].simplifications {
                    var candidate = current
                    candidate[index] = simpler
                    if tryCandidate(candidate) {
                        progress = true
                        break
                    }
                }
            }
        }
        return current
    }

    /// The sequence as a Swift Testing test to paste into Tests/TransitionFuzzTests.
    static func swiftTest(_ steps: [FuzzStep], seed: UInt64, failure: String) -> String {
        var lines = [
            "// Found by the transition fuzzer (seed \(seed)): \(failure)",
            "@Test func fuzzSeed\(seed)() {",
            "    let run = FuzzRun.run([",
        ]
        lines += steps.map { "        \($0)," }
        lines += [
            "    ])",
            "    #expect(run.failures.isEmpty, \"\\(run.failures.joined(separator: \"\\n\"))\")",
            "}",
        ]
        return lines.joined(separator: "\n")
    }
}
