import Dispatch
import Foundation

/// A backdrop layer's step of a display list: blur and re-saturate what has been composited
/// behind the layer, inside its shape (see `BackdropLayer` and docs/Semantics.md, "Visual
/// effects").
struct BackdropDraw: Sendable, Equatable {
    /// The layer's bounds in output pixels after clipping behind the eye (convex): the rows
    /// and columns the step may write.
    var polygon: [CGPoint]
    /// The layer's own rounded bounds (its `cornerRadius` and `maskedCorners`): the antialiased
    /// outline of what is written.
    var shape: ClipShape
    /// The clips of the layer's ancestors that mask to their bounds.
    var clips: [ClipShape]
    /// The Gaussian's standard deviation in output pixels.
    var sigma: Double
    /// Saturation factor applied after the blur.
    var saturation: Double
    /// The layer's opacity (1 inside a group, which fades it as a whole).
    var opacity: Double
}

/// The backdrop blur: an almost-Gaussian separable filter (three passes of an extended box
/// filter in each direction) and the saturation matrix, on the region a backdrop covers.
///
/// Why three extended boxes: a Gaussian of standard deviation σ costs O(σ) per pixel, a box
/// filter O(1) whatever its width (a running sum). Three box passes whose variances add up to
/// σ² give a kernel within 7 % of the Gaussian (its peak is 6 % lower) (tested in `BackdropBlurTests`); the
/// *extended* box (Gwosdek, Grewenig, Bruhn, Weickert 2011: a box of radius r plus fractional
/// end weights α) makes the variance exact for any σ and continuous in σ, so an animated
/// radius grows smoothly rather than in whole-pixel steps. Edges repeat the nearest pixel
/// (each pass clamps at the region; the region reaches past the written pixels by the whole
/// support except at the frame's edges, where the frame's edge pixels repeat).
enum BackdropBlur {
    /// Passes of the box filter per direction.
    static let passes = 3

    /// One extended box: weights 1 on offsets −r…r, `alpha` on ±(r + 1), normalised.
    struct ExtendedBox: Sendable, Equatable {
        var r: Int
        var alpha: Double
        var weightSum: Double { Double(2 * r + 1) + 2 * alpha }
        /// The variance of the normalised box: (Σk² + 2α(r+1)²) / W.
        var variance: Double { (Double(r * (r + 1) * (2 * r + 1)) / 3 + 2 * alpha * Double((r + 1) * (r + 1))) / weightSum }
    }

    /// The box each of the three passes uses so that their variances add up to σ².
    static func box(sigma: Double) -> ExtendedBox {
        guard sigma.isFinite, sigma > 0 else { return ExtendedBox(r: 0, alpha: 0) }
        let s2 = min(sigma, 4096) * min(sigma, 4096) / Double(passes)
        // Largest r whose plain box variance r(r+1)/3 is at most s².
        var r = max(0, Int((0.5 * (12 * s2 + 1).squareRoot() - 0.5).rounded(.down)))
        while Double(r * (r + 1)) / 3 > s2, r > 0 { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= s2 { r += 1 }
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (s2 - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - s2))
        return ExtendedBox(r: r, alpha: min(max(alpha, 0), 1))
    }

    /// How far (pixels) the three passes reach: nothing further away contributes.
    static func support(sigma: Double) -> Int { passes * (box(sigma: sigma).r + 1) }

    /// One pass over a line of `n` pixels (`source` → `out`), the ends repeating.
    @inline(__always)
    static func pass(_ source: UnsafePointer<SIMD4<Float>>, _ out: UnsafeMutablePointer<SIMD4<Float>>, _ n: Int, _ box: ExtendedBox) {
        let r = box.r
        let a = Float(box.alpha), inv = Float(1 / box.weightSum)
        @inline(__always) func at(_ i: Int) -> SIMD4<Float> { source[i < 0 ? 0 : (i >= n ? n - 1 : i)] }
        var sum = SIMD4<Float>(repeating: 0)
        for k in -r...r { sum += at(k) }
        if a == 0 {
            for x in 0..<n {
                out[x] = sum * inv
                sum += at(x + r + 1) - at(x - r)
            }
        } else {
            for x in 0..<n {
                out[x] = (sum + a * (at(x - r - 1) + at(x + r + 1))) * inv
                sum += at(x + r + 1) - at(x - r)
            }
        }
    }

    /// Blurs the rows of a `width` × `height` image in place (three passes each), rows shared
    /// between `workers`.
    static func blurRows(_ image: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, box: ExtendedBox, workers: Int) {
        let shared = SharedFloatPointer(pointer: image)
        let n = max(1, workers)
        let body: @Sendable (Int) -> Void = { t in
            let a = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width)
            let b = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width)
            defer { a.deallocate(); b.deallocate() }
            var y = t
            while y < height {
                let row = shared.pointer + y * width
                pass(row, a, width, box)
                pass(a, b, width, box)
                pass(b, row, width, box)
                y += n
            }
        }
        if n == 1 || height < 16 {
            for t in 0..<n { body(t) }
        } else {
            DispatchQueue.concurrentPerform(iterations: n, execute: body)
        }
    }

    /// Transposes `width` × `height` pixels from `source` into `out` (`height` × `width`).
    static func transpose(_ source: UnsafePointer<SIMD4<Float>>, _ out: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int) {
        let tile = 32
        var y0 = 0
        while y0 < height {
            var x0 = 0
            while x0 < width {
                for y in y0..<min(y0 + tile, height) {
                    for x in x0..<min(x0 + tile, width) { out[x * height + y] = source[y * width + x] }
                }
                x0 += tile
            }
            y0 += tile
        }
    }

    /// The separable blur of a `width` × `height` image in place.
    static func blur(_ image: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, sigma: Double, workers: Int = DisplayListExecutor.workers) {
        let box = box(sigma: sigma)
        guard width > 0, height > 0, box.r > 0 || box.alpha > 0 else { return }
        blurRows(image, width: width, height: height, box: box, workers: workers)
        let t = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
        defer { t.deallocate() }
        transpose(image, t, width: width, height: height)
        blurRows(t, width: height, height: width, box: box, workers: workers)
        transpose(t, image, width: height, height: width)
    }

    /// The filter's response to a unit impulse in the middle of `length` samples (one
    /// direction): the kernel the blur applies, for comparing with a Gaussian.
    static func impulseResponse(sigma: Double, length: Int) -> [Double] {
        let n = max(1, length)
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n)
        defer { line.deallocate() }
        line.initialize(repeating: .zero, count: n)
        line[n / 2] = SIMD4(repeating: 1)
        blurRows(line, width: n, height: 1, box: box(sigma: sigma), workers: 1)
        return (0..<n).map { Double(line[$0][0]) }
    }

    /// Rec. 709 luma weights: the saturation matrix keeps luma (as SVG's and Core Image's do).
    static let luma = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)

    /// Scales the saturation of a premultiplied pixel (lanes 0…255) about its luma, clamped
    /// to 0…alpha.
    @inline(__always) static func saturate(_ p: SIMD4<Float>, _ s: Float) -> SIMD4<Float> {
        if s == 1 { return p }
        let l = (p * luma).sum()
        var q = SIMD4<Float>(repeating: l) + s * (p - SIMD4<Float>(repeating: l))
        q[3] = p[3]
        return q.clamped(lowerBound: .zero, upperBound: SIMD4<Float>(repeating: p[3]))
    }

    /// Runs a backdrop step: `stack` is the target followed by the open groups (bottom to
    /// top); what they show composited is blurred and written into the top one inside the
    /// backdrop's shape and clips. Returns the rectangle written.
    static func apply(_ d: BackdropDraw, stack: [Raster], workers: Int = DisplayListExecutor.workers) -> PixelRect? {
        guard let top = stack.last, d.opacity > 0 else { return nil }
        let w = top.width, h = top.height
        guard let sp = Compositor.spans(of: d.polygon, width: w, height: h) else { return nil }
        var out = PixelRect.empty
        for (k, s) in sp.xs.enumerated() where s.1 > s.0 { out.formUnion(PixelRect(x0: s.0, y0: sp.y0 + k, x1: s.1, y1: sp.y0 + k + 1)) }
        guard !out.isEmpty else { return nil }
        // The region read: what is written, widened by the filter's support (within the frame).
        let sigma = d.sigma.isFinite ? max(0, d.sigma) : 0
        let margin = sigma > 0 ? support(sigma: sigma) + 1 : 0
        let rx0 = max(0, out.x0 - margin), ry0 = max(0, out.y0 - margin)
        let rx1 = min(w, out.x1 + margin), ry1 = min(h, out.y1 + margin)
        let rw = rx1 - rx0, rh = ry1 - ry0
        guard rw > 0, rh > 0 else { return nil }
        let f = reduction(sigma: sigma)
        if f > 1 {
            return applyReduced(d, stack: stack, spans: sp, region: PixelRect(x0: rx0, y0: ry0, x1: rx1, y1: ry1), sigma: sigma, factor: f, workers: workers)
        }
        let image = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: rw * rh)
        defer { image.deallocate() }
        // What is behind: the target with each open group over it (premultiplied source-over).
        for y in ry0..<ry1 {
            for x in rx0..<rx1 {
                let o = (y * w + x) * 4
                var p = SIMD4<Float>(Float(stack[0].data[o]), Float(stack[0].data[o + 1]), Float(stack[0].data[o + 2]), Float(stack[0].data[o + 3]))
                for g in stack.dropFirst() {
                    let sa = Float(g.data[o + 3])
                    if sa == 0 { continue }
                    let s = SIMD4<Float>(Float(g.data[o]), Float(g.data[o + 1]), Float(g.data[o + 2]), sa)
                    p = s + p * (1 - sa / 255)
                }
                image[(y - ry0) * rw + (x - rx0)] = p
            }
        }
        if sigma > 0 { blur(image, width: rw, height: rh, sigma: sigma, workers: workers) }
        let own = FastClip(d.shape), clips = d.clips.map(FastClip.init)
        let sat = Float(d.saturation.isFinite ? max(0, d.saturation) : 1)
        let opacity = min(1, d.opacity)
        var written = PixelRect.empty
        for (k, s) in sp.xs.enumerated() where s.1 > s.0 {
            let y = sp.y0 + k
            let py = Double(y) + 0.5
            var wrote = false
            for x in s.0..<s.1 {
                let px = Double(x) + 0.5
                var c = opacity * own.coverage(px, py)
                if c <= 0 { continue }
                for clip in clips where c > 0 { c *= clip.coverage(px, py) }
                if c <= 0 { continue }
                let b = saturate(image[(y - ry0) * rw + (x - rx0)], sat)
                let o = (y * w + x) * 4
                let cf = Float(c)
                for ch in 0..<4 {
                    let v = b[ch] * cf + Float(top.data[o + ch]) * (1 - cf)
                    top.data[o + ch] = UInt8(min(255, max(0, v.rounded())))
                }
                wrote = true
            }
            if wrote { written.formUnion(PixelRect(x0: s.0, y0: y, x1: s.1, y1: y + 1)) }
        }
        return written.isEmpty ? nil : written
    }
}

/// A float buffer the blur's workers write disjoint rows of.
// @unchecked: a raw pointer; each worker writes only its own rows.
struct SharedFloatPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SIMD4<Float>>
}
