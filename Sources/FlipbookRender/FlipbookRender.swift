// FlipbookRender: display list, content rasteriser (cairo + pango), compositor, encoders.
//
// Design (see docs/Renderer.md):
// 1. `DisplayListBuilder` walks the presentation tree of a frame and flattens it the way Core
//    Animation composites it: each layer becomes a plane with an absolute projective matrix
//    (layer bounds space -> output pixels), siblings ordered by zPosition, z dropped between
//    levels (flattening), back faces culled for single-sided layers, clip shapes from
//    masksToBounds ancestors, and group entries for translucent subtrees and mask layers.
// 2. `ContentRasterizer` draws what a layer shows in its own space (background, rounded corners,
//    border, text, shapes, gradients, recorded drawing, images combined with those) with cairo
//    and pango, once per content change; an image shown alone is not redrawn but sampled
//    directly (`ImageContent`), as iOS's GPU does. `ContentCache` keeps bitmaps and image
//    textures across frames keyed by the content, never by position, so moving layers cost no
//    redraw.
// 3. `Compositor` maps each bitmap through its matrix: inverse-mapped, perspective-correct,
//    bilinear, edge coverage computed analytically, premultiplied source-over. Each row is cut
//    into edge pixels (full tests), interior pixels (no coverage or clamping work) and runs
//    over a source's flat-colour core (filled without sampling); tap positions are 32.32 fixed
//    point from exact anchors (`TapStepper`).
// 4. `DisplayListExecutor` runs the whole list on two workers that own interleaved row bands;
//    `FrameDamage` compares a frame's list with the previous one so `LayerRenderer` redraws
//    only pixels that can change, starting them from a cached backdrop (the composite of the
//    leading items that did not change). Every pixel is computed by one worker with the same
//    arithmetic whatever the clip, so output is byte-identical on every run and equals a full
//    redraw (tests compare both).
// Invariants: geometry (matrices, polygons) is Double; pixels are premultiplied RGBA8; nothing
// here mutates a layer.
import FlipbookQuartz
