import CCairo
import Foundation
import FlipbookGeometry

/// Horizontal alignment of text lines (CATextLayer's alignment modes; NSTextAlignment for UIKit).
public enum TextAlignment: String, Sendable, Hashable {
    case natural, left, right, center, justified
}

/// Where text that does not fit is cut and an ellipsis shown.
public enum TextTruncation: String, Sendable, Hashable {
    case none, start, middle, end
}

/// How to lay out and draw a string: font, size, colour, wrapping, line limit, alignment.
///
/// Flipbook's text engine is pango (HarfBuzz shaping, fontconfig fallback, so colour emoji come
/// from Noto Color Emoji). `fontName` is a pango font description such as "Sans", "DejaVu Sans
/// Bold" or "Helvetica Bold Italic" (fontconfig substitutes missing families); the size always
/// comes from `fontSize`, in points.
public struct TextStyle: Sendable, Hashable {
    public var fontName: String
    /// Font size in points.
    public var fontSize: CGFloat
    public var color: CGColor
    public var alignment: TextAlignment
    /// Wraps at word boundaries (or inside words that are too long) when true; one line when false.
    public var isWrapped: Bool
    public var truncation: TextTruncation
    /// Lines at most; 0 means no limit. With a limit the last line ends in an ellipsis when cut.
    public var maximumNumberOfLines: Int

    public init(
        fontName: String = "Sans", fontSize: CGFloat = 17, color: CGColor = .black,
        alignment: TextAlignment = .natural, isWrapped: Bool = true, truncation: TextTruncation = .end,
        maximumNumberOfLines: Int = 0
    ) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.maximumNumberOfLines = maximumNumberOfLines
    }
}

/// Measures and draws text with pango and cairo.
///
/// Text is laid out in points (hinting off, metrics unhinted, the identity matrix) and drawn
/// through the context's transform, so layout does not depend on the render scale or on the
/// shape of its pixels (a label measures and draws the same at 1x, 3x and 2.004 × 2.029), and
/// output is deterministic.
public enum TextRenderer {
    /// The size, in points, the laid-out text needs: its width is at most `maxWidth` when given
    /// (wrapping as the style says), its height the total of its lines (after any line limit).
    /// Sizes are rounded up to whole points' fractions as pango reports them (1/1024 pt).
    public static func measure(_ string: String, style: TextStyle, maxWidth: CGFloat? = nil) -> CGSize {
        guard let layout = makeLayout(string, style: style, width: maxWidth, height: nil) else { return .zero }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        return CGSize(width: Double(logical.width) / scale, height: Double(logical.height) / scale)
    }

    /// `string` drawn into a transparent image of `size` points at `scale` pixels per point, from
    /// the top-left, wrapped to the width (a text bitmap to use as layer contents, with
    /// `contentsScale = scale`). Nil for empty or invalid sizes.
    public static func image(_ string: String, style: TextStyle, size: CGSize, scale: CGFloat = 2) -> CGImage? {
        guard let (w, h) = ContentRasterizer.pixelSize(bounds: CGRect(origin: .zero, size: size), scale: Double(scale)),
              let surface = CairoBridge.makeSurface(width: w, height: h), let cr = cairo_create(surface)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_scale(cr, Double(w) / Double(size.width), Double(h) / Double(size.height))
        draw(string, style: style, in: CGRect(origin: .zero, size: size), cr: cr)
        cairo_destroy(cr)
        let r = CairoBridge.raster(from: surface)
        return CGImage(width: r.width, height: r.height, premultipliedRGBA: r.pixels)
    }

    /// Draws `string` into the cairo context `cr` (user space in points) inside `rect`, from its top.
    /// A `fontSize` of 0 keeps the size named in `fontName` (a pango description such as "Sans 12").
    static func draw(_ string: String, style: TextStyle, in rect: CGRect, cr: OpaquePointer, clip: Bool = true) {
        guard !string.isEmpty, rect.width > 0, style.fontSize >= 0, style.fontSize.isFinite else { return }
        guard rect.height > 0 || !clip else { return }
        guard let layout = makeLayout(string, style: style, width: rect.width, height: rect.height > 0 ? rect.height : nil)
        else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let c = style.color.components ?? [0, 0, 0, 1]
        cairo_save(cr)
        if clip {
            cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
        }
        cairo_set_source_rgba(cr, Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        var x = Double(rect.minX)
        if pango_layout_get_width(layout) < 0 {
            // An unbounded layout: pango aligns its lines to the widest; align that in `rect`.
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let spare = Double(rect.width) - Double(logical.width) / Double(PANGO_SCALE)
            switch style.alignment {
            case .center: x += spare / 2
            case .right: x += spare
            case .natural, .left, .justified: break
            }
        }
        cairo_move_to(cr, x, Double(rect.minY))
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    /// A pango layout for `string`, laid out in points whatever context will draw it; the caller
    /// unrefs it.
    ///
    /// The layout's pango context has the identity matrix, never a drawing context's transform
    /// (`pango_cairo_create_layout` would copy it): pango shapes text for a transform whose x and
    /// y scales differ as if the font were stretched, so a layout made for a bitmap whose pixels
    /// are not square (a whole-pixel size stretched over fractional bounds, e.g. 2.004 × 2.029
    /// pixels per point) is wider or narrower than the one `measure` made, by about the ratio of
    /// the two scales (more at small scales), and text sized to fit gets an ellipsis. Laid out
    /// once in points, `pango_cairo_show_layout` draws the same glyph positions through whatever
    /// transform the context has, so measuring and drawing agree at every scale.
    private static func makeLayout(
        _ string: String, style: TextStyle, width: CGFloat?, height: CGFloat?
    ) -> OpaquePointer? {
        if FontRegistration.generation != 0 {
            // A font was registered (CTFontManagerRegisterGraphicsFont): this thread's font map
            // forgets what it cached before, once per registration.
            let key = "FlipbookRender.fontGeneration"
            var seen = Thread.current.threadDictionary[key] as? Int ?? 0
            FontRegistration.refreshFontMapIfNeeded(seen: &seen)
            Thread.current.threadDictionary[key] = seen
        }
        guard let fontMap = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(fontMap)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        guard let layout = pango_layout_new(context) else { return nil }
        let size = style.fontSize.isFinite ? max(0.5, min(Double(style.fontSize), 4096)) : 17
        if let desc = pango_font_description_from_string(style.fontName.isEmpty ? "Sans" : style.fontName) {
            if style.fontSize > 0 {
                pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
            } else {
                // Keep the description's own size, read as points (= user-space units here).
                let named = Double(pango_font_description_get_size(desc)) / Double(PANGO_SCALE)
                pango_font_description_set_absolute_size(desc, (named > 0 ? min(named, 4096) : 12) * Double(PANGO_SCALE))
            }
            pango_layout_set_font_description(layout, desc)
            pango_font_description_free(desc)
        }
        string.withCString { pango_layout_set_text(layout, $0, -1) }
        // One line, not truncated (CATextLayer's default; UILabel's `.byClipping` on one line):
        // the line is laid out at its full length and cut by the bounds, never wrapped. Such a
        // layout has no width, so `draw` places it for the alignment itself.
        let unbounded = !style.isWrapped && style.truncation == .none
        if !unbounded, let w = width, w.isFinite, w > 0 {
            // Rounded up, plus one pango unit (1/1024 pt), so a width taken from `measure`
            // always fits the same text without wrapping or an ellipsis.
            pango_layout_set_width(layout, Int32((min(Double(w), 1e6) * Double(PANGO_SCALE)).rounded(.up)) + 1)
        }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let ellipsize: PangoEllipsizeMode
        switch style.truncation {
        case .none: ellipsize = PANGO_ELLIPSIZE_NONE
        case .start: ellipsize = PANGO_ELLIPSIZE_START
        case .middle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case .end: ellipsize = PANGO_ELLIPSIZE_END
        }
        if !style.isWrapped {
            // One line: pango ellipsizes a single paragraph line when height is -1.
            pango_layout_set_height(layout, -1)
            pango_layout_set_ellipsize(layout, width == nil || unbounded ? PANGO_ELLIPSIZE_NONE : ellipsize)
        } else if style.maximumNumberOfLines > 0 {
            pango_layout_set_height(layout, -Int32(min(style.maximumNumberOfLines, 100_000)))
            pango_layout_set_ellipsize(layout, ellipsize == PANGO_ELLIPSIZE_NONE ? PANGO_ELLIPSIZE_END : ellipsize)
        } else if let h = height, h.isFinite, h > 0, style.truncation != .none {
            pango_layout_set_height(layout, Int32(min(Double(h), 1e6) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, ellipsize)
        }
        switch style.alignment {
        case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        return layout
    }
}
