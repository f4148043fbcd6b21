#ifndef FLIPBOOK_CCAIRO_SHIM_H
#define FLIPBOOK_CCAIRO_SHIM_H
#include <cairo.h>
#include <pango/pangocairo.h>
#if defined(__linux__)
/* Registering a font file at run time (CTFontManagerRegisterGraphicsFont): fontconfig learns the
   file, and pango's fontconfig font map forgets what it had cached. */
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#endif
#endif
