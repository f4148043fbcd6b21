import CCairo
import Foundation
import FlipbookGeometry

// Image masks in the clip (`CGContext.clip(to:mask:)`). Cairo clips to paths only, so a command
// drawn under masks is drawn into a group, and the group is composited through each mask in
// turn (`cairo_mask`), the last time with the command's own operator: what reaches the
// destination is the drawing times the product of the masks' coverages, inside the path clip.
extension DrawingReplay {
    /// The A8 cairo surfaces of the masks met during one replay, made once an image.
    struct MaskSurfaces {
        private var surfaces: [ObjectIdentifier: (image: CGImage, surface: OpaquePointer)] = [:]

        /// The coverage of `mask` as an A8 surface (nil when cairo cannot make one).
        mutating func surface(for mask: CGContext.ClipMask) -> OpaquePointer? {
            let key = ObjectIdentifier(mask.image)
            if let known = surfaces[key] { return known.surface }
            let w = mask.image.width, h = mask.image.height
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return nil }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
            else {
                cairo_surface_destroy(surface)
                return nil
            }
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let coverage = mask.coverage
            for y in 0..<h {
                let row = data + y * stride
                for x in 0..<w { row[x] = coverage[y * w + x] }
            }
            cairo_surface_mark_dirty(surface)
            // The image is kept with its surface so its identifier is not reused during the replay.
            surfaces[key] = (mask.image, surface)
            return surface
        }

        func destroy() {
            for entry in surfaces.values { cairo_surface_destroy(entry.surface) }
        }
    }

    /// Whether a mask can be mapped: a rectangle with area and an invertible CTM (cairo would
    /// enter an error state on a singular matrix). A mask that cannot clips everything away.
    static func isDrawable(_ mask: CGContext.ClipMask) -> Bool {
        let t = mask.ctm
        return mask.rect.width != 0 && mask.rect.height != 0 && t.a * t.d - t.b * t.c != 0
    }

    /// Draws `command` through its state's image masks (the path clip applies as well).
    static func drawMasked(_ command: CGContext.Command, masks cache: inout MaskSurfaces, _ cr: OpaquePointer) {
        let state = command.state
        guard state.masks.allSatisfy(isDrawable) else { return }
        let surfaces = state.masks.compactMap { cache.surface(for: $0) }
        guard surfaces.count == state.masks.count else { return }
        apply(clip: state, cr)
        // The drawing alone, into a transparent group.
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_save(cr)
        if case .clear(let rect, let clearState) = command {
            // Clearing removes the destination where the masks cover: an opaque rectangle
            // composited with DEST_OUT below.
            concat(clearState.ctm, cr)
            cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
        } else {
            draw(command, cr)
        }
        cairo_restore(cr)
        guard var pattern = cairo_pop_group(cr) else { return }
        let finalOperator: cairo_operator_t
        if case .clear = command {
            finalOperator = CAIRO_OPERATOR_DEST_OUT
        } else {
            finalOperator = cairoOperator(state.blendMode)
        }
        for (index, (mask, surface)) in zip(state.masks, surfaces).enumerated() {
            let last = index == surfaces.count - 1
            if !last { cairo_push_group(cr) }
            // The source stays where the group was drawn: it is locked to this user space.
            cairo_set_source(cr, pattern)
            cairo_set_operator(cr, last ? finalOperator : CAIRO_OPERATOR_OVER)
            cairo_save(cr)
            concat(mask.ctm, cr)
            // Core Graphics puts the mask's top row at the rect's maxY edge, as it does an image.
            cairo_translate(cr, Double(mask.rect.minX), Double(mask.rect.maxY))
            cairo_scale(
                cr, Double(mask.rect.width) / Double(mask.image.width), -Double(mask.rect.height) / Double(mask.image.height))
            // Padded: the rectangle's path clip bounds the mask, and its edge pixels keep their
            // coverage rather than fading into nothing.
            if let maskPattern = cairo_pattern_create_for_surface(surface) {
                cairo_pattern_set_extend(maskPattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(maskPattern, cairoFilter(state.interpolationQuality))
                cairo_mask(cr, maskPattern)
                cairo_pattern_destroy(maskPattern)
            }
            cairo_restore(cr)
            if !last, let next = cairo_pop_group(cr) {
                cairo_pattern_destroy(pattern)
                pattern = next
            }
        }
        cairo_pattern_destroy(pattern)
    }
}
