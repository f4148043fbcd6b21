import Foundation
import FlipbookGeometry

// UIBezierPath's copying, reversing, dashes and blended drawing.
extension UIBezierPath: @preconcurrency NSCopying {
    /// A new path with the same segments and drawing settings (UIKit's `NSCopying`).
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.copySettings(from: self)
        copy.elements = elements
        return copy
    }

    private func copySettings(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        usesEvenOddFillRule = other.usesEvenOddFillRule
        flatness = other.flatness
        lineDashLengths = other.lineDashLengths
        lineDashPhase = other.lineDashPhase
    }

    /// A new path with the same shape drawn the other way round: each subpath starts at its
    /// old end and runs its segments backwards (curves with their control points swapped); the
    /// subpaths keep their order and closed ones stay closed. Appending a reversed oval to a
    /// rectangle punches a hole in it under the non-zero rule, which is what code uses it for.
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.copySettings(from: self)
        var subpath: [Element] = []
        var start = CGPoint.zero
        func flush(closed: Bool) {
            defer { subpath = [] }
            guard !subpath.isEmpty || closed else { return }
            var points = [start]  // points[i] is where segment i starts
            for e in subpath {
                switch e {
                case .line(let p), .quad(let p, _), .cubic(let p, _, _): points.append(p)
                case .move, .close: break
                }
            }
            reversed.elements.append(.move(points.last ?? start))
            for (i, e) in subpath.enumerated().reversed() {
                let to = points[i]
                switch e {
                case .line: reversed.elements.append(.line(to))
                case .quad(_, let c): reversed.elements.append(.quad(to, control: c))
                case .cubic(_, let c1, let c2): reversed.elements.append(.cubic(to, control1: c2, control2: c1))
                case .move, .close: break
                }
            }
            if closed { reversed.elements.append(.close) }
        }
        var pendingMove: CGPoint?
        for e in elements {
            switch e {
            case .move(let p):
                if !subpath.isEmpty { flush(closed: false) } else if let lone = pendingMove { reversed.elements.append(.move(lone)) }
                start = p
                pendingMove = p
            case .close:
                flush(closed: true)
                pendingMove = nil
            default:
                pendingMove = nil
                subpath.append(e)
            }
        }
        if !subpath.isEmpty { flush(closed: false) } else if let lone = pendingMove { reversed.elements.append(.move(lone)) }
        return reversed
    }

    /// Sets the dash pattern used by `stroke()`: `count` lengths read from `pattern`, starting
    /// `phase` points into it. A nil pattern or a zero count draws solid lines.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            lineDashLengths = []
            lineDashPhase = 0
            return
        }
        lineDashLengths = Array(UnsafeBufferPointer(start: pattern, count: count))
        lineDashPhase = phase.isFinite ? phase : 0
    }

    /// Reads the dash pattern back: the lengths into `pattern` (which must hold `count` of them,
    /// as UIKit requires), their number into `count` and the phase into `phase`.
    public func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern {
            for (i, length) in lineDashLengths.enumerated() { pattern[i] = length }
        }
        count?.pointee = lineDashLengths.count
        phase?.pointee = lineDashPhase
    }

    /// Fills the path with `blendMode` at `alpha` times the context's alpha.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawBlended(blendMode, alpha) { fill() }
    }

    /// Strokes the path with `blendMode` at `alpha` times the context's alpha.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawBlended(blendMode, alpha) { stroke() }
    }

    private func drawBlended(_ blendMode: CGBlendMode, _ alpha: CGFloat, _ draw: () -> Void) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(ctx.graphicsState.alpha * (alpha.isFinite ? min(max(alpha, 0), 1) : 1))
        draw()
        ctx.restoreGState()
    }
}
