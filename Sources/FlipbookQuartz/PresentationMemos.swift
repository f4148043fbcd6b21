import Foundation
import FlipbookGeometry

// Shared, exact memos for the compiled presentation walk (Flipbook's own).
//
// Many layers usually animate with the same curve, the same colour pair or the same angles,
// and in one frame they are evaluated at the same input (the same fraction, the same angle):
// a transition or a `UIView.animate` block moving many views, a list fading in. Each memo
// below is shared by every compiled animation with the same constant inputs (interned by
// the engine) and remembers its last input and output, compared bit for bit, so it returns
// exactly what a fresh evaluation returns: presentation values stay a pure function of
// model, animations and time, and a frame computes each distinct value once.

/// A timing curve with its last evaluation (input compared by bit pattern).
@MainActor
final class TimingCurveMemo {
    let function: CAMediaTimingFunction
    private var lastX: UInt64 = Double.nan.bitPattern
    private var lastY: Double = 0

    init(_ function: CAMediaTimingFunction) { self.function = function }

    /// `function.value(at: x)`.
    @inline(__always)
    func value(at x: Double) -> Double {
        if x.bitPattern == lastX { return lastY }
        let y = function.value(at: x)
        lastX = x.bitPattern
        lastY = y
        return y
    }
}

/// A colour pair's interpolation with its last result (fraction compared by bit pattern).
@MainActor
final class ColorInterpolationMemo {
    let a: (CGFloat, CGFloat, CGFloat, CGFloat)
    let b: (CGFloat, CGFloat, CGFloat, CGFloat)
    private var lastFraction: UInt64 = Double.nan.bitPattern
    private var lastColor: CGColor?

    init(a: (CGFloat, CGFloat, CGFloat, CGFloat), b: (CGFloat, CGFloat, CGFloat, CGFloat)) {
        self.a = a
        self.b = b
    }

    /// The colour at `fraction` (finite), as `DirectWrite.ColorEnds.interpolated` builds it.
    @inline(__always)
    func color(at fraction: Double) -> CGColor {
        if fraction.bitPattern == lastFraction, let c = lastColor { return c }
        let c = ColorInterpolationMemo.make(a, b, fraction)
        lastFraction = fraction.bitPattern
        lastColor = c
        return c
    }

    @inline(__always)
    nonisolated static func make(
        _ a: (CGFloat, CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat, CGFloat), _ fraction: Double
    ) -> CGColor {
        let f = CGFloat(fraction)
        return CGColor(
            red: a.0 + (b.0 - a.0) * f, green: a.1 + (b.1 - a.1) * f, blue: a.2 + (b.2 - a.2) * f,
            alpha: a.3 + (b.3 - a.3) * f)
    }
}

/// The cosine and sine of the last angle asked (compared by bit pattern), for rotation.z.
@MainActor
final class SineCosineMemo {
    private var lastAngle: UInt64 = Double.nan.bitPattern
    private var lastCos: CGFloat = 1
    private var lastSin: CGFloat = 0

    init() {}

    /// `(cos(angle), sin(angle))`, each computed as `CATransform3DMakeRotation` computes it.
    @inline(__always)
    func cosSin(_ angle: CGFloat) -> (CGFloat, CGFloat) {
        if Double(angle).bitPattern == lastAngle { return (lastCos, lastSin) }
        let c = cos(angle), s = sin(angle)
        lastAngle = Double(angle).bitPattern
        lastCos = c
        lastSin = s
        return (c, s)
    }
}

/// The engine's interned memos. Kept for the life of the engine (compiled plans refer to
/// them unretained); past `limit` distinct keys of a kind, nil: those animations evaluate
/// without a memo.
@MainActor
final class PresentationMemos {
    private let limit = 256
    private var curves: [CAMediaTimingFunction: TimingCurveMemo] = [:]
    /// Keyed by bit patterns, so memos are shared only by bit-identical inputs.
    private var colors: [[UInt64]: ColorInterpolationMemo] = [:]
    private var rotations: [[UInt64]: SineCosineMemo] = [:]

    /// The shared memo of `function`'s curve (equal control points share one).
    func curve(_ function: CAMediaTimingFunction) -> TimingCurveMemo? {
        if let memo = curves[function] { return memo }
        guard curves.count < limit else { return nil }
        let memo = TimingCurveMemo(function)
        curves[function] = memo
        return memo
    }

    /// The shared memo of the interpolation from `a` to `b` (components).
    func colorPair(
        _ a: (CGFloat, CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat, CGFloat)
    ) -> ColorInterpolationMemo? {
        let key = [a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3].map { Double($0).bitPattern }
        if let memo = colors[key] { return memo }
        guard colors.count < limit else { return nil }
        let memo = ColorInterpolationMemo(a: a, b: b)
        colors[key] = memo
        return memo
    }

    /// The shared angle memo of rotation.z animations from `a` to `b` radians.
    func rotation(_ a: Double, _ b: Double) -> SineCosineMemo? {
        let key = [a.bitPattern, b.bitPattern]
        if let memo = rotations[key] { return memo }
        guard rotations.count < limit else { return nil }
        let memo = SineCosineMemo()
        rotations[key] = memo
        return memo
    }
}
