import Foundation
import FlipbookGeometry

/// Flipbook's stand-ins for SF Symbols (docs/Divergences.md, "Symbols"): common symbol names
/// drawn as simple vector glyphs in a unit box, stroked with round caps and joins at the
/// symbol weight's width; `.fill` variants fill the same outline. `<name>.circle` and
/// `<name>.circle.fill` put a known glyph inside a ring or knock it out of a disc. Any other
/// name draws `missing`, a neutral outlined glyph.
struct SymbolPen {
    let context: CGContext
    /// Unit box → points.
    let transform: CGAffineTransform
    /// Stroke width in points.
    let width: CGFloat

    /// Draws a path built in unit coordinates: stroked, or filled and stroked (so a filled
    /// shape covers exactly what its outline covers).
    func draw(fill: Bool = false, _ build: (CGMutablePath) -> Void) {
        let unit = CGMutablePath()
        build(unit)
        let path = CGMutablePath()
        path.addPath(unit, transform: transform)
        context.saveGState()
        context.setLineWidth(width)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.addPath(path)
        context.drawPath(using: fill ? .fillStroke : .stroke)
        context.restoreGState()
    }

    func lines(_ points: [(CGFloat, CGFloat)], closed: Bool = false, fill: Bool = false) {
        draw(fill: fill) { p in
            p.addLines(between: points.map { CGPoint(x: $0.0, y: $0.1) })
            if closed { p.closeSubpath() }
        }
    }

    func circle(_ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat, fill: Bool = false) {
        draw(fill: fill) { $0.addEllipse(in: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)) }
    }

    func roundedRect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ r: CGFloat, fill: Bool = false) {
        draw(fill: fill) { $0.addRoundedRect(in: CGRect(x: x, y: y, width: w, height: h), cornerWidth: r, cornerHeight: r) }
    }

    /// The same pen drawing into the central `fraction` of the box, with a thinner stroke.
    func inset(_ fraction: CGFloat) -> SymbolPen {
        let t = CGAffineTransform(translationX: 0.5, y: 0.5).scaledBy(x: fraction, y: fraction).translatedBy(x: -0.5, y: -0.5)
        return SymbolPen(context: context, transform: t.concatenating(transform), width: width * 0.9)
    }
}

enum SymbolGlyphs {
    typealias Glyph = @Sendable (SymbolPen, _ filled: Bool) -> Void

    /// How a name is drawn: a glyph, whether filled, and whether it sits in a ring or disc.
    struct Resolved {
        let glyph: Glyph
        let filled: Bool
        enum Enclosure { case none, ring, disc }
        let enclosure: Enclosure
    }

    /// The drawing for `name`, or nil when Flipbook has no stand-in for it.
    static func resolve(_ name: String) -> Resolved? {
        var base = name
        var filled = false
        var enclosure = Resolved.Enclosure.none
        if base.hasSuffix(".fill") { filled = true; base.removeLast(5) }
        if base.hasSuffix(".circle"), base != "circle" {
            base.removeLast(7)
            enclosure = filled ? .disc : .ring
            filled = false
            if base.hasSuffix(".fill") { filled = true; base.removeLast(5) }
        }
        base = aliases[base] ?? base
        // Knocked out of a disc, closed glyphs are solid (as play.circle.fill's triangle is).
        if enclosure == .disc, fillable.contains(base) { filled = true }
        guard let glyph = glyphs[base] else { return nil }
        if filled, enclosure == .none, !fillable.contains(base) { return nil }
        return Resolved(glyph: glyph, filled: filled, enclosure: enclosure)
    }

    static let aliases: [String: String] = [
        "chevron.backward": "chevron.left", "chevron.forward": "chevron.right",
        "arrow.backward": "arrow.left", "arrow.forward": "arrow.right",
        "multiply": "xmark", "line.horizontal.3": "line.3.horizontal", "share": "square.and.arrow.up",
        "gearshape": "gear", "info": "info",
    ]

    /// Glyphs whose `.fill` variant exists (closed outlines).
    static let fillable: Set<String> = [
        "heart", "star", "play", "pause", "stop", "backward", "forward", "circle", "square", "house",
        "person", "bookmark", "trash", "bell", "gear", "square.and.arrow.up", "photo",
    ]

    /// The neutral glyph drawn for names without a stand-in: a dashed rounded square with a dot.
    static func missing(_ pen: SymbolPen) {
        pen.context.saveGState()
        pen.context.setLineDash(phase: 0, lengths: [pen.width * 1.6, pen.width * 1.4])
        pen.roundedRect(0.14, 0.14, 0.72, 0.72, 0.16)
        pen.context.restoreGState()
        pen.circle(0.5, 0.5, 0.06, fill: true)
    }

    static let glyphs: [String: Glyph] = [
        "xmark": { p, _ in p.lines([(0.2, 0.2), (0.8, 0.8)]); p.lines([(0.8, 0.2), (0.2, 0.8)]) },
        "chevron.left": { p, _ in p.lines([(0.64, 0.14), (0.32, 0.5), (0.64, 0.86)]) },
        "chevron.right": { p, _ in p.lines([(0.36, 0.14), (0.68, 0.5), (0.36, 0.86)]) },
        "chevron.up": { p, _ in p.lines([(0.14, 0.66), (0.5, 0.3), (0.86, 0.66)]) },
        "chevron.down": { p, _ in p.lines([(0.14, 0.34), (0.5, 0.7), (0.86, 0.34)]) },
        "arrow.left": { p, _ in p.lines([(0.14, 0.5), (0.86, 0.5)]); p.lines([(0.44, 0.2), (0.14, 0.5), (0.44, 0.8)]) },
        "arrow.right": { p, _ in p.lines([(0.14, 0.5), (0.86, 0.5)]); p.lines([(0.56, 0.2), (0.86, 0.5), (0.56, 0.8)]) },
        "arrow.up": { p, _ in p.lines([(0.5, 0.14), (0.5, 0.86)]); p.lines([(0.2, 0.44), (0.5, 0.14), (0.8, 0.44)]) },
        "arrow.down": { p, _ in p.lines([(0.5, 0.14), (0.5, 0.86)]); p.lines([(0.2, 0.56), (0.5, 0.86), (0.8, 0.56)]) },
        "plus": { p, _ in p.lines([(0.5, 0.14), (0.5, 0.86)]); p.lines([(0.14, 0.5), (0.86, 0.5)]) },
        "minus": { p, _ in p.lines([(0.14, 0.5), (0.86, 0.5)]) },
        "checkmark": { p, _ in p.lines([(0.16, 0.54), (0.4, 0.78), (0.84, 0.22)]) },
        "ellipsis": { p, _ in for x in [0.2, 0.5, 0.8] as [CGFloat] { p.circle(x, 0.5, 0.045, fill: true) } },
        "line.3.horizontal": { p, _ in for y in [0.25, 0.5, 0.75] as [CGFloat] { p.lines([(0.14, y), (0.86, y)]) } },
        "info": { p, _ in p.circle(0.5, 0.2, 0.04, fill: true); p.lines([(0.5, 0.4), (0.5, 0.84)]) },
        "magnifyingglass": { p, _ in p.circle(0.42, 0.42, 0.27); p.lines([(0.62, 0.62), (0.86, 0.86)]) },
        "circle": { p, f in p.circle(0.5, 0.5, 0.4, fill: f) },
        "square": { p, f in p.roundedRect(0.12, 0.12, 0.76, 0.76, 0.16, fill: f) },
        "heart": { p, f in
            p.draw(fill: f) { h in
                h.move(to: CGPoint(x: 0.5, y: 0.86))
                h.addCurve(to: CGPoint(x: 0.08, y: 0.38), control1: CGPoint(x: 0.3, y: 0.7), control2: CGPoint(x: 0.08, y: 0.58))
                h.addCurve(to: CGPoint(x: 0.29, y: 0.16), control1: CGPoint(x: 0.08, y: 0.24), control2: CGPoint(x: 0.17, y: 0.16))
                h.addCurve(to: CGPoint(x: 0.5, y: 0.3), control1: CGPoint(x: 0.4, y: 0.16), control2: CGPoint(x: 0.47, y: 0.22))
                h.addCurve(to: CGPoint(x: 0.71, y: 0.16), control1: CGPoint(x: 0.53, y: 0.22), control2: CGPoint(x: 0.6, y: 0.16))
                h.addCurve(to: CGPoint(x: 0.92, y: 0.38), control1: CGPoint(x: 0.83, y: 0.16), control2: CGPoint(x: 0.92, y: 0.24))
                h.addCurve(to: CGPoint(x: 0.5, y: 0.86), control1: CGPoint(x: 0.92, y: 0.58), control2: CGPoint(x: 0.7, y: 0.7))
                h.closeSubpath()
            }
        },
        "star": { p, f in
            var pts: [(CGFloat, CGFloat)] = []
            for i in 0..<10 {
                let r: CGFloat = i % 2 == 0 ? 0.42 : 0.17
                let a = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
                pts.append((0.5 + r * cos(a), 0.54 + r * sin(a)))
            }
            p.lines(pts, closed: true, fill: f)
        },
        "play": { p, f in p.lines([(0.26, 0.14), (0.84, 0.5), (0.26, 0.86)], closed: true, fill: f) },
        "pause": { p, f in
            if f {
                p.roundedRect(0.24, 0.14, 0.16, 0.72, 0.04, fill: true); p.roundedRect(0.6, 0.14, 0.16, 0.72, 0.04, fill: true)
            } else {
                p.lines([(0.32, 0.16), (0.32, 0.84)]); p.lines([(0.68, 0.16), (0.68, 0.84)])
            }
        },
        "stop": { p, f in p.roundedRect(0.18, 0.18, 0.64, 0.64, 0.08, fill: f) },
        "backward": { p, f in
            p.lines([(0.48, 0.24), (0.1, 0.5), (0.48, 0.76)], closed: true, fill: f)
            p.lines([(0.9, 0.24), (0.52, 0.5), (0.9, 0.76)], closed: true, fill: f)
        },
        "forward": { p, f in
            p.lines([(0.52, 0.24), (0.9, 0.5), (0.52, 0.76)], closed: true, fill: f)
            p.lines([(0.1, 0.24), (0.48, 0.5), (0.1, 0.76)], closed: true, fill: f)
        },
        "square.and.arrow.up": { p, f in
            p.lines([(0.36, 0.4), (0.2, 0.4), (0.2, 0.9), (0.8, 0.9), (0.8, 0.4), (0.64, 0.4)], fill: f)
            p.lines([(0.5, 0.08), (0.5, 0.6)])
            p.lines([(0.33, 0.25), (0.5, 0.08), (0.67, 0.25)])
        },
        "house": { p, f in
            if f {
                p.lines([(0.5, 0.12), (0.88, 0.46), (0.78, 0.46), (0.78, 0.88), (0.22, 0.88), (0.22, 0.46), (0.12, 0.46)], closed: true, fill: true)
            } else {
                p.lines([(0.1, 0.5), (0.5, 0.14), (0.9, 0.5)])
                p.lines([(0.22, 0.42), (0.22, 0.88), (0.78, 0.88), (0.78, 0.42)])
            }
        },
        "person": { p, f in
            p.circle(0.5, 0.3, 0.16, fill: f)
            p.draw(fill: f) { b in
                b.move(to: CGPoint(x: 0.14, y: 0.88))
                b.addCurve(to: CGPoint(x: 0.86, y: 0.88), control1: CGPoint(x: 0.14, y: 0.5), control2: CGPoint(x: 0.86, y: 0.5))
                if f { b.closeSubpath() }
            }
        },
        "bookmark": { p, f in p.lines([(0.26, 0.1), (0.74, 0.1), (0.74, 0.9), (0.5, 0.7), (0.26, 0.9)], closed: true, fill: f) },
        "trash": { p, f in
            p.lines([(0.14, 0.22), (0.86, 0.22)])
            p.lines([(0.38, 0.22), (0.38, 0.11), (0.62, 0.11), (0.62, 0.22)])
            p.lines([(0.22, 0.22), (0.27, 0.9), (0.73, 0.9), (0.78, 0.22)], closed: f, fill: f)
        },
        "bell": { p, f in
            p.draw(fill: f) { b in
                b.move(to: CGPoint(x: 0.14, y: 0.74))
                b.addLine(to: CGPoint(x: 0.24, y: 0.6))
                b.addCurve(to: CGPoint(x: 0.76, y: 0.6), control1: CGPoint(x: 0.2, y: 0.04), control2: CGPoint(x: 0.8, y: 0.04))
                b.addLine(to: CGPoint(x: 0.86, y: 0.74))
                b.closeSubpath()
            }
            p.lines([(0.42, 0.86), (0.58, 0.86)])
        },
        "gear": { p, f in
            var pts: [(CGFloat, CGFloat)] = []
            for i in 0..<32 {
                let r: CGFloat = (i / 2) % 2 == 0 ? 0.44 : 0.34
                let a = CGFloat(i) * .pi / 16 + .pi / 32
                pts.append((0.5 + r * cos(a), 0.5 + r * sin(a)))
            }
            p.lines(pts, closed: true, fill: f)
            if !f { p.circle(0.5, 0.5, 0.12) }
        },
        "photo": { p, f in
            p.roundedRect(0.1, 0.18, 0.8, 0.64, 0.08, fill: f)
            if !f {
                p.lines([(0.16, 0.76), (0.4, 0.48), (0.58, 0.68), (0.7, 0.56), (0.84, 0.72)])
                p.circle(0.68, 0.36, 0.06, fill: true)
            }
        },
    ]
}
