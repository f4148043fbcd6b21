import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct PacedSpacingTests {
    @Test func polylineKeyTimes() {
        // Lengths 3-4-5 triangle legs: 5 then 5 then 10 → 0, 0.25, 0.5, 1.
        #expect(PacedSpacing.keyTimes([[0, 0], [3, 4], [6, 8], [6, 18]]) == [0, 0.25, 0.5, 1])
        #expect(PacedSpacing.keyTimes([[0], [10], [5]]) == [0, 2.0 / 3, 1])
    }

    @Test func edgeCases() {
        #expect(PacedSpacing.keyTimes([]) == [])
        #expect(PacedSpacing.keyTimes([[1, 2]]) == [0])
        #expect(PacedSpacing.keyTimes([[1, 2], [1, 2], [1, 2]]) == [0, 0.5, 1])
        #expect(PacedSpacing.keyTimes([[0], [.nan], [1]]).allSatisfy { $0.isFinite })
    }

    @Test func cubicOnCollinearEvenKeysIsLinear() {
        // Evenly spaced collinear keys: the Catmull–Rom spline is the line at constant speed in
        // the middle segment, so the key times are close to even and the locate is linear there.
        let keys: [[Double]] = [[0, 0], [10, 0], [20, 0], [30, 0]]
        let times = PacedSpacing.cubicKeyTimes(keys)
        #expect(times.first == 0 && times.last == 1)
        #expect(abs(times[1] - 1.0 / 3) < 1e-9 && abs(times[2] - 2.0 / 3) < 1e-9)
        let table = PacedSpacing.CubicTable(keys)
        let p = table.point(atFraction: 0.5)
        #expect(abs(p[0] - 15) < 1e-6 && abs(p[1]) < 1e-12)
    }

    @Test func cubicLengthOfAQuarterCircleLikePath() {
        // A path whose cubic arc is longer than its chords: fractions still increase from 0 to 1
        // and the located point at a key's fraction is that key.
        let keys: [[Double]] = [[0, 0], [100, 0], [100, 100], [0, 100]]
        let table = PacedSpacing.CubicTable(keys, samplesPerSegment: 128)
        #expect(zip(table.fractions, table.fractions.dropFirst()).allSatisfy { $0 <= $1 })
        let k2 = table.point(atFraction: table.fractionAtKey(2))
        #expect(abs(k2[0] - 100) < 1e-6 && abs(k2[1] - 100) < 1e-6)
    }
}
