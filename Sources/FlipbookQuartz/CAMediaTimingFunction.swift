import Foundation
import FlipbookGeometry

/// The name of a predefined timing function, Core Animation's `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let easeIn = Self(rawValue: "easeIn")
    public static let easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    public static let `default` = Self(rawValue: "default")
}

/// A cubic Bézier pacing curve from (0, 0) to (1, 1), Core Animation's `CAMediaTimingFunction`.
///
/// Solved as WebKit and Chromium solve CSS `cubic-bezier()` (FlipbookGeometry's
/// `UnitBezier`): find the curve parameter whose x is the input fraction, return its y.
/// Immutable and `Sendable`.
// @unchecked: an NSObject subclass, which Swift cannot check; every stored property is a `let` of a Sendable type.
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    public let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    let curve: UnitBezier
    let isLinear: Bool
    /// What was wrong with the arguments, reported (once) when an animation using the
    /// function is added to a layer: the initialisers are not main-actor isolated, and
    /// diagnostics are.
    public let diagnostic: String?

    /// One of the predefined curves (control points in docs/Semantics.md, "Timing functions").
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default:
            self.init(0, 0, 1, 1, note: "CAMediaTimingFunction: unknown name \"\(name.rawValue)\"; using linear.")
        }
    }

    /// A curve with control points (c1x, c1y) and (c2x, c2y). x coordinates outside
    /// 0…1 or non-finite values are reported and clamped (NaN reads as the linear curve's).
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x, c1y, c2x, c2y, note: nil)
    }

    init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float, note: String?) {
        var note = note
        var p = [c1x, c1y, c2x, c2y]
        let linear: [Float] = [0, 0, 1, 1]
        for i in 0..<4 where !p[i].isFinite { p[i] = linear[i] }
        if p[0] < 0 || p[0] > 1 || p[2] < 0 || p[2] > 1 || p != [c1x, c1y, c2x, c2y] {
            note = "CAMediaTimingFunction: control points (\(c1x), \(c1y), \(c2x), \(c2y)) need finite values and x in 0...1; clamped."
            p[0] = min(max(p[0], 0), 1)
            p[2] = min(max(p[2], 0), 1)
        }
        (self.c1x, self.c1y, self.c2x, self.c2y) = (p[0], p[1], p[2], p[3])
        curve = UnitBezier(p1x: Double(p[0]), p1y: Double(p[1]), p2x: Double(p[2]), p2y: Double(p[3]))
        isLinear = p[0] == p[1] && p[2] == p[3]
        diagnostic = note
    }

    /// Writes control point `idx` (0…3: (0,0), c1, c2, (1,1)) into `ptr[0]`, `ptr[1]`.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]
        let p = points[min(max(idx, 0), 3)]
        ptr[0] = p.0
        ptr[1] = p.1
    }

    /// Flipbook's addition: the curve's output for input fraction `x` (0…1 maps to 0…1
    /// at the ends; outside 0…1 the curve is extended along its end tangents).
    public func value(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if isLinear { return x }
        return curve.solve(x)
    }

    public override func isEqual(_ object: Any?) -> Bool {

        guard let r = object as? CAMediaTimingFunction else { return false }
        return (c1x, c1y, c2x, c2y) == (r.c1x, r.c1y, r.c2x, r.c2y)
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine([c1x, c1y, c2x, c2y])
        return h.finalize()
    }
    public override var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}

