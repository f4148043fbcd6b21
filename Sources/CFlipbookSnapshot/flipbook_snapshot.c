// Reading reference PNGs and comparing images for FlipbookTesting; see
// include/flipbook_snapshot.h for what each function gives. Written to stay fast at -O0 (a
// test target's debug build compiles this file unoptimised): whole rows go through memcmp and
// zlib, filters work eight bytes at a time, and pixels are handled as words where they can be.
#include "flipbook_snapshot.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { OK = FLIPBOOK_SNAPSHOT_PNG_OK, UNSUPPORTED = FLIPBOOK_SNAPSHOT_PNG_UNSUPPORTED,
       CORRUPT = FLIPBOOK_SNAPSHOT_PNG_CORRUPT, TOO_LARGE = FLIPBOOK_SNAPSHOT_PNG_TOO_LARGE,
       NO_MEMORY = FLIPBOOK_SNAPSHOT_PNG_NO_MEMORY };

/* Unaligned, aliasing loads and stores of whole words. */
typedef uint64_t __attribute__((may_alias, aligned(1))) fs_u64;
typedef uint32_t __attribute__((may_alias, aligned(1))) fs_u32;

/* libpng's default limit on either side; larger images are left to cairo (which refuses them). */
#define FS_LIBPNG_MAX_SIDE 1000000u

static const unsigned char fs_signature[8] = {0x89, 'P', 'N', 'G', 13, 10, 26, 10};

static uint32_t fs_be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* A cursor over a PNG's chunks. */
typedef struct {
    const unsigned char *data;
    size_t length, offset;
} fs_reader;

typedef struct {
    const unsigned char *type, *body;
    uint32_t size;
} fs_chunk;

/* The next chunk, its bounds and CRC checked. */
static int fs_next_chunk(fs_reader *r, fs_chunk *chunk, const char **reason) {
    if (r->length - r->offset < 12) {
        *reason = "the file ends before its last chunk (truncated)";
        return CORRUPT;
    }
    const unsigned char *p = r->data + r->offset;
    uint32_t n = fs_be32(p);
    if (n > 0x7fffffffu || (size_t)n > r->length - r->offset - 12) {
        *reason = "a chunk runs past the end of the file (truncated)";
        return CORRUPT;
    }
    uLong crc = crc32(0L, p + 4, (uInt)n + 4);
    if (crc != fs_be32(p + 8 + n)) {
        *reason = "a chunk's checksum (CRC) does not match its bytes: the file is damaged";
        return CORRUPT;
    }
    chunk->type = p + 4;
    chunk->body = p + 8;
    chunk->size = n;
    r->offset += 12 + (size_t)n;
    return OK;
}

static int fs_is(const fs_chunk *c, const char *type) { return memcmp(c->type, type, 4) == 0; }

/* The header: sizes and channels (3 or 4). */
static int fs_header(const unsigned char *data, size_t length, long max_pixels, long *width, long *height,
                     int *channels, fs_reader *r, const char **reason) {
    *width = 0;
    *height = 0;
    *channels = 0;
    *reason = "";
    if (data == NULL || length < 8 || memcmp(data, fs_signature, 8) != 0) {
        *reason = "it is not a PNG file (its first bytes are not PNG's signature)";
        return CORRUPT;
    }
    r->data = data;
    r->length = length;
    r->offset = 8;
    fs_chunk ihdr;
    int status = fs_next_chunk(r, &ihdr, reason);
    if (status != OK) return status;
    if (!fs_is(&ihdr, "IHDR") || ihdr.size != 13) {
        *reason = "its first chunk is not the 13-byte IHDR header";
        return CORRUPT;
    }
    uint32_t w = fs_be32(ihdr.body), h = fs_be32(ihdr.body + 4);
    unsigned depth = ihdr.body[8], color = ihdr.body[9], compression = ihdr.body[10], filter = ihdr.body[11],
             interlace = ihdr.body[12];
    if (w == 0 || h == 0) {
        *reason = "its header gives a width or height of 0 pixels";
        return CORRUPT;
    }
    if (w > 0x7fffffffu || h > 0x7fffffffu) {
        *reason = "its header gives a size larger than PNG allows";
        return CORRUPT;
    }
    *width = (long)w;
    *height = (long)h;
    if ((double)w * (double)h > (double)max_pixels) {
        *reason = "its header claims more pixels than a reference image may have";
        return TOO_LARGE;
    }
    if (compression != 0 || filter != 0 || interlace > 1) {
        *reason = "its header names an unknown compression, filter or interlace method";
        return CORRUPT;
    }
    if (depth != 8 || (color != 2 && color != 6) || interlace != 0 || w > FS_LIBPNG_MAX_SIDE ||
        h > FS_LIBPNG_MAX_SIDE) {
        *reason = "a kind of PNG left to cairo";
        return UNSUPPORTED;
    }
    *channels = color == 6 ? 4 : 3;
    return OK;
}

int flipbook_snapshot_png_size(
    const unsigned char *data, size_t length, long max_pixels, long *width, long *height, const char **reason) {
    fs_reader r;
    int channels;
    return fs_header(data, length, max_pixels, width, height, &channels, &r, reason);
}

/* c * a / 255 rounded, as cairo's reader premultiplies. */
static inline unsigned fs_multiply(unsigned c, unsigned a) {
    unsigned t = c * a + 128;
    return (t + (t >> 8)) >> 8;
}

/* Eight bytes added lane by lane, modulo 256. */
static inline uint64_t fs_add8(uint64_t x, uint64_t y) {
    const uint64_t low = 0x7f7f7f7f7f7f7f7fULL, high = 0x8080808080808080ULL;
    return ((x & low) + (y & low)) ^ ((x ^ y) & high);
}

static inline int fs_abs(int v) { return v < 0 ? -v : v; }

/* Undoes one row's filter in place: `line` holds the row above (zeros for the first) and
   receives this row; `raw` is the filtered row without its filter byte. */
static int fs_unfilter(unsigned filter, const unsigned char *raw, unsigned char *line, size_t n, size_t bpp) {
    size_t i = 0;
    switch (filter) {
    case 0:
        memcpy(line, raw, n);
        return 1;
    case 1:
        for (i = 0; i < bpp && i < n; i++) line[i] = raw[i];
        for (; i < n; i++) line[i] = (unsigned char)(raw[i] + line[i - bpp]);
        return 1;
    case 2:
        for (; i + 8 <= n; i += 8) *(fs_u64 *)(line + i) = fs_add8(*(const fs_u64 *)(line + i), *(const fs_u64 *)(raw + i));
        for (; i < n; i++) line[i] = (unsigned char)(raw[i] + line[i]);
        return 1;
    case 3:
        for (i = 0; i < bpp && i < n; i++) line[i] = (unsigned char)(raw[i] + (line[i] >> 1));
        for (; i < n; i++) line[i] = (unsigned char)(raw[i] + ((line[i - bpp] + line[i]) >> 1));
        return 1;
    case 4: {
        /* The row above's byte left of i is overwritten before i is reached: keep the last
           `bpp` of them. */
        unsigned char above_left[4] = {0, 0, 0, 0};
        for (i = 0; i < n; i++) {
            int a = i >= bpp ? line[i - bpp] : 0, b = line[i], c = i >= bpp ? above_left[i % bpp] : 0;
            above_left[i % bpp] = (unsigned char)b;
            int p = a + b - c, pa = fs_abs(p - a), pb = fs_abs(p - b), pc = fs_abs(p - c);
            int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
            line[i] = (unsigned char)(raw[i] + predictor);
        }
        return 1;
    }
    default:
        return 0;
    }
}

/* Pixels first..<end of an unfiltered row as premultiplied RGBA8 into the output row `out`.
   `line` has at least one readable byte past the row. */
static void fs_put_pixels(const unsigned char *line, long first, long end, int channels, unsigned char *out) {
    if (channels == 3) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        for (long x = first; x < end; x++) *(fs_u32 *)(out + 4 * x) = *(const fs_u32 *)(line + 3 * x) | 0xff000000u;
#else
        for (long x = first; x < end; x++) {
            out[4 * x] = line[3 * x];
            out[4 * x + 1] = line[3 * x + 1];
            out[4 * x + 2] = line[3 * x + 2];
            out[4 * x + 3] = 255;
        }
#endif
        return;
    }
    for (long x = first; x < end; x++) {
        const unsigned char *s = line + 4 * x;
        unsigned char *d = out + 4 * x;
        unsigned a = s[3];
        if (a == 255) {
            *(fs_u32 *)d = *(const fs_u32 *)s;
        } else if (a == 0) {
            *(fs_u32 *)d = 0;
        } else {
            d[0] = (unsigned char)fs_multiply(s[0], a);
            d[1] = (unsigned char)fs_multiply(s[1], a);
            d[2] = (unsigned char)fs_multiply(s[2], a);
            d[3] = (unsigned char)a;
        }
    }
}

/* A row filtered with Up below an already decoded row: where the filtered bytes are 0 the row
   repeats the one above, so the output row starts as a copy of the previous one and only the
   pixels under non-zero bytes are added and converted (a screen's flat areas cost a memcpy). */
static void fs_up_row(const unsigned char *raw, unsigned char *line, size_t n, int channels, long width,
                      unsigned char *out, const unsigned char *out_above) {
    memcpy(out, out_above, (size_t)width * 4);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v = *(const fs_u64 *)(raw + i);
        if (v != 0) *(fs_u64 *)(line + i) = fs_add8(*(const fs_u64 *)(line + i), v);
    }
    for (; i < n; i++) line[i] = (unsigned char)(line[i] + raw[i]);
    /* Then convert every pixel that has a changed byte (all of `line` is final by now). */
    for (i = 0; i < n; i += 8) {
        size_t end = i + 8 <= n ? i + 8 : n;
        int changed = 0;
        if (end - i == 8) {
            changed = *(const fs_u64 *)(raw + i) != 0;
        } else {
            for (size_t j = i; j < end; j++) changed |= raw[j] != 0;
        }
        if (changed) fs_put_pixels(line, (long)(i / (size_t)channels), (long)((end - 1) / (size_t)channels) + 1, channels, out);
    }
}

/* Gives zlib the next IDAT chunk's bytes. Before the first, one bKGD chunk as cairo's (libpng's)
   writer puts there is skipped when libpng would take it without a warning (6 bytes, each
   sample's high byte 0), since cairo ignores the background; anything else is left to cairo. */
static int fs_feed(fs_reader *r, z_stream *z, int *seen_idat, int *seen_background, const char **reason) {
    for (;;) {
        fs_chunk c;
        int status = fs_next_chunk(r, &c, reason);
        if (status != OK) return status;
        if (fs_is(&c, "bKGD") && !*seen_idat && !*seen_background && c.size == 6 && c.body[0] == 0 &&
            c.body[2] == 0 && c.body[4] == 0) {
            *seen_background = 1;
            continue;
        }
        if (fs_is(&c, "IDAT")) {
            *seen_idat = 1;
            z->next_in = (Bytef *)c.body;
            z->avail_in = c.size;
            if (c.size > 0) return OK;
            continue;
        }
        if (fs_is(&c, "IEND")) {
            *reason = "its image data ends before the last row (truncated or damaged)";
            return CORRUPT;
        }
        /* Palette, gamma, text… chunks, or chunks between IDATs: cairo's reader decides. */
        *reason = "a kind of PNG left to cairo";
        return UNSUPPORTED;
    }
}

int flipbook_snapshot_png_decode(
    const unsigned char *data, size_t length, unsigned char *out, long width, long height, const char **reason) {
    fs_reader r;
    long w, h;
    int channels;
    int status = fs_header(data, length, 0x7fffffffffffffffL, &w, &h, &channels, &r, reason);
    if (status != OK) return status;
    if (w != width || h != height || out == NULL) {
        *reason = "the image's size is not the size it was read with";
        return CORRUPT;
    }
    size_t n = (size_t)w * (size_t)channels;
    /* The filtered row (filter byte first) and the unfiltered one, each with slack for word loads. */
    unsigned char *raw = malloc(n + 16), *line = calloc(n + 16, 1);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (raw == NULL || line == NULL || inflateInit(&z) != Z_OK) {
        free(raw);
        free(line);
        *reason = "there is not enough memory to read it";
        return NO_MEMORY;
    }
    int seen_idat = 0, seen_background = 0, ended = 0;
    status = OK;
    for (long y = 0; y < h && status == OK; y++) {
        z.next_out = raw;
        z.avail_out = (uInt)(n + 1);
        while (z.avail_out > 0 && status == OK) {
            if (ended) {
                *reason = "its compressed image data ends before the last row (damaged)";
                status = CORRUPT;
                break;
            }
            if (z.avail_in == 0) {
                status = fs_feed(&r, &z, &seen_idat, &seen_background, reason);
                if (status != OK) break;
            }
            int zr = inflate(&z, Z_NO_FLUSH);
            if (zr == Z_STREAM_END) {
                ended = 1;
            } else if (zr == Z_MEM_ERROR) {
                *reason = "there is not enough memory to read it";
                status = NO_MEMORY;
            } else if (zr != Z_OK && zr != Z_BUF_ERROR) {
                *reason = "its compressed image data is damaged (zlib cannot inflate it)";
                status = CORRUPT;
            }
        }
        if (status != OK) break;
        unsigned char *row = out + (size_t)y * (size_t)w * 4;
        if (raw[0] == 2 && y > 0) {
            fs_up_row(raw + 1, line, n, channels, w, row, row - (size_t)w * 4);
            continue;
        }
        if (!fs_unfilter(raw[0], raw + 1, line, n, (size_t)channels)) {
            *reason = "a row names an unknown PNG filter (the file is damaged)";
            status = CORRUPT;
            break;
        }
        fs_put_pixels(line, 0, w, channels, row);
    }
    /* The rest of the zlib stream must hold no more pixels; then only IEND may follow. */
    while (status == OK && !ended) {
        unsigned char extra[1];
        z.next_out = extra;
        z.avail_out = 1;
        if (z.avail_in == 0) {
            status = fs_feed(&r, &z, &seen_idat, &seen_background, reason);
            if (status == CORRUPT) status = UNSUPPORTED; /* no end of stream: cairo decides */
            if (status != OK) break;
        }
        int zr = inflate(&z, Z_NO_FLUSH);
        if (zr == Z_STREAM_END && z.avail_out == 1) ended = 1;
        else if (z.avail_out == 0 || (zr != Z_OK && zr != Z_BUF_ERROR)) status = UNSUPPORTED;
    }
    if (status == OK && z.avail_in > 0) status = UNSUPPORTED; /* data after the stream's end */
    while (status == OK) {
        fs_chunk c;
        status = fs_next_chunk(&r, &c, reason);
        if (status != OK) break;
        if (fs_is(&c, "IEND")) break;
        status = UNSUPPORTED; /* another IDAT or any other chunk after the image data */
    }
    if (status == UNSUPPORTED) *reason = "a kind of PNG left to cairo";
    inflateEnd(&z);
    free(raw);
    free(line);
    return status;
}

/* One pixel through a PNG round trip. */
static inline void fs_round_trip_pixel(const unsigned char *p, unsigned char *q) {
    unsigned a = p[3];
    if (a == 255) {
        *(fs_u32 *)q = *(const fs_u32 *)p;
    } else if (a == 0) {
        *(fs_u32 *)q = 0;
    } else {
        for (int c = 0; c < 3; c++) {
            unsigned s = (p[c] * 255u + a / 2) / a;
            q[c] = (unsigned char)fs_multiply(s > 255 ? 255 : s, a);
        }
        q[3] = (unsigned char)a;
    }
}

void flipbook_snapshot_round_trip(const unsigned char *src, size_t count, unsigned char *dst) {
    for (size_t i = 0; i < count; i++) fs_round_trip_pixel(src + 4 * i, dst + 4 * i);
}

/* True when a PNG round trip keeps every pixel: opaque pairs are checked eight bytes at a time. */
static int fs_round_trip_keeps(const unsigned char *p, size_t count) {
    const uint64_t alphas = 0xff000000ff000000ULL;
    size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 2 <= count; i += 2) {
        if ((*(const fs_u64 *)(p + 4 * i) & alphas) == alphas) continue;
        break;
    }
#endif
    for (; i < count; i++) {
        unsigned char q[4];
        if (p[4 * i + 3] == 255) continue;
        fs_round_trip_pixel(p + 4 * i, q);
        if (*(const fs_u32 *)q != *(const fs_u32 *)(p + 4 * i)) return 0;
    }
    return 1;
}

/* The difference image's pixel where the images differ: opaque red. */
static inline void fs_red(unsigned char *o) {
    o[0] = 255;
    o[1] = 0;
    o[2] = 0;
    o[3] = 255;
}

flipbook_snapshot_comparison flipbook_snapshot_compare(
    const unsigned char *reference, long rw, long rh, const unsigned char *actual, long aw, long ah, int tolerance,
    unsigned char *diff) {
    flipbook_snapshot_comparison result = {0, 0};
    int same_size = rw == aw && rh == ah;
    if (same_size && diff == NULL && memcmp(reference, actual, (size_t)rw * (size_t)rh * 4) == 0 &&
        fs_round_trip_keeps(actual, (size_t)aw * (size_t)ah))
        return result;
    long w = rw > aw ? rw : aw, h = rh > ah ? rh : ah;
    for (long y = 0; y < h; y++) {
        /* Counting only: a row equal byte for byte (and kept by a round trip) adds nothing. */
        if (same_size && diff == NULL &&
            memcmp(reference + (size_t)y * (size_t)w * 4, actual + (size_t)y * (size_t)w * 4, (size_t)w * 4) == 0 &&
            fs_round_trip_keeps(actual + (size_t)y * (size_t)w * 4, (size_t)w))
            continue;
        for (long x = 0; x < w; x++) {
            unsigned char *o = diff ? diff + ((size_t)y * (size_t)w + (size_t)x) * 4 : NULL;
            if (x >= aw || y >= ah || x >= rw || y >= rh) {
                result.differing++;
                if (o) fs_red(o);
                continue;
            }
            const unsigned char *pa = actual + ((size_t)y * (size_t)aw + (size_t)x) * 4;
            const unsigned char *pr = reference + ((size_t)y * (size_t)rw + (size_t)x) * 4;
            unsigned char q[4];
            int d = 0;
            if (pa[3] == 255 && *(const fs_u32 *)pa == *(const fs_u32 *)pr) {
                *(fs_u32 *)q = *(const fs_u32 *)pa;
            } else {
                fs_round_trip_pixel(pa, q);
                for (int c = 0; c < 4; c++) {
                    int e = fs_abs((int)q[c] - (int)pr[c]);
                    if (e > d) d = e;
                }
            }
            if (d > result.worst) result.worst = d;
            if (d > tolerance) {
                result.differing++;
                if (o) fs_red(o);
            } else if (o) {
                o[0] = q[0] / 4;
                o[1] = q[1] / 4;
                o[2] = q[2] / 4;
                o[3] = 255;
            }
        }
    }
    return result;
}
