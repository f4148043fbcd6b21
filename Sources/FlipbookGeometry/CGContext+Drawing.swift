import Foundation

#if !canImport(CoreGraphics)
extension CGContext {
    /// Takes the current path for a drawing operation and clears it (CoreGraphics empties the
    /// path after every fill, stroke or clip).
    private func takePath() -> CGPath? {
        let p = currentPath
        currentPath = CGMutablePath()
        return p.isEmpty ? nil : CGPath(elements: p.elements)
    }

    /// A rectangle as a device-space path.
    private func devicePath(_ rect: CGRect) -> CGPath {
        let m = CGMutablePath()
        m.addRect(rect, transform: state.ctm)
        return CGPath(elements: m.elements)
    }

    private func finiteRect(_ r: CGRect) -> Bool {
        let ok = r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        if !ok { diagnose("rectangle with a non-finite value: ignored") }
        return ok
    }

    // MARK: Filling and stroking the current path

    /// Fills the current path with the fill colour, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        guard let p = takePath() else { return }
        record(.fill(p, rule: rule, state: state))
    }

    /// Strokes the current path with the stroke colour and line settings, then clears the path.
    public func strokePath() {
        guard let p = takePath() else { return }
        record(.stroke(p, state: state))
    }

    /// Fills and/or strokes the current path (fill first), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        guard let p = takePath() else { return }
        switch mode {
        case .fill: record(.fill(p, rule: .winding, state: state))
        case .eoFill: record(.fill(p, rule: .evenOdd, state: state))
        case .stroke: record(.stroke(p, state: state))
        case .fillStroke:
            record(.fill(p, rule: .winding, state: state))
            record(.stroke(p, state: state))
        case .eoFillStroke:
            record(.fill(p, rule: .evenOdd, state: state))
            record(.stroke(p, state: state))
        }
    }

    // MARK: Shapes drawn directly (the current path is left alone)

    /// Fills `rect` (user space) with the fill colour.
    public func fill(_ rect: CGRect) {
        guard finiteRect(rect) else { return }
        record(.fill(devicePath(rect), rule: .winding, state: state))
    }

    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) { rects.forEach { fill($0) } }

    /// Strokes the outline of `rect` with the current line settings.
    public func stroke(_ rect: CGRect) {
        guard finiteRect(rect) else { return }
        record(.stroke(devicePath(rect), state: state))
    }

    /// Strokes the outline of `rect` with line width `width` (the state's width is unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        guard finiteRect(rect), width.isFinite, width >= 0 else { return diagnose("stroke(_:width:) with bad input: ignored") }
        var s = state
        s.lineWidth = width
        record(.stroke(devicePath(rect), state: s))
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        guard finiteRect(rect) else { return }
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: state.ctm)
        record(.fill(CGPath(elements: m.elements), rule: .winding, state: state))
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        guard finiteRect(rect) else { return }
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: state.ctm)
        record(.stroke(CGPath(elements: m.elements), state: state))
    }

    /// Strokes separate segments between consecutive pairs of points (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return diagnose("path point with a non-finite coordinate: ignored")
        }
        guard points.count >= 2 else { return }
        let m = CGMutablePath()
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            m.move(to: points[i], transform: state.ctm)
            m.addLine(to: points[i + 1], transform: state.ctm)
        }
        record(.stroke(CGPath(elements: m.elements), state: state))
    }

    /// Makes `rect` (user space) fully transparent, within the clip.
    public func clear(_ rect: CGRect) {
        guard finiteRect(rect) else { return }
        record(.clear(rect, state: state))
    }

    // MARK: Clipping

    /// Intersects the clip with the current path, then clears the path. An empty current path
    /// clips everything away, as CoreGraphics does.
    public func clip(using rule: CGPathFillRule = .winding) {
        let p = takePath() ?? CGPath(elements: [])
        state.clip.append(Clip(path: p, rule: rule))
    }

    /// Intersects the clip with `rect` (user space). The current path is unchanged.
    public func clip(to rect: CGRect) {
        guard finiteRect(rect) else { return }
        state.clip.append(Clip(path: devicePath(rect.standardized), rule: .winding))
    }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        guard rects.allSatisfy({ finiteRect($0) }) else { return }
        let m = CGMutablePath()
        for r in rects { m.addRect(r, transform: state.ctm) }
        state.clip.append(Clip(path: CGPath(elements: m.elements), rule: .winding))
    }

    /// Maps `mask` into `rect` (user space) and intersects the clip with it, Core Graphics'
    /// `clip(to:mask:)`: later drawing shows where the mask covers, faded by its coverage, and
    /// nothing outside `rect`. The mask is placed as `draw(_:in:)` places an image (its top row
    /// at the rect's maxY edge, through the CTM), so in UIKit's y-down space it shows upside
    /// down unless the CTM is flipped first, exactly as on iOS. The coverage is the image's
    /// alpha; an opaque image (every pixel's alpha 1, as a gray image without alpha is here)
    /// masks by its luminance, as Core Graphics masks by a DeviceGray image's samples: white
    /// shows, black hides (docs/Divergences.md, "Image masks"). A non-finite rectangle is
    /// ignored (a diagnostic); an empty one clips everything away.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard finiteRect(rect) else { return }
        state.clip.append(Clip(path: devicePath(rect.standardized), rule: .winding))
        state.masks.append(ClipMask(image: mask, rect: rect, ctm: state.ctm))
    }

    /// Removes every clip, image masks included (iOS 13's `resetClip()`).
    public func resetClip() {
        state.clip = []
        state.masks = []
    }

    /// The bounding box of the clip in user space: the context's bounds when unclipped.
    public var boundingBoxOfClipPath: CGRect {
        var box = CGRect(origin: .zero, size: size)
        for c in state.clip {
            let b = c.path.boundingBox
            box = b.isNull ? .zero : box.intersection(b)
        }
        return box.isNull ? .zero : box.applying(state.ctm.inverted())
    }

    // MARK: Images and text

    /// Draws `image` scaled to fill `rect` (user space). CoreGraphics puts the image's top row
    /// at the rect's maxY edge (see `Command.drawImage`).
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard finiteRect(rect) else { return }
        record(.drawImage(image, rect: rect, state: state))
    }

    /// Flipbook's text command: lays out `string` in `rect` (user space), wrapping at word
    /// boundaries to the rect's width from its top edge, in the font a Pango-style
    /// `fontDescription` names ("Helvetica Neue Bold 17": family, style words, size in points),
    /// in `color`, aligned by `alignment`; drawn upright in UIKit's y-down space, not clipped
    /// to `rect`. UIKit's `NSString.draw(in:withAttributes:)` and labels use it.
    public func drawText(
        _ string: String, in rect: CGRect, fontDescription: String, color: CGColor,
        alignment: TextAlignment = .left
    ) {
        guard finiteRect(rect) else { return }
        guard !string.isEmpty else { return }
        record(
            .drawText(
                TextRun(string: string, rect: rect, fontDescription: fontDescription, color: color, alignment: alignment),
                state: state))
    }
}
#endif
