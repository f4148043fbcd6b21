#ifndef FLIPBOOK_PREVIEW_CODEC_H
#define FLIPBOOK_PREVIEW_CODEC_H
// The live preview's frame codecs (FlipbookPreview's PreviewFrameEncoder, docs/Preview.md):
// JPEG through libjpeg(-turbo) and the changed rows between two frames, in C because both run
// on every frame sent while playing or touching.
#include <stddef.h>

/// JPEG of the w × h rectangle at (x, y) of opaque RGBA8 pixels `stride` bytes a row (alpha is
/// ignored), at `quality` 1-100, 4:2:0 chroma, baseline. Returns a malloc'd buffer (release
/// with free) and sets *length, or NULL when libjpeg fails or the rectangle is empty.
unsigned char *flipbook_preview_jpeg(
    const unsigned char *pixels, long stride, long x, long y, long w, long h, int quality, size_t *length);

/// Compares two frames of the same size (RGBA8, width * 4 bytes a row). For each row y sets
/// lo[y] and hi[y] to its first and last changed column, or lo[y] = -1 when the row is equal.
/// Returns the number of changed rows.
long flipbook_preview_changed_rows(
    const unsigned char *previous, const unsigned char *current, long width, long height, int *lo, int *hi);

/// Copies the w × h rectangle at (x, y) of RGBA8 pixels (`stride` bytes a row) into `out`
/// (w * 4 bytes a row, contiguous).
void flipbook_preview_copy_rect(
    const unsigned char *pixels, long stride, long x, long y, long w, long h, unsigned char *out);

#endif
