// FlipbookRender: display list, content rasteriser (cairo + pango), compositor, encoders.
//
// Design (see docs/ARCHITECTURE.md):
// 1. `DisplayListBuilder` walks the presentation tree of a frame and flattens it the way Core
//    Animation composites it: each layer becomes a plane with an absolute projective matrix
//    (layer bounds space -> output pixels), siblings ordered by zPosition, z dropped between
//    levels (flattening), back faces culled for single-sided layers, clip shapes from
//    masksToBounds ancestors, and group entries for translucent subtrees and mask layers.
// 2. `ContentRasterizer` draws what a layer shows in its own space (background, rounded corners,
//    border, image contents, text, recorded drawing) with cairo and pango, once per content
//    change; `ContentCache` keeps those bitmaps across frames keyed by the content, never by
//    position, so moving layers cost no redraw.
// 3. `Compositor` maps each bitmap through its matrix: inverse-mapped, perspective-correct,
//    bilinear, edge coverage computed analytically, premultiplied source-over. Rows are split
//    across cores; each row is computed by exactly one thread with the same arithmetic, so the
//    output is byte-identical on every run.
// Invariants: geometry (matrices, polygons) is Double; pixels are premultiplied RGBA8; nothing
// here mutates a layer.
import FlipbookQuartz
