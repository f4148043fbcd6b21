// The live preview's frame codecs (include/flipbook_preview_codec.h).
#include "flipbook_preview_codec.h"
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports fatal errors through error_exit, which by default ends the process: it
// longjmps back into flipbook_preview_jpeg instead (never across Swift frames).
struct flipbook_preview_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void flipbook_preview_jpeg_exit(j_common_ptr cinfo) {
    longjmp(((struct flipbook_preview_jpeg_error *)cinfo->err)->jump, 1);
}

static void flipbook_preview_jpeg_message(j_common_ptr cinfo) { (void)cinfo; }

unsigned char *flipbook_preview_jpeg(
    const unsigned char *pixels, long stride, long x, long y, long w, long h, int quality, size_t *length) {
    if (w <= 0 || h <= 0 || pixels == NULL) return NULL;
    struct jpeg_compress_struct cinfo;
    struct flipbook_preview_jpeg_error err;
    unsigned char *volatile out = NULL;
    unsigned long out_size = 0;
#ifndef JCS_EXTENSIONS
    unsigned char *volatile row = NULL;
#endif
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = flipbook_preview_jpeg_exit;
    err.base.output_message = flipbook_preview_jpeg_message;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(out);
#ifndef JCS_EXTENSIONS
        free(row);
#endif
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&out, &out_size);
    cinfo.image_width = (JDIMENSION)w;
    cinfo.image_height = (JDIMENSION)h;
#ifdef JCS_EXTENSIONS
    // libjpeg-turbo reads RGBX rows directly.
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
#else
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    row = (unsigned char *)malloc((size_t)w * 3);
    if (row == NULL) longjmp(err.jump, 1);
#endif
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    // The cheap settings, spelled out (docs/Preview.md, "Frame encoding"): no Huffman table
    // optimisation (a second pass: about twice the time for 11 % fewer bytes), chroma at 4:2:0.
    // The accurate integer DCT stays: libjpeg-turbo's SIMD makes it as fast as JDCT_IFAST
    // (measured within 2 % on a 750x1334 frame), and it is the more exact of the two.
    cinfo.optimize_coding = FALSE;
    cinfo.comp_info[0].h_samp_factor = 2;
    cinfo.comp_info[0].v_samp_factor = 2;
    cinfo.comp_info[1].h_samp_factor = cinfo.comp_info[1].v_samp_factor = 1;
    cinfo.comp_info[2].h_samp_factor = cinfo.comp_info[2].v_samp_factor = 1;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        const unsigned char *src = pixels + (y + (long)cinfo.next_scanline) * stride + x * 4;
#ifdef JCS_EXTENSIONS
        JSAMPROW rows[1] = {(JSAMPROW)src};
#else
        for (long i = 0; i < w; i++) {
            row[i * 3] = src[i * 4];
            row[i * 3 + 1] = src[i * 4 + 1];
            row[i * 3 + 2] = src[i * 4 + 2];
        }
        JSAMPROW rows[1] = {row};
#endif
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
#ifndef JCS_EXTENSIONS
    free(row);
#endif
    *length = (size_t)out_size;
    return out;
}

long flipbook_preview_changed_rows(
    const unsigned char *previous, const unsigned char *current, long width, long height, int *lo, int *hi) {
    long changed = 0;
    size_t n = (size_t)width * 4;
    for (long y = 0; y < height; y++) {
        const uint32_t *a = (const uint32_t *)(previous + (size_t)y * n);
        const uint32_t *b = (const uint32_t *)(current + (size_t)y * n);
        if (memcmp(a, b, n) == 0) {
            lo[y] = -1;
            hi[y] = -1;
            continue;
        }
        long l = 0, h = width - 1;
        while (a[l] == b[l]) l++;
        while (a[h] == b[h]) h--;
        lo[y] = (int)l;
        hi[y] = (int)h;
        changed++;
    }
    return changed;
}

void flipbook_preview_copy_rect(
    const unsigned char *pixels, long stride, long x, long y, long w, long h, unsigned char *out) {
    for (long r = 0; r < h; r++) memcpy(out + (size_t)r * (size_t)w * 4, pixels + (y + r) * stride + x * 4, (size_t)w * 4);
}
