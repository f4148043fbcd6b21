import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The kind of timing a `UITimingCurveProvider` describes, UIKit's `UITimingCurveType`.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0
    case cubic = 1
    case spring = 2
    case composed = 3
}

/// Something that gives a property animator its pacing, UIKit's `UITimingCurveProvider`.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: NSObjectProtocol {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier pacing, UIKit's `UICubicTimingParameters`.
///
/// The curve runs from (0, 0) to (1, 1) through `controlPoint1` and `controlPoint2`; x is the
/// fraction of the duration, y the fraction of the change.
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The built-in curve this was made from (easeInOut for custom control points).
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// The default curve, easeInOut.
    public convenience override init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's built-in curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        let p = curve.controlPoints
        animationCurve = curve
        controlPoint1 = CGPoint(x: CGFloat(p.0), y: CGFloat(p.1))
        controlPoint2 = CGPoint(x: CGFloat(p.2), y: CGFloat(p.3))
        isBuiltin = true
    }

    /// A custom curve. Control-point x values are clamped to 0…1 (reported), as a curve
    /// must stay a function of time.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        func checked(_ p: CGPoint, _ name: String) -> CGPoint {
            let x = p.x.isFinite ? min(max(p.x, 0), 1) : 0
            let y = p.y.isFinite ? p.y : 0
            if x != p.x || y != p.y {
                FlipbookDiagnostics.report("UICubicTimingParameters: \(name) \(p) is invalid (x must lie in 0…1); using (\(x), \(y)).")
            }
            return CGPoint(x: x, y: y)
        }
        animationCurve = .easeInOut
        controlPoint1 = checked(point1, "controlPoint1")
        controlPoint2 = checked(point2, "controlPoint2")
        isBuiltin = false
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The Core Animation timing function of this curve.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(
            controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring pacing, UIKit's `UISpringTimingParameters`.
///
/// Two families, as in UIKit (docs/Semantics.md, "Spring timing parameters and velocity"):
/// `init(dampingRatio:initialVelocity:)` keeps the animator's duration (the spring is UIKit's
/// mapping for that duration, as `UIView.animate(usingSpringWithDamping:)`);
/// `init(mass:stiffness:damping:initialVelocity:)`,
/// `init(duration:bounce:initialVelocity:)` and `init()` describe a physical spring and the
/// animator runs until it settles, ignoring its own duration. `initialVelocity` is in whole
/// distances per second; Flipbook applies `dx` to every animated property (see Divergences).
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    /// Set for the damping-ratio family.
    let dampingRatio: Double?
    /// Set for the physical family: (mass, stiffness, damping).
    let physical: (mass: Double, stiffness: Double, damping: Double)?

    /// UIKit's default spring (mass 3, stiffness 1000, damping 500: critically damped-ish,
    /// the system's own transition spring).
    public convenience override init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero)
    }

    /// A spring with this damping ratio (0 < ζ ≤ 1 usual) that fits the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// A spring with this damping ratio and initial velocity that fits the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        var zeta = Double(ratio)
        if !zeta.isFinite || zeta <= 0 {
            FlipbookDiagnostics.report("UISpringTimingParameters: invalid damping ratio \(ratio); using 1.")
            zeta = 1
        }
        dampingRatio = zeta
        physical = nil
        initialVelocity = Self.checkedVelocity(velocity)
    }

    /// A physical spring; the animator runs until it settles.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        var m = Double(mass), k = Double(stiffness), c = Double(damping)
        if !(m.isFinite && m > 0) || !(k.isFinite && k > 0) || !(c.isFinite && c >= 0) {
            FlipbookDiagnostics.report(
                "UISpringTimingParameters: invalid spring (mass \(mass), stiffness \(stiffness), damping \(damping)); using mass 1, stiffness 100, damping 20.")
            (m, k, c) = (1, 100, 20)
        }
        dampingRatio = nil
        physical = (m, k, c)
        initialVelocity = Self.checkedVelocity(velocity)
    }

    /// iOS 17's perceptual spring: ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce), ω0 = 2π/duration,
    /// mass 1. The animator runs until it settles.
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = .zero) {
        var d = duration, b = Double(bounce)
        if !(d.isFinite && d > 0) {
            FlipbookDiagnostics.report("UISpringTimingParameters: invalid duration \(duration); using 0.5.")
            d = 0.5
        }
        if !b.isFinite || b <= -1 || b > 1 {
            FlipbookDiagnostics.report("UISpringTimingParameters: bounce \(bounce) is outside (-1, 1]; clamping.")
            b = b.isFinite ? min(max(b, -0.99), 1) : 0
        }
        let curve = SpringCurve.perceptual(duration: d, bounce: b, mass: 1, initialVelocity: 0)
        self.init(
            mass: CGFloat(curve.mass), stiffness: CGFloat(curve.stiffness), damping: CGFloat(curve.damping),
            initialVelocity: velocity)
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }


    /// The spring for an animation lasting `duration` seconds with initial velocity `velocity`.
    func timing(forDuration duration: Double, velocity: Double) -> AnimationTiming {
        if let zeta = dampingRatio {
            guard duration > 0 else { return AnimationTiming(curve: .linear) }
            let curve = SpringCurve.uikit(duration: duration, dampingRatio: zeta, initialVelocity: velocity)
            return .spring(curve, runsToRest: false)
        }
        let p = physical ?? (1, 100, 20)
        return .spring(SpringCurve(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: velocity), runsToRest: true)
    }

    /// How long the physical family runs (its settling duration); nil for the damping-ratio family.
    var settlingDuration: Double? {
        guard let p = physical else { return nil }
        return SpringCurve(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: Double(initialVelocity.dx))
            .settlingDuration
    }

    private static func checkedVelocity(_ v: CGVector) -> CGVector {
        guard v.dx.isFinite, v.dy.isFinite else {
            FlipbookDiagnostics.report("UISpringTimingParameters: invalid initial velocity \(v); using zero.")
            return .zero
        }
        return v
    }
}
