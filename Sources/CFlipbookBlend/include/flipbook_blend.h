#ifndef FLIPBOOK_BLEND_H
#define FLIPBOOK_BLEND_H
// Source-over of spans of premultiplied RGBA8 pixels for FlipbookRender's compositor
// (Compositor+Rows.swift, Compositor+Blit.swift), four pixels at a time in SSE2 registers on
// x86-64 and one at a time elsewhere. Every function gives, bit for bit, what the compositor's
// per-pixel `Pixel.over` gives (docs/Renderer.md, "Constant rows and wide backdrop
// blurs"): per channel, with s the source and d the destination (0...255, premultiplied),
//     t = d * (255 - s.alpha) + 128,   result = min(255, s + ((t + (t >> 8)) >> 8)).
// Pixels are packed words, red in the low byte (little-endian RGBA8).
#include <stdint.h>

/// `color` (its lanes already scaled by any opacity) over each of `count` pixels at `dst`.
void flipbook_blend_over_color(uint32_t *dst, long count, uint32_t color);

/// Texels `src[0..<count]` over pixels `dst[0..<count]`, each texel's lanes first scaled by
/// `k` / 256 when `k` < 256 (s = (s * k + 128) >> 8, `k` in 0...256) as the compositor scales by
/// a layer's opacity. Fully transparent texels (alpha 0) leave their pixel alone, whatever their
/// colour bytes hold.
void flipbook_blend_over_span(uint32_t *dst, const uint32_t *src, long count, int k);

/// The same two functions one pixel at a time in plain C: the reference the vector copies are
/// tested against bit for bit.
void flipbook_blend_over_color_portable(uint32_t *dst, long count, uint32_t color);
void flipbook_blend_over_span_portable(uint32_t *dst, const uint32_t *src, long count, int k);

/// 1 when the functions above run four pixels at a time (SSE2), else 0.
int flipbook_blend_is_vectorised(void);

#endif
