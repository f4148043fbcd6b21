import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The seam to the animation engine: which layer object shows a layer's current values.
enum LayerPresentation {
    /// The tree to draw for `layer` now: its presentation copy (whose sublayers and mask are
    /// presentation copies too) at `MediaClock.main`'s time, or the layer itself when it already
    /// is a presentation copy.
    @preconcurrency @MainActor static func presented(_ layer: CALayer) -> CALayer { layer.presentation() ?? layer }
}

/// Reads a (presentation) layer's content-affecting properties into cache keys.
@preconcurrency @MainActor
enum LayerContentReader {
    static func components(_ c: CGColor?) -> [CGFloat]? {
        guard let c, let comps = c.components, comps.count >= 4, comps[3] > 0 else { return nil }
        return Array(comps.prefix(4))
    }

    static func shape(of l: CALayer) -> RoundedRectShape {
        RoundedRectShape(
            rect: l.bounds, cornerRadius: l.cornerRadius, maskedCorners: l.maskedCorners, curve: l.cornerCurve,
            shares: l.cornerRadiusShares)
    }

    /// The body key, or nil when the layer draws nothing of its own.
    static func body(of l: CALayer, scale: Double) -> LayerContent? {
        // A shape layer's path is drawn outside its bounds too (ShapeExtent).
        let area = ShapeExtent.drawnArea(of: l) ?? l.bounds
        guard let size = ContentRasterizer.pixelSize(bounds: area, scale: scale) else { return nil }
        let image = (l.contents as? CGImage).map { IdentityBox(object: $0) }
        var c = LayerContent(
            pixelWidth: size.w, pixelHeight: size.h, bounds: area, shape: shape(of: l),
            background: components(l.backgroundColor), masksToBounds: l.masksToBounds, image: image,
            gravity: l.contentsGravity.rawValue, contentsRect: l.contentsRect, contentsScale: l.contentsScale,
            text: nil, drawing: nil, shapeLayer: nil, gradient: nil)
        LayerContentReader.readSubclassContent(of: l, into: &c)
        // Keys only carry what affects pixels: image placement only matters with an image.
        if c.image == nil { c.gravity = ""; c.contentsRect = .zero; c.contentsScale = 0 } else { c.contentsCenter = l.contentsCenter }
        return c.isEmpty ? nil : c
    }

    static func border(of l: CALayer, scale: Double) -> BorderContent? {
        guard l.borderWidth > 0, l.borderWidth.isFinite, let color = components(l.borderColor),
              let size = ContentRasterizer.pixelSize(bounds: l.bounds, scale: scale)
        else { return nil }
        return BorderContent(pixelWidth: size.w, pixelHeight: size.h, bounds: l.bounds, shape: shape(of: l), width: l.borderWidth, color: color)
    }

    /// The shadow key: drawn when shadowOpacity > 0 and the colour is visible. A layer that masks
    /// to its bounds shows no shadow (Core Animation clips it away too). `composite`: without a
    /// shadowPath the shape comes from the layer drawn with its sublayers and border (see
    /// `DisplayListBuilder.compositeShadow`), so a layer with no body of its own casts one too.
    static func shadow(of l: CALayer, body: LayerContent?, scale: Double, composite: Bool = false) -> ShadowContent? {
        guard l.shadowOpacity > 0, l.shadowOpacity.isFinite, !l.masksToBounds, var color = components(l.shadowColor) else { return nil }
        guard l.shadowPath != nil || body != nil || composite else { return nil }
        color[3] *= CGFloat(min(l.shadowOpacity, 1))
        return ShadowContent(
            content: l.shadowPath == nil ? body : nil, path: l.shadowPath, bounds: l.bounds, scale: CGFloat(scale),
            radius: l.shadowRadius.isFinite ? max(0, l.shadowRadius) : 0, color: color)
    }

    /// Text, shapes, gradients and recorded drawing of CALayer subclasses (filled in as the
    /// models land in FlipbookQuartz).
    static func readSubclassContent(of l: CALayer, into c: inout LayerContent) {
        // A presentation copy redrawn for an animated key (needsDisplay(forKey:)) shows its own drawing.
        if let recording = l.drawnContent ?? l.model().drawnContent, !recording.commands.isEmpty {
            c.drawing = IdentityBox(object: recording)
        }
        // A plain layer (most of a screen, every tile of an explode animation) is none of the
        // subclasses below: three failed casts per layer per frame saved.
        if type(of: l) == CALayer.self { return }
        if let t = l as? CATextLayer, let string = t.plainString, !string.isEmpty, let color = t.foregroundColor {
            let alignment = TextAlignment(rawValue: t.alignmentMode.rawValue) ?? .natural
            let truncation = TextTruncation(rawValue: t.truncationMode.rawValue) ?? .none
            // A name (a `String` or an `NSString`/`CFString`), or a `CGFont` made by name.
            let font = (t.font as? String) ?? (t.font as? NSString).map(String.init)
                ?? (t.font as? CGFont)?.postScriptName.map(String.init) ?? "Helvetica"
            c.text = TextContent(
                string: string,
                style: TextStyle(
                    fontName: font, fontSize: t.fontSize, color: color, alignment: alignment, isWrapped: t.isWrapped,
                    truncation: truncation, maximumNumberOfLines: max(0, t.maximumNumberOfLines)))
        }
        if let s = l as? CAShapeLayer, let path = s.path, !path.isEmpty {
            c.shapeLayer = ShapeContent(
                path: path, fillColor: components(s.fillColor), strokeColor: components(s.strokeColor),
                lineWidth: s.lineWidth.isFinite ? max(0, s.lineWidth) : 0, lineCap: s.lineCap.rawValue, lineJoin: s.lineJoin.rawValue,
                strokeStart: s.strokeStart.isFinite ? s.strokeStart : 0, strokeEnd: s.strokeEnd.isFinite ? s.strokeEnd : 1,
                evenOdd: s.fillRule == .evenOdd, miterLimit: s.miterLimit.isFinite ? s.miterLimit : 10,
                dashPattern: s.lineDashPattern.map { $0.map { CGFloat($0.doubleValue) } },
                dashPhase: s.lineDashPhase.isFinite ? s.lineDashPhase : 0)
            if c.shapeLayer?.fillColor == nil && c.shapeLayer?.strokeColor == nil { c.shapeLayer = nil }
        }
        if let g = l as? CAGradientLayer, let colors = g.colors, !colors.isEmpty {
            let comps = colors.compactMap { item -> [CGFloat]? in
                guard let color = item as? CGColor, let k = color.components, k.count >= 4 else { return nil }
                return Array(k.prefix(4))
            }
            if !comps.isEmpty {
                c.gradient = GradientContent(
                    colors: comps, locations: g.locations?.map { CGFloat($0.doubleValue) },
                    startPoint: g.startPoint, endPoint: g.endPoint, radial: g.type == .radial, conic: g.type == .conic)
            }
        }
    }
}
