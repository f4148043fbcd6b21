// Flipbook's PNG writer (see include/flipbook_png.h): unpremultiplying, PNG row filters and
// zlib's deflate in one pass over the rows.
#include "flipbook_png.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static unsigned char flipbook_png_paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (unsigned char)a;
    if (pb <= pc) return (unsigned char)b;
    return (unsigned char)c;
}

static void flipbook_png_up(
    const unsigned char *__restrict row, const unsigned char *__restrict prev, size_t n, unsigned char *__restrict out) {
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(row[i] - prev[i]);
}

/// Filters one row of `n` bytes (`bpp` bytes a pixel) with `filter` into out[0..<n].
static void flipbook_png_filter_row(
    int filter, const unsigned char *row, const unsigned char *prev, size_t n, int bpp, unsigned char *out) {
    size_t i;
    switch (filter) {
    case FLIPBOOK_PNG_SUB:
        for (i = 0; i < (size_t)bpp && i < n; i++) out[i] = row[i];
        for (; i < n; i++) out[i] = (unsigned char)(row[i] - row[i - bpp]);
        break;
    case FLIPBOOK_PNG_UP:
        flipbook_png_up(row, prev, n, out);
        break;
    case FLIPBOOK_PNG_AVERAGE:
        for (i = 0; i < (size_t)bpp && i < n; i++) out[i] = (unsigned char)(row[i] - (prev[i] >> 1));
        for (; i < n; i++) out[i] = (unsigned char)(row[i] - ((row[i - bpp] + prev[i]) >> 1));
        break;
    case FLIPBOOK_PNG_PAETH:
        for (i = 0; i < (size_t)bpp && i < n; i++) out[i] = (unsigned char)(row[i] - prev[i]);
        for (; i < n; i++) out[i] = (unsigned char)(row[i] - flipbook_png_paeth(row[i - bpp], prev[i], prev[i - bpp]));
        break;
    default:
        memcpy(out, row, n);
        break;
    }
}

static unsigned long flipbook_png_cost(const unsigned char *f, size_t n) {
    unsigned long s = 0;
    for (size_t i = 0; i < n; i++) s += f[i] < 128 ? f[i] : 256 - f[i];
    return s;
}

/// Converts premultiplied RGBA8 to the straight-alpha PNG sample layout: RGBA, or RGB when
/// `channels` is 3 (then every pixel is opaque). Straight = (c * 255 + a / 2) / a, as cairo's
/// PNG writer rounds.
static void flipbook_png_unpremultiply_row(
    const unsigned char *__restrict src, size_t width, int channels, unsigned char *__restrict dst) {
    if (channels == 3) {  /* every pixel opaque: straight equals premultiplied, drop alpha */
        for (size_t x = 0; x < width; x++) {
            dst[x * 3] = src[x * 4]; dst[x * 3 + 1] = src[x * 4 + 1]; dst[x * 3 + 2] = src[x * 4 + 2];
        }
        return;
    }
    for (size_t x = 0; x < width; x++) {
        const unsigned char *s = src + x * 4;
        unsigned a = s[3];
        unsigned char *d = dst + x * (size_t)channels;
        if (a == 255 || a == 0) {
            d[0] = a ? s[0] : 0; d[1] = a ? s[1] : 0; d[2] = a ? s[2] : 0;
        } else {
            unsigned r = (s[0] * 255u + a / 2) / a, g = (s[1] * 255u + a / 2) / a, b = (s[2] * 255u + a / 2) / a;
            d[0] = (unsigned char)(r > 255 ? 255 : r);
            d[1] = (unsigned char)(g > 255 ? 255 : g);
            d[2] = (unsigned char)(b > 255 ? 255 : b);
        }
        if (channels == 4) d[3] = (unsigned char)a;
    }
}

void flipbook_straight_rgba(const unsigned char *src, size_t count, unsigned char *dst) {
    flipbook_png_unpremultiply_row(src, count, 4, dst);
}

static void flipbook_png_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

/// True when every alpha byte is 255 (32-bit words AND-reduced, which vectorises).
static int flipbook_png_opaque(const unsigned char *pixels, size_t count) {
    const size_t chunk = 4096;
    for (size_t start = 0; start < count; start += chunk) {
        size_t end = start + chunk < count ? start + chunk : count;
        uint32_t acc = 0xFFFFFFFFu;
        for (size_t i = start; i < end; i++) {
            uint32_t w;
            memcpy(&w, pixels + i * 4, 4);
            acc &= w;
        }
        if ((acc >> 24) != 0xFFu) return 0;  /* little-endian: alpha is the high byte */
    }
    return 1;
}

unsigned char *flipbook_png_encode(
    const unsigned char *pixels, long width, long height, int level, int strategy, int filter, size_t *length) {
    if (width <= 0 || height <= 0 || width > 0x7fffffffL / 4 || height > 0x7fffffffL) return NULL;
    size_t w = (size_t)width, h = (size_t)height;
    int opaque = flipbook_png_opaque(pixels, w * h);
    int channels = opaque ? 3 : 4;
    size_t n = w * (size_t)channels;
    unsigned char *rows = (unsigned char *)calloc(2 * n, 1);  /* previous and current row, straight */
    unsigned char *filtered = (unsigned char *)malloc(6 * (n + 1));  /* one candidate per filter */
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!rows || !filtered || deflateInit2(&z, level, Z_DEFLATED, 15, 8, strategy) != Z_OK) {
        free(rows); free(filtered);
        return NULL;
    }
    uLong bound = deflateBound(&z, (uLong)((n + 1) * h));
    size_t head = 8 + 25 + 8;  /* signature, IHDR chunk, IDAT length and type */
    size_t cap = head + bound + 4 + 12;
    unsigned char *out = (unsigned char *)malloc(cap);
    if (!out) { deflateEnd(&z); free(rows); free(filtered); return NULL; }
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(out, sig, 8);
    unsigned char *ihdr = out + 8;
    flipbook_png_put32(ihdr, 13);
    memcpy(ihdr + 4, "IHDR", 4);
    flipbook_png_put32(ihdr + 8, (uint32_t)w);
    flipbook_png_put32(ihdr + 12, (uint32_t)h);
    ihdr[16] = 8; ihdr[17] = (unsigned char)(opaque ? 2 : 6); ihdr[18] = 0; ihdr[19] = 0; ihdr[20] = 0;
    flipbook_png_put32(ihdr + 21, (uint32_t)crc32(0, ihdr + 4, 17));
    unsigned char *idat = out + 8 + 25;
    memcpy(idat + 4, "IDAT", 4);
    z.next_out = idat + 8;
    z.avail_out = (uInt)bound;
    unsigned char *prev = rows, *cur = rows + n;
    unsigned char *zeros = filtered + 6 * (n + 1) - (n + 1);  /* the last candidate slot, reused */
    int ok = 1;
    for (size_t y = 0; y < h && ok; y++) {
        unsigned char *line = filtered;
        const unsigned char *src = pixels + y * w * 4;
        if (y > 0 && filter == FLIPBOOK_PNG_UP && memcmp(src, src - w * 4, w * 4) == 0) {
            /* A row like the one above (flat UI): Up makes it all zeros, nothing to convert. */
            zeros[0] = FLIPBOOK_PNG_UP;
            memset(zeros + 1, 0, n);
            z.next_in = zeros;
            z.avail_in = (uInt)(n + 1);
            if (deflate(&z, Z_NO_FLUSH) == Z_STREAM_ERROR || z.avail_in != 0) ok = 0;
            continue;
        }
        flipbook_png_unpremultiply_row(src, w, channels, cur);
        if (filter == FLIPBOOK_PNG_ADAPTIVE) {
            unsigned long best = (unsigned long)-1;
            for (int f = 0; f <= 4; f++) {
                unsigned char *cand = filtered + (size_t)(f + 1) * (n + 1);
                cand[0] = (unsigned char)f;
                flipbook_png_filter_row(f, cur, prev, n, channels, cand + 1);
                unsigned long c = flipbook_png_cost(cand + 1, n);
                if (c < best) { best = c; line = cand; }
            }
        } else {
            int f = (filter >= 0 && filter <= 4) ? filter : FLIPBOOK_PNG_NONE;
            line[0] = (unsigned char)f;
            flipbook_png_filter_row(f, cur, prev, n, channels, line + 1);
        }
        z.next_in = line;
        z.avail_in = (uInt)(n + 1);
        if (deflate(&z, Z_NO_FLUSH) == Z_STREAM_ERROR || z.avail_in != 0) ok = 0;
        unsigned char *t = prev; prev = cur; cur = t;
    }
    if (ok && deflate(&z, Z_FINISH) != Z_STREAM_END) ok = 0;
    size_t zlen = (size_t)z.total_out;
    deflateEnd(&z);
    free(rows); free(filtered);
    if (!ok) { free(out); return NULL; }
    flipbook_png_put32(idat, (uint32_t)zlen);
    flipbook_png_put32(idat + 8 + zlen, (uint32_t)crc32(0, idat + 4, (uInt)(4 + zlen)));
    unsigned char *iend = idat + 12 + zlen;
    flipbook_png_put32(iend, 0);
    memcpy(iend + 4, "IEND", 4);
    flipbook_png_put32(iend + 8, (uint32_t)crc32(0, iend + 4, 4));
    *length = (size_t)(iend + 12 - out);
    return out;
}


/// One chroma pair from the sums of up to four pixels (the padding counts as black).
static inline void flipbook_uv(int sr, int sg, int sb, unsigned char *u, unsigned char *v) {
    *u = (unsigned char)(((-38 * sr - 74 * sg + 112 * sb + 512) >> 10) + 128);
    *v = (unsigned char)(((112 * sr - 94 * sg - 18 * sb + 512) >> 10) + 128);
}

/// The pixel at `p` as a 32-bit word with red in the low byte, whatever the machine's byte order.
static inline uint32_t flipbook_pixel(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

/// One row of luma. Whole-word loads with masks: the compiler vectorises this form about 1.6
/// times better than byte loads (docs/API-Status.md, "Export performance").
///
/// The row functions and the frame loop are inlined into two copies of the conversion, one
/// compiled for the baseline instruction set and one for AVX2 (picked at run time): the same C,
/// so the same bytes, the AVX2 copy about 3 times faster (docs/Benchmarks.md).
#define FLIPBOOK_INLINE static inline __attribute__((always_inline))
FLIPBOOK_INLINE void flipbook_luma_row(const unsigned char *__restrict src, long width, unsigned char *__restrict dst) {
    for (long x = 0; x < width; x++) {
        uint32_t p = flipbook_pixel(src + 4 * x);
        uint32_t r = p & 255, g = (p >> 8) & 255, b = (p >> 16) & 255;
        dst[x] = (unsigned char)(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16);
    }
}

/// One row of chroma from source rows `a` and `b` (NULL: a black padding row), `width` pixels
/// wide; an odd last column pairs with black padding.
FLIPBOOK_INLINE void flipbook_chroma_row(const unsigned char *__restrict a, const unsigned char *__restrict b, long width,
                                unsigned char *__restrict u, unsigned char *__restrict v) {
    long pairs = width / 2;
    if (b) {
        for (long i = 0; i < pairs; i++) {
            uint32_t p0 = flipbook_pixel(a + 8 * i), p1 = flipbook_pixel(a + 8 * i + 4);
            uint32_t q0 = flipbook_pixel(b + 8 * i), q1 = flipbook_pixel(b + 8 * i + 4);
            int sr = (int)((p0 & 255) + (p1 & 255) + (q0 & 255) + (q1 & 255));
            int sg = (int)(((p0 >> 8) & 255) + ((p1 >> 8) & 255) + ((q0 >> 8) & 255) + ((q1 >> 8) & 255));
            int sb = (int)(((p0 >> 16) & 255) + ((p1 >> 16) & 255) + ((q0 >> 16) & 255) + ((q1 >> 16) & 255));
            flipbook_uv(sr, sg, sb, u + i, v + i);
        }
        if (width & 1) {
            const unsigned char *p = a + 8 * pairs, *q = b + 8 * pairs;
            flipbook_uv(p[0] + q[0], p[1] + q[1], p[2] + q[2], u + pairs, v + pairs);
        }
    } else {
        for (long i = 0; i < pairs; i++) {
            const unsigned char *p = a + 8 * i;
            flipbook_uv(p[0] + p[4], p[1] + p[5], p[2] + p[6], u + i, v + i);
        }
        if (width & 1) {
            const unsigned char *p = a + 8 * pairs;
            flipbook_uv(p[0], p[1], p[2], u + pairs, v + pairs);
        }
    }
}

FLIPBOOK_INLINE long flipbook_yuv420_rows(const unsigned char *pixels, const unsigned char *previous, long width,
                                          long height, unsigned char *out) {
    long W = width + (width & 1), H = height + (height & 1), stride = width * 4;
    unsigned char *Y = out, *U = out + W * H, *V = U + (W / 2) * (H / 2);
    if (previous == pixels) return 0;  /* the same frame again (a renderer reusing its image) */
    long converted = 0;
    for (long y = 0; y < H; y += 2) {
        const unsigned char *r0 = pixels + y * stride, *r1 = y + 1 < height ? r0 + stride : NULL;
        if (previous) {
            const unsigned char *p0 = previous + y * stride;
            if (memcmp(r0, p0, (size_t)stride) == 0 && (!r1 || memcmp(r1, p0 + stride, (size_t)stride) == 0)) continue;
        }
        converted++;
        for (long k = 0; k < 2; k++) {
            unsigned char *dst = Y + (y + k) * W;
            const unsigned char *src = k ? r1 : r0;
            if (!src) { memset(dst, 16, (size_t)W); continue; }  /* padding rows and columns are black */
            flipbook_luma_row(src, width, dst);
            if (W > width) dst[width] = 16;
        }
        flipbook_chroma_row(r0, r1, width, U + (y / 2) * (W / 2), V + (y / 2) * (W / 2));
    }
    return converted;
}

long flipbook_yuv420_update_portable(const unsigned char *pixels, const unsigned char *previous, long width,
                                     long height, unsigned char *out) {
    return flipbook_yuv420_rows(pixels, previous, width, height, out);
}

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__clang__) || defined(__GNUC__))
#define FLIPBOOK_HAS_AVX2_PATH 1
__attribute__((target("avx2"))) static long flipbook_yuv420_update_avx2(
    const unsigned char *pixels, const unsigned char *previous, long width, long height, unsigned char *out) {
    return flipbook_yuv420_rows(pixels, previous, width, height, out);
}
#endif

int flipbook_yuv420_uses_avx2(void) {
#ifdef FLIPBOOK_HAS_AVX2_PATH
    static int cached = -1;  /* a benign race: every thread computes the same value */
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return cached;
#else
    return 0;
#endif
}

long flipbook_yuv420_update(const unsigned char *pixels, const unsigned char *previous, long width, long height,
                            unsigned char *out) {
#ifdef FLIPBOOK_HAS_AVX2_PATH
    if (flipbook_yuv420_uses_avx2()) return flipbook_yuv420_update_avx2(pixels, previous, width, height, out);
#endif
    return flipbook_yuv420_update_portable(pixels, previous, width, height, out);
}

void flipbook_yuv420(const unsigned char *pixels, long width, long height, unsigned char *out) {
    (void)flipbook_yuv420_update(pixels, NULL, width, height, out);
}

int flipbook_keep_freed_buffers(void) {
#if defined(__GLIBC__)
    int changed = 0;
    if (!getenv("MALLOC_MMAP_THRESHOLD_")) changed |= mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1;
    if (!getenv("MALLOC_TRIM_THRESHOLD_")) changed |= mallopt(M_TRIM_THRESHOLD, 256 << 20) == 1;
    return changed;
#else
    return 0;
#endif
}
