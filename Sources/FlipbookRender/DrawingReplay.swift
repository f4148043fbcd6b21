import CCairo
import Foundation
import FlipbookGeometry

/// Replays a recording `CGContext`'s commands with cairo.
///
/// The recording's device space (points, origin top-left, y down) is placed at the layer's
/// bounds origin; each command carries its own graphics state (CTM, colours, line settings,
/// alpha, clip), so commands replay independently.
enum DrawingReplay {
    static func replay(_ commands: [CGContext.Command], origin: CGPoint, cr: OpaquePointer) {
        var masks = MaskSurfaces()
        defer { masks.destroy() }
        for command in commands {
            cairo_save(cr)
            cairo_translate(cr, Double(origin.x), Double(origin.y))
            if let shadow = command.state.shadow, shadow.color.alpha > 0 {
                if case .clear = command {} else { drawShadow(of: command, shadow, cr) }
            }
            if command.state.masks.isEmpty {
                cairo_set_operator(cr, Self.cairoOperator(command.state.blendMode))
                draw(command, cr)
            } else {
                drawMasked(command, masks: &masks, cr)
            }
            cairo_restore(cr)
        }
    }

    /// Draws one command in the current user space (the recording's device space), with its
    /// operator already set.
    static func draw(_ command: CGContext.Command, _ cr: OpaquePointer) {
        switch command {
        case .fill(let path, let rule, let state):
            apply(clip: state, cr)
            CairoPath.add(path, to: cr)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setColor(state.fillColor, alpha: state.alpha, cr)
            cairo_set_antialias(cr, state.shouldAntialias ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
            cairo_fill(cr)
        case .stroke(let path, let state):
            apply(clip: state, cr)
            CairoPath.add(path, to: cr)
            // The pen lives in the user space of the CTM, as in CoreGraphics.
            concat(state.ctm, cr)
            cairo_set_line_width(cr, Double(state.lineWidth))
            cairo_set_line_cap(cr, state.lineCap == .round ? CAIRO_LINE_CAP_ROUND : (state.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT))
            cairo_set_line_join(cr, state.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : (state.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER))
            cairo_set_miter_limit(cr, Double(state.miterLimit))
            if !state.lineDashLengths.isEmpty {
                var d = state.lineDashLengths.map { Double($0) }
                cairo_set_dash(cr, &d, Int32(d.count), Double(state.lineDashPhase))
            }
            setColor(state.strokeColor, alpha: state.alpha, cr)
            cairo_set_antialias(cr, state.shouldAntialias ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
            cairo_stroke(cr)
        case .clear(let rect, let state):
            apply(clip: state, cr)
            concat(state.ctm, cr)
            cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(cr)
        case .drawImage(let image, let rect, let state):
            apply(clip: state, cr)
            concat(state.ctm, cr)
            guard rect.width != 0, rect.height != 0,
                  let src = CairoBridge.surface(premultipliedRGBA: image.pixels, width: image.width, height: image.height)
            else { break }
            // CoreGraphics puts the image's top row at the rect's maxY edge.
            cairo_translate(cr, Double(rect.minX), Double(rect.maxY))
            cairo_scale(cr, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height))
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cr)
            cairo_set_source_surface(cr, src, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), Self.cairoFilter(state.interpolationQuality))
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, Double(state.alpha))
            cairo_surface_destroy(src)
        case .drawText(let run, let state):
            apply(clip: state, cr)
            concat(state.ctm, cr)
            var color = run.color
            if state.alpha < 1, let c = run.color.copy(alpha: run.color.alpha * state.alpha) { color = c }
            let alignment: TextAlignment = run.alignment == .center ? .center : (run.alignment == .right ? .right : .left)
            TextRenderer.draw(
                run.string, style: TextStyle(fontName: run.fontDescription, fontSize: 0, color: color, alignment: alignment),
                in: run.rect, cr: cr, clip: false)
        case .drawGradient(let run, let state):
            apply(clip: state, cr)
            concat(state.ctm, cr)
            paint(run, alpha: state.alpha, cr)
        }
    }

    /// Cairo's operator for a CoreGraphics blend mode. Cairo has no `plusDarker`
    /// (R = max(0, S + D − 1)); multiply stands in for it (docs/Divergences.md, "Blend modes").
    static func cairoOperator(_ mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply, .plusDarker: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// Cairo's filter for an interpolation quality: `.none` samples the nearest pixel.
    static func cairoFilter(_ quality: CGInterpolationQuality) -> cairo_filter_t {
        switch quality {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .default, .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }

    /// A gradient as a cairo pattern painted over the clip. Cairo extends both ends or neither:
    /// with only one of the two options, neither end is extended.
    private static func paint(_ run: CGContext.GradientRun, alpha: CGFloat, _ cr: OpaquePointer) {
        let pattern: OpaquePointer?
        switch run.kind {
        case .linear(let s, let e):
            pattern = cairo_pattern_create_linear(Double(s.x), Double(s.y), Double(e.x), Double(e.y))
        case .radial(let c0, let r0, let c1, let r1):
            pattern = cairo_pattern_create_radial(Double(c0.x), Double(c0.y), Double(r0), Double(c1.x), Double(c1.y), Double(r1))
        }
        guard let pattern else { return }
        for (color, location) in zip(run.gradient.colors, run.gradient.locations) {
            let k = color.components ?? [0, 0, 0, 1]
            cairo_pattern_add_color_stop_rgba(pattern, Double(location), Double(k[0]), Double(k[1]), Double(k[2]), Double(k[3]))
        }
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        cairo_pattern_set_extend(pattern, run.options.isSuperset(of: both) ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, Double(alpha))
        cairo_pattern_destroy(pattern)
    }

    static func concat(_ t: CGAffineTransform, _ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        cairo_transform(cr, &m)
    }

    private static func setColor(_ c: CGColor, alpha: CGFloat, _ cr: OpaquePointer) {
        let k = c.components ?? [0, 0, 0, 1]
        cairo_set_source_rgba(cr, Double(k[0]), Double(k[1]), Double(k[2]), Double(k[3] * alpha))
    }

    /// Intersects the cairo clip with the state's clip paths (device space).
    static func apply(clip state: CGContext.GraphicsState, _ cr: OpaquePointer) {
        for c in state.clip {
            cairo_new_path(cr)
            CairoPath.add(c.path, to: cr)
            cairo_set_fill_rule(cr, c.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
        cairo_new_path(cr)
    }
}
