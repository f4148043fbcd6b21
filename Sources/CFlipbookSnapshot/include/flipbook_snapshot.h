#ifndef FLIPBOOK_SNAPSHOT_H
#define FLIPBOOK_SNAPSHOT_H
// The hot loops of FlipbookTesting's image snapshots (ImageSnapshotting.swift), in C so that a
// test target's default debug build compares a screen in milliseconds (docs/Testing.md,
// "Comparing fast"): reading a reference PNG, comparing it with a freshly drawn image, and
// drawing the difference image on a mismatch.
//
// Every result equals, bit for bit, the package's reference path, which the tests check:
// a reference decoded by cairo (libpng) to premultiplied RGBA8, compared with the new image
// after a PNG round trip (Flipbook's PNG writer, then cairo's reader), pixel by pixel in
// Swift (`ImageComparison(reference:actual:tolerance:)`).
#include <stddef.h>
#include <stdint.h>

/// What `flipbook_snapshot_png_read` found. Anything but OK means "let cairo decide": the
/// caller decodes the bytes the reference way and uses this reader's reason only when that
/// fails too.
enum {
    FLIPBOOK_SNAPSHOT_PNG_OK = 0,
    /// A valid PNG of a kind this reader leaves to cairo (not 8-bit RGB or RGBA, interlaced,
    /// ancillary or palette chunks): no reason is given.
    FLIPBOOK_SNAPSHOT_PNG_UNSUPPORTED = 1,
    /// Not a readable PNG; `reason` says why.
    FLIPBOOK_SNAPSHOT_PNG_CORRUPT = 2,
    /// The header claims more than `max_pixels` pixels (nothing is allocated).
    FLIPBOOK_SNAPSHOT_PNG_TOO_LARGE = 3,
    FLIPBOOK_SNAPSHOT_PNG_NO_MEMORY = 4,
};

/// Reads the size from a PNG's header (signature and IHDR, its CRC checked). Returns OK,
/// UNSUPPORTED, CORRUPT (zero width or height included) or TOO_LARGE; sets *reason to a
/// static sentence (never NULL) and the sizes when the header could be read.
int flipbook_snapshot_png_size(
    const unsigned char *data, size_t length, long max_pixels, long *width, long *height, const char **reason);

/// Decodes an 8-bit, non-interlaced RGB or RGBA PNG into premultiplied RGBA8 at `out`
/// (width * height * 4 bytes, the sizes `flipbook_snapshot_png_size` gave): every chunk's
/// CRC and zlib's checksum verified, only IHDR, IDAT and IEND accepted (and one bKGD before
/// the image data, as cairo's writer puts there, ignored as cairo's reader ignores it),
/// premultiplied as cairo's reader does (c * a / 255 rounded: t = c * a + 128, (t + (t >> 8)) >> 8; alpha 0
/// gives 0, 0, 0, 0; RGB gives alpha 255). Returns OK, or another status (then `out` holds
/// garbage) with *reason set.
int flipbook_snapshot_png_decode(
    const unsigned char *data, size_t length, unsigned char *out, long width, long height, const char **reason);

/// What a PNG round trip (Flipbook's writer, then cairo's reader) gives for `count`
/// premultiplied RGBA8 pixels: opaque pixels are kept; alpha 0 becomes 0, 0, 0, 0; otherwise
/// each channel is unpremultiplied (s = min(255, (c * 255 + a / 2) / a)) and premultiplied
/// again as above. `dst` may equal `src`.
void flipbook_snapshot_round_trip(const unsigned char *src, size_t count, unsigned char *dst);

typedef struct {
    /// Pixels that differ by more than the tolerance, counting every pixel of the union of
    /// both sizes that only one image has.
    long differing;
    /// The largest channel difference over the pixels both images have.
    int worst;
} flipbook_snapshot_comparison;

/// Compares `reference` (rw × rh, premultiplied RGBA8 as decoded) with the round trip of
/// `actual` (aw × ah, as drawn), two pixels differing when a channel differs by more than
/// `tolerance`. When `diff` is not NULL it receives max(rw, aw) × max(rh, ah) opaque pixels:
/// red where the images differ or only one has the pixel, elsewhere the round-tripped new
/// pixel's colour channels divided by 4. Equal images of equal sizes cost one memcmp when
/// `diff` is NULL.
flipbook_snapshot_comparison flipbook_snapshot_compare(
    const unsigned char *reference, long rw, long rh, const unsigned char *actual, long aw, long ah, int tolerance,
    unsigned char *diff);

#endif
