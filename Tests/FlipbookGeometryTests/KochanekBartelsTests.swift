import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct KochanekBartelsTests {
    @Test func catmullRomAgainstHandComputedHermite() {
        // Keys 0, 10, 30, 40; τ = γ = β = 0: D1 = (10 + 20)/2 = 15, S2 = (20 + 10)/2 = 15.
        // At t = 0.5: h00 = h01 = 0.5, h10 = 0.125, h11 = −0.125 → 0.5·10 + 0.125·15 + 0.5·30 − 0.125·15 = 20.
        #expect(KochanekBartels.interpolate(0, 10, 30, 40, t: 0.5, tension: 0, continuity: 0, bias: 0) == 20)
        // At t = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = −0.046875.
        let expected = 0.84375 * 10 + 0.140625 * 15 + 0.15625 * 30 - 0.046875 * 15
        #expect(abs(KochanekBartels.interpolate(0, 10, 30, 40, t: 0.25, tension: 0, continuity: 0, bias: 0) - expected) < 1e-12)
    }

    @Test func tensionContinuityBias() {
        // τ = 0.5, γ = 0.2, β = −0.4 on keys 0, 10, 30, 40:
        // D1 = 0.5·0.6·1.2/2·10 + 0.5·1.4·0.8/2·20 = 1.8 + 5.6 = 7.4
        // S2 = 0.5·0.6·0.8/2·20 + 0.5·1.4·1.2/2·10 = 2.4 + 4.2 = 6.6
        let (d1, s2) = KochanekBartels.tangents(
            0, 10, 30, 40, start: .init(tension: 0.5, continuity: 0.2, bias: -0.4),
            end: .init(tension: 0.5, continuity: 0.2, bias: -0.4))
        #expect(abs(d1 - 7.4) < 1e-12 && abs(s2 - 6.6) < 1e-12)
        let v = KochanekBartels.interpolate(0, 10, 30, 40, t: 0.5, tension: 0.5, continuity: 0.2, bias: -0.4)
        #expect(abs(v - (0.5 * 10 + 0.125 * 7.4 + 0.5 * 30 - 0.125 * 6.6)) < 1e-12)
        // τ = 1 gives zero tangents: a smoothstep between the keys.
        #expect(abs(KochanekBartels.interpolate(0, 10, 30, 40, t: 0.25, tension: 1, continuity: 0, bias: 0) - (10 + 20 * 0.15625)) < 1e-12)
    }

    @Test func endpointsAndArrays() {
        #expect(KochanekBartels.interpolate(5, 1, 2, 9, t: 0, tension: 0.3, continuity: 0, bias: 0) == 1)
        #expect(KochanekBartels.interpolate(5, 1, 2, 9, t: 1, tension: 0.3, continuity: 0, bias: 0) == 2)
        // Arrays: the first segment's missing neighbour is the first key itself.
        let keys: [[Double]] = [[0, 0], [10, 100], [30, 0]]
        let p = KochanekBartels.interpolate(keys, segment: 0, t: 0.5)
        // x: D1 = (0 + 10)/2 = 5, S2 = (10 + 20)/2 = 15 → 0.5·0 + 0.125·5 + 0.5·10 − 0.125·15 = 3.75
        // y: D1 = (0 + 100)/2 = 50, S2 = (100 − 100)/2 = 0 → 0.125·50 + 0.5·100 = 56.25
        #expect(p == [3.75, 56.25])
        #expect(KochanekBartels.interpolate([], segment: 0, t: 0.5) == [])
        #expect(KochanekBartels.interpolate([[7]], segment: 3, t: 0.5) == [7])
        #expect(KochanekBartels.interpolate(keys, segment: 9, t: 1) == [30, 0])
    }
}
