import CCairo
import Foundation
import FlipbookGeometry

/// Shadows of drawing commands (`CGContext.setShadow`; docs/Semantics.md, "Shadows in drawings").
extension DrawingReplay {
    /// Paints the shadow of `command` under where it will be drawn: the command drawn alone into
    /// a scratch surface the size of the target, its alpha blurred (σ = blur / 2 points, three
    /// extended-box passes as for layer shadows), tinted with the shadow's colour and the state's
    /// alpha, moved by the offset (device space) and clipped by the state's clip. `cr` is set up as
    /// for drawing the command (the recording's device space).
    static func drawShadow(of command: CGContext.Command, _ shadow: CGContext.Shadow, _ cr: OpaquePointer) {
        guard let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        let w = Int(cairo_image_surface_get_width(target)), h = Int(cairo_image_surface_get_height(target))
        guard w > 0, h > 0, let scratch = CairoBridge.makeSurface(width: w, height: h) else { return }
        defer { cairo_surface_destroy(scratch) }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let c2 = cairo_create(scratch) else { return }
        cairo_set_matrix(c2, &m)
        draw(command, c2)
        cairo_destroy(c2)
        cairo_surface_flush(scratch)
        guard let base = cairo_image_surface_get_data(scratch) else { return }
        let stride = Int(cairo_image_surface_get_stride(scratch))
        var alpha = [UInt8](repeating: 0, count: w * h)
        // ARGB32 in native (little-endian) order: alpha is the fourth byte.
        for y in 0..<h { for x in 0..<w { alpha[y * w + x] = base[y * stride + x * 4 + 3] } }
        // Pixels per point: the length of the matrix's x axis.
        let scale = (Double(m.xx) * Double(m.xx) + Double(m.yx) * Double(m.yx)).squareRoot()
        let sigma = Double(shadow.blur) / 2 * scale
        if sigma > 0 {
            let box = ShadowRasterizer.ExtendedBox(variance: sigma * sigma / 3)
            for _ in 0..<3 {
                ShadowRasterizer.boxBlur(&alpha, w: w, h: h, box: box, horizontal: true)
                ShadowRasterizer.boxBlur(&alpha, w: w, h: h, box: box, horizontal: false)
            }
        }
        let k = shadow.color.components ?? [0, 0, 0, 1]
        let a = Double(k[3]) * Double(command.state.alpha)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) where alpha[i] > 0 {
            let level = Double(alpha[i]) / 255 * a
            pixels[i * 4] = UInt8((Double(k[0]) * level * 255).rounded())
            pixels[i * 4 + 1] = UInt8((Double(k[1]) * level * 255).rounded())
            pixels[i * 4 + 2] = UInt8((Double(k[2]) * level * 255).rounded())
            pixels[i * 4 + 3] = UInt8((level * 255).rounded())
        }
        guard let tinted = CairoBridge.surface(premultipliedRGBA: pixels, width: w, height: h) else { return }
        defer { cairo_surface_destroy(tinted) }
        cairo_save(cr)
        apply(clip: command.state, cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, tinted, Double(shadow.offset.width) * scale, Double(shadow.offset.height) * scale)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
