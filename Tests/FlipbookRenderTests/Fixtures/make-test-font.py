#!/usr/bin/env python3
"""Writes FlipbookTestBlocks.ttf: a tiny font of our own, family "Flipbook Test Blocks", whose
letters A-Z and a-z are all one filled block. FontRegistrationTests register it at run time and
check that text drawn in it changes (no installed font has this family). Needs fontTools
(`pip install fonttools`); the .ttf is committed, so tests do not."""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

def block():
    pen = TTGlyphPen(None)
    pen.moveTo((60, 0)); pen.lineTo((60, 700)); pen.lineTo((540, 700)); pen.lineTo((540, 0)); pen.closePath()
    return pen.glyph()

def empty():
    return TTGlyphPen(None).glyph()

letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
names = [".notdef", "space"] + ["g_" + c for c in letters]
fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(names)
cmap = {32: "space"}
cmap.update({ord(c): "g_" + c for c in letters})
fb.setupCharacterMap(cmap)
glyphs = {".notdef": empty(), "space": empty()}
glyphs.update({"g_" + c: block() for c in letters})
fb.setupGlyf(glyphs)
fb.setupHorizontalMetrics({n: (600, 0 if n in (".notdef", "space") else 60) for n in names})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Flipbook Test Blocks", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
fb.setupPost()
fb.save("FlipbookTestBlocks.ttf")
