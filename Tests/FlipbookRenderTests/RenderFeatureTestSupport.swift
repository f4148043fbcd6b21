import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// Pixel-level checks of layer features against expectations worked out by hand in each test
// (known colours at known pixels, extents from the documented placement rules, closed forms).
// Every colour used here is a pure primary so that "which layer is this pixel" is unambiguous.

let pureRed = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let pureBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
let pureGreen = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

/// `p` is (r, g, b, a) within `tolerance` per channel.
func matches(_ p: RGBA, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 1) -> Bool {
    abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
        && abs(Int(p.a) - a) <= tolerance
}

/// A `width` × `height` image of one straight-alpha colour (stored premultiplied, as CGImage is).
func solidImage(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage? {
    CGImage(width: width, height: height, premultipliedRGBA: [UInt8](repeatElement([r, g, b, 255], count: width * height).joined()))
}

/// The smallest pixel rectangle `[x0, x1) × [y0, y1)` holding every pixel `test` accepts.
func extent(_ image: RenderedImage, where test: (RGBA) -> Bool) -> [Int]? {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for y in 0..<image.height {
        for x in 0..<image.width where test(image.pixel(x: x, y: y)) {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        }
    }
    return x0 == .max ? nil : [x0, y0, x1, y1]
}

func isRed(_ p: RGBA) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 && p.a > 200 }

/// Standard normal cumulative distribution.
func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }
