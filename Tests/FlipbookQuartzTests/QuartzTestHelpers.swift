import Foundation
import FlipbookQuartz

/// Runs `body` with implicit animations off (test set-up).
@MainActor
func quietly(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}

/// `layer` as a window's root layer in the current runtime, committed by a flush: its later
/// property changes animate implicitly (a layer no transaction has committed in a window does
/// not: docs/Semantics.md, "Implicit animations of new layers").
@MainActor
@discardableResult
func committed<L: CALayer>(_ layer: L) -> L {
    layer.hostRuntime = AppRuntime.current
    CATransaction.flush()
    return layer
}

/// A standalone layer set up without implicit animations, hosted and committed.
@MainActor
func makeLayer(bounds: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint = .zero) -> CALayer {
    let layer = CALayer()
    quietly {
        layer.bounds = bounds
        layer.position = position
    }
    return committed(layer)
}

/// A linear basic animation of `keyPath`.
@MainActor
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    return a
}

@MainActor
func presentedX(_ layer: CALayer) -> CGFloat { layer.presentation()?.position.x ?? .nan }

/// Adds `anim` to a fresh layer at x = `modelX` and reads its presented `position.x` at each of
/// `times` (seconds after adding, increasing), advancing the media clock between them.
@MainActor
func sampledX(_ anim: CAAnimation, at times: [Double], modelX: CGFloat = 0) -> [Double] {
    let layer = makeLayer(position: CGPoint(x: modelX, y: 0))
    layer.add(anim, forKey: "sampled")
    var out: [Double] = []
    var t = 0.0
    for time in times {
        MediaClock.main.advance(by: time - t)
        t = time
        out.append(Double(presentedX(layer)))
    }
    layer.removeAllAnimations()
    return out
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
func close(_ a: CGFloat, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(Double(a) - b) <= tol }

func near(_ a: CGFloat, _ b: Double, _ tol: Double = 1e-9) -> Bool { close(a, b, tol) }

/// Presentation values are sampled at `now - beginTime`, and the clock's absolute time depends
/// on the tests that ran before (it is never rewound), so interpolated values are compared
/// with a tolerance, never with `==`.
func near(_ a: CGPoint?, _ b: CGPoint, _ tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return near(a.x, Double(b.x), tol) && near(a.y, Double(b.y), tol)
}

func near(_ a: CGSize?, _ b: CGSize, _ tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return near(a.width, Double(b.width), tol) && near(a.height, Double(b.height), tol)
}

/// Reports seen while `body` runs, with their once-keys.
@MainActor
func reports(_ body: () -> Void) -> [FlipbookDiagnostics.Report] {
    var seen: [FlipbookDiagnostics.Report] = []
    let token = FlipbookDiagnostics.addObserver { seen.append($0) }
    defer { FlipbookDiagnostics.removeObserver(token) }
    body()
    return seen
}
