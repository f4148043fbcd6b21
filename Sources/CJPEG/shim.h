#ifndef FLIPBOOK_CJPEG_SHIM_H
#define FLIPBOOK_CJPEG_SHIM_H
// libjpeg (libjpeg-turbo) for FlipbookRender's JPEG decoding. libjpeg reports fatal errors by
// calling error_exit, which by default ends the process; the decoder below replaces it with a
// longjmp back into this C function (never across Swift frames), so a corrupt file is a NULL
// result, and its warnings are not printed.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

struct flipbook_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void flipbook_jpeg_error_exit(j_common_ptr cinfo) {
    longjmp(((struct flipbook_jpeg_error *)cinfo->err)->jump, 1);
}

static void flipbook_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Decodes the JPEG in data[0..<size] into straight RGBA8 rows, top to bottom (alpha 255).
/// Grey, RGB/YCbCr and (Adobe, inverted) CMYK/YCCK files are read. Returns a malloc'd buffer of
/// width * height * 4 bytes (release with free) and sets *width and *height, or returns NULL for
/// data that is not a readable JPEG or whose size exceeds max_pixels.
static inline unsigned char *flipbook_jpeg_decode(
    const unsigned char *data, unsigned long size, long max_pixels, int *width, int *height) {
    struct jpeg_decompress_struct cinfo;
    struct flipbook_jpeg_error err;
    unsigned char *volatile out = NULL;
    unsigned char *volatile row = NULL;
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = flipbook_jpeg_error_exit;
    err.base.output_message = flipbook_jpeg_output_message;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(out);
        free(row);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) longjmp(err.jump, 1);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    long w = (long)cinfo.output_width, h = (long)cinfo.output_height;
    int channels = cinfo.output_components;
    if (w <= 0 || h <= 0 || w > max_pixels / h || (channels != 3 && channels != 4)) longjmp(err.jump, 1);
    out = (unsigned char *)malloc((size_t)(w * h * 4));
    row = (unsigned char *)malloc((size_t)(w * channels));
    if (out == NULL || row == NULL) longjmp(err.jump, 1);
    while (cinfo.output_scanline < cinfo.output_height) {
        long y = (long)cinfo.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) longjmp(err.jump, 1);
        unsigned char *dst = out + y * w * 4;
        for (long x = 0; x < w; x++) {
            const unsigned char *s = row + x * channels;
            if (cmyk) {
                // Adobe writes CMYK inverted: each byte is 255 - ink, so colour = byte * K / 255.
                int k = s[3];
                dst[0] = (unsigned char)((s[0] * k + 127) / 255);
                dst[1] = (unsigned char)((s[1] * k + 127) / 255);
                dst[2] = (unsigned char)((s[2] * k + 127) / 255);
            } else {
                dst[0] = s[0]; dst[1] = s[1]; dst[2] = s[2];
            }
            dst[3] = 255;
            dst += 4;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *width = (int)w;
    *height = (int)h;
    return out;
}

#endif
