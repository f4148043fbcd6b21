import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Colour animations compute on raw, unclamped sRGB components and clamp only when the colour is
/// shown (docs/Divergences.md, "FlipbookQuartz").
@Suite(.freshRuntime)
@MainActor
struct ColorArithmeticTests {
    let clock = MediaClock.main

    func components(_ layer: CALayer) -> [Double] {
        (layer.presentation()?.backgroundColor?.components ?? []).map { Double($0) }
    }

    func closeAll(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { close($0, $1, 1e-9) } }

    /// Regression test from the FlipbookQuartz audit: colour arithmetic is unclamped until the
    /// colour is shown.
    ///
    /// toValue + byValue: from = to − by = (−0.3, 0.3, −0.1, 0.5), unclamped. Linear timing:
    /// at f the colour is to − (1 − f)·by, clamped only when shown. Before, −by was clamped to
    /// clear, so the animation sat at `to` the whole time.
    @Test func toAndByColoursStartAtToMinusBy() {
        let layer = makeLayer()
        let to = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let by = CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 0.5)
        layer.add(basic("backgroundColor", to: to, by: by, duration: 1), forKey: "c")
        clock.advance(by: 0.5)
        #expect(closeAll(components(layer), [0.1, 0.4, 0.2, 0.75]))
        clock.advance(by: 0.25)  // f = 0.75: (0.3, 0.45, 0.35, 0.875)
        #expect(closeAll(components(layer), [0.3, 0.45, 0.35, 0.875]))
        layer.removeAllAnimations()
        // f = 0.25: red −0.1 is shown clamped to 0.
        let early = makeLayer()
        early.add(basic("backgroundColor", to: to, by: by, duration: 1), forKey: "c")
        clock.advance(by: 0.25)
        #expect(closeAll(components(early), [0, 0.35, 0.05, 0.625]))
        early.removeAllAnimations()
    }

    /// Regression test from the FlipbookQuartz audit: colour arithmetic is unclamped until the
    /// colour is shown.
    ///
    /// Cumulative: delta = to − from = (0.1, 0, −0.1, 0). Second iteration, halfway: the
    /// first iteration's midpoint (0.15, 0.2, 0.25, 0.4) plus delta = (0.25, 0.2, 0.15, 0.4).
    /// Before, the negative blue delta was clamped to 0 (blue 0.25).
    @Test func cumulativeColourDeltasKeepTheirSign() {
        let layer = makeLayer()
        let a = basic(
            "backgroundColor", from: CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
            to: CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.4), duration: 1)
        a.isCumulative = true
        a.repeatCount = 3
        layer.add(a, forKey: "c")
        clock.advance(by: 1.5)
        #expect(closeAll(components(layer), [0.25, 0.2, 0.15, 0.4]))
        layer.removeAllAnimations()
    }
}
