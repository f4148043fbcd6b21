#ifndef FLIPBOOK_PNG_H
#define FLIPBOOK_PNG_H
// Flipbook's PNG writer for FlipbookRender (PNGEncoder.swift): unpremultiplying, PNG row
// filters and zlib's deflate in C, one pass over the rows. Everything is a pure function of
// its inputs: the same pixels, level, strategy and filter give the same bytes (zlib's output is
// deterministic for a given version and settings).
#include <stddef.h>

/// PNG row filters (PNG spec, section 9.2), plus -1 for "choose per row by the smallest sum
/// of absolute differences" (the spec's recommended heuristic).
enum { FLIPBOOK_PNG_NONE = 0, FLIPBOOK_PNG_SUB = 1, FLIPBOOK_PNG_UP = 2, FLIPBOOK_PNG_AVERAGE = 3,
       FLIPBOOK_PNG_PAETH = 4, FLIPBOOK_PNG_ADAPTIVE = -1 };

/// zlib's strategies, for callers that do not include zlib.h.
enum { FLIPBOOK_PNG_DEFAULT_STRATEGY = 0, FLIPBOOK_PNG_RLE = 3 };

/// Encodes premultiplied RGBA8 pixels (rows top to bottom, width * 4 bytes a row, little-endian
/// machine) as a PNG: 8-bit RGB when every pixel is opaque, else 8-bit RGBA (straight alpha);
/// one IDAT chunk; deflate at `level` (1-9) with zlib's `strategy`; every row filtered with
/// `filter` (rows equal to the one above take a shortcut under Up).
/// Returns a malloc'd buffer (release with free) and sets *length, or NULL when out of memory
/// or the size is not positive.
unsigned char *flipbook_png_encode(
    const unsigned char *pixels, long width, long height, int level, int strategy, int filter, size_t *length);

/// Straight-alpha RGBA8 from premultiplied RGBA8 for `count` pixels (what ffmpeg takes as `rgba`):
/// straight = (c * 255 + a / 2) / a, as cairo's PNG writer rounds.
void flipbook_straight_rgba(const unsigned char *src, size_t count, unsigned char *dst);

/// Premultiplied RGBA8 (composited over black, as exports are) to planar YUV 4:2:0, BT.601
/// limited range as ffmpeg converts by default, padded with black to even sizes: `out` holds
/// W * H + 2 * (W / 2) * (H / 2) bytes, W and H the sizes rounded up to even.
void flipbook_yuv420(const unsigned char *pixels, long width, long height, unsigned char *out);

/// `flipbook_yuv420` for a frame that follows `previous` (same size; NULL converts everything):
/// `out` must hold the conversion of `previous`, and only the pairs of rows that differ from it
/// are converted again. Returns the number of row pairs converted. The result is the same bytes
/// as a whole conversion (tested bit for bit).
long flipbook_yuv420_update(const unsigned char *pixels, const unsigned char *previous, long width, long height,
                            unsigned char *out);

/// `flipbook_yuv420_update` compiled for the baseline instruction set only: the same bytes
/// (`flipbook_yuv420_update` uses an AVX2 copy of the same C where the processor has it; the
/// tests compare the two).
long flipbook_yuv420_update_portable(const unsigned char *pixels, const unsigned char *previous, long width,
                                     long height, unsigned char *out);

/// 1 when `flipbook_yuv420_update` runs its AVX2 copy on this processor, else 0.
int flipbook_yuv420_uses_avx2(void);

/// Tells glibc's allocator to keep freed buffers of up to 32 MB for reuse instead of returning
/// their pages to the kernel (`mallopt`'s mmap and trim thresholds, as the variables
/// MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ would; either variable set wins). Returns
/// 1 when a setting was changed; 0, doing nothing, with another C library.
int flipbook_keep_freed_buffers(void);

#endif
