// Source-over of premultiplied RGBA8 spans; see include/flipbook_blend.h for the arithmetic.
#include "flipbook_blend.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define FLIPBOOK_BLEND_SSE2 1
#endif

/* One channel: s over d with the source's inverse alpha `ia` (255 - s.alpha). */
static inline uint32_t flipbook_over_lane(uint32_t s, uint32_t d, uint32_t ia) {
    uint32_t t = d * ia + 128;
    uint32_t r = s + ((t + (t >> 8)) >> 8);
    return r > 255 ? 255 : r;
}

/* The pixel `s` (lanes already scaled) over the pixel `d`. */
static inline uint32_t flipbook_over_pixel(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24);
    return flipbook_over_lane(s & 0xFF, d & 0xFF, ia)
        | flipbook_over_lane((s >> 8) & 0xFF, (d >> 8) & 0xFF, ia) << 8
        | flipbook_over_lane((s >> 16) & 0xFF, (d >> 16) & 0xFF, ia) << 16
        | flipbook_over_lane(s >> 24, d >> 24, ia) << 24;
}

/* Each lane of `w` times k / 256, rounded. */
static inline uint32_t flipbook_scale_pixel(uint32_t w, uint32_t k) {
    return ((w & 0xFF) * k + 128) >> 8
        | (((w >> 8) & 0xFF) * k + 128) >> 8 << 8
        | (((w >> 16) & 0xFF) * k + 128) >> 8 << 16
        | ((w >> 24) * k + 128) >> 8 << 24;
}

void flipbook_blend_over_color_portable(uint32_t *dst, long count, uint32_t color) {
    for (long x = 0; x < count; x++) dst[x] = flipbook_over_pixel(color, dst[x]);
}

void flipbook_blend_over_span_portable(uint32_t *dst, const uint32_t *src, long count, int k) {
    uint32_t kk = k < 0 ? 0 : (uint32_t)k;
    for (long x = 0; x < count; x++) {
        uint32_t w = src[x];
        if (w < 0x01000000u) continue; /* alpha 0: the pixel stays */
        if (kk < 256) w = flipbook_scale_pixel(w, kk);
        dst[x] = flipbook_over_pixel(w, dst[x]);
    }
}

#ifdef FLIPBOOK_BLEND_SSE2
/* Two pixels' source lanes `s` (16-bit, already scaled) over two destination pixels `d`
   (16-bit lanes): every intermediate stays below 2^16 (d * ia + 128 <= 65153, plus its own
   top byte <= 65407), so 16-bit lanes are exact; packing saturates at 255 as the clamp does. */
static inline __m128i flipbook_over_lanes16(__m128i s, __m128i d) {
    const __m128i c255 = _mm_set1_epi16(255), c128 = _mm_set1_epi16(128);
    __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF); /* each pixel's alpha in its 4 lanes */
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(d, _mm_sub_epi16(c255, a)), c128);
    t = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
    return _mm_add_epi16(s, t);
}

static inline __m128i flipbook_scale_lanes16(__m128i s, __m128i k) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(s, k), _mm_set1_epi16(128)), 8);
}
#endif

void flipbook_blend_over_color(uint32_t *dst, long count, uint32_t color) {
    long x = 0;
#ifdef FLIPBOOK_BLEND_SSE2
    const __m128i zero = _mm_setzero_si128();
    const __m128i s = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), zero);
    for (; x + 4 <= count; x += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + x));
        __m128i lo = flipbook_over_lanes16(s, _mm_unpacklo_epi8(d, zero));
        __m128i hi = flipbook_over_lanes16(s, _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(dst + x), _mm_packus_epi16(lo, hi));
    }
#endif
    flipbook_blend_over_color_portable(dst + x, count - x, color);
}

void flipbook_blend_over_span(uint32_t *dst, const uint32_t *src, long count, int k) {
    long x = 0;
#ifdef FLIPBOOK_BLEND_SSE2
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi32((int)0xFF000000u);
    const int scaled = k < 256;
    const __m128i kv = _mm_set1_epi16((short)(k < 0 ? 0 : k));
    for (; x + 4 <= count; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + x));
        __m128i sa = _mm_and_si128(s, alpha);
        __m128i clear = _mm_cmpeq_epi32(sa, zero); /* alpha-0 texels leave their pixel alone */
        int clearMask = _mm_movemask_epi8(clear);
        if (clearMask == 0xFFFF) continue;
        if (!scaled && clearMask == 0 && _mm_movemask_epi8(_mm_cmpeq_epi32(sa, alpha)) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + x), s); /* four opaque texels at full opacity */
            continue;
        }
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + x));
        __m128i slo = _mm_unpacklo_epi8(s, zero), shi = _mm_unpackhi_epi8(s, zero);
        if (scaled) { slo = flipbook_scale_lanes16(slo, kv); shi = flipbook_scale_lanes16(shi, kv); }
        __m128i lo = flipbook_over_lanes16(slo, _mm_unpacklo_epi8(d, zero));
        __m128i hi = flipbook_over_lanes16(shi, _mm_unpackhi_epi8(d, zero));
        __m128i r = _mm_packus_epi16(lo, hi);
        r = _mm_or_si128(_mm_and_si128(clear, d), _mm_andnot_si128(clear, r));
        _mm_storeu_si128((__m128i *)(dst + x), r);
    }
#endif
    flipbook_blend_over_span_portable(dst + x, src + x, count - x, k);
}

int flipbook_blend_is_vectorised(void) {
#ifdef FLIPBOOK_BLEND_SSE2
    return 1;
#else
    return 0;
#endif
}
