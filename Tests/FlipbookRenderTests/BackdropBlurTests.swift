import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The backdrop blur: its kernel against a true Gaussian, its pixels, and change tracking
/// with backdrops.
@MainActor
@Suite(.freshRuntime) struct BackdropBlurTests {
    /// The sampled, normalised Gaussian of standard deviation `sigma` over `n` samples centred on n / 2.
    func gaussian(sigma: Double, length n: Int) -> [Double] {
        let g = (0..<n).map { k -> Double in
            let x = Double(k - n / 2)
            return exp(-x * x / (2 * sigma * sigma))
        }
        let s = g.reduce(0, +)
        return g.map { $0 / s }
    }

    @Test(arguments: [1.5, 2.0, 4.0, 7.3, 12.5, 20.0, 40.0, 60.0])
    func kernelIsCloseToAGaussian(sigma: Double) {
        let n = Int(sigma * 16) + 41
        let k = BackdropBlur.impulseResponse(sigma: sigma, length: n)
        let g = gaussian(sigma: sigma, length: n)
        let sum = k.reduce(0, +)
        #expect(abs(sum - 1) < 1e-4)
        // Same variance (the extended boxes make it exact up to float rounding).
        let variance = k.enumerated().reduce(0.0) { $0 + $1.element * pow(Double($1.offset - n / 2), 2) }
        #expect(abs(variance - sigma * sigma) / (sigma * sigma) < 0.01)
        // Close in shape. Three boxes give the Irwin–Hall curve of order 3, whose peak is 6 % below
        // the Gaussian's (0.75 against 1/√(π/2)/2 ≈ 0.798 at variance 1/4): within 7 % of the
        // peak everywhere, under 6 % in L1.
        let peak = g.max() ?? 1
        let worst = zip(k, g).map { abs($0 - $1) }.max() ?? 0
        let l1 = zip(k, g).reduce(0.0) { $0 + abs($1.0 - $1.1) }
        #expect(worst / peak < 0.07, "σ \(sigma): worst \(worst / peak)")
        #expect(l1 < 0.06, "σ \(sigma): L1 \(l1)")
        // Symmetric.
        let c = n / 2
        let mirrored = (1..<min(c, n - 1 - c)).map { abs(k[c - $0] - k[c + $0]) }.max() ?? 0
        #expect(mirrored < 1e-5)
    }

    @Test func boxVarianceIsExactAndContinuous() {
        var previous = BackdropBlur.box(sigma: 0)
        for step in 1...8000 {
            let sigma = Double(step) * 0.005
            let b = BackdropBlur.box(sigma: sigma)
            #expect(b.alpha >= 0 && b.alpha <= 1)
            #expect(abs(3 * b.variance - sigma * sigma) < 1e-9 * max(1, sigma * sigma))
            // Growing σ grows the box continuously: r + α never jumps by more than a step's worth.
            let reach = Double(b.r) + b.alpha, before = Double(previous.r) + previous.alpha
            #expect(reach >= before - 1e-6 && reach - before < 0.05, "σ \(sigma): \(before) → \(reach)")
            previous = b
        }
        #expect(BackdropBlur.box(sigma: 0) == .init(r: 0, alpha: 0))
        #expect(BackdropBlur.box(sigma: .nan) == .init(r: 0, alpha: 0))
    }

    /// A stripe backdrop (vertical red/blue bars on white) with a backdrop layer over its middle.
    func stripes(size: CGSize = CGSize(width: 160, height: 100)) -> (root: CALayer, backdrop: BackdropLayer) {
        let root = makeLayer(CGRect(origin: .zero, size: size), white)
        var x: CGFloat = 0, k = 0
        while x < size.width {
            _ = makeLayer(CGRect(x: x, y: 0, width: 10, height: size.height), k % 2 == 0 ? red : blue, in: root)
            x += 20; k += 1
        }
        let b = BackdropLayer()
        withoutActions {
            b.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
            b.position = CGPoint(x: size.width / 2, y: size.height / 2)
            b.cornerRadius = 12
            b.blurRadius = 4
            b.saturation = 1.8
            root.addSublayer(b)
        }
        return (root, b)
    }

    @Test func blurredStripesGolden() {
        let (root, _) = stripes()
        let image = LayerRenderer(scale: 2).render(root)
        // Outside the backdrop the stripes are untouched; inside, the bars are blurred together.
        #expect(image.pixel(x: 4, y: 4) == RGBA(r: 230, g: 51, b: 51, a: 255))
        let mid = image.pixel(x: 160, y: 100)
        #expect(mid.r > 60 && mid.b > 60)  // a mix of red, blue and white
        GoldenImage.assert(image, named: "BackdropBlurTests/stripes-blur-4", tolerance: .init(channel: 2, pixelFraction: 0))
    }

    @Test func rotatedBackdropGolden() {
        let (root, b) = stripes()
        withoutActions {
            b.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            b.blurRadius = 6
            b.saturation = 1
        }
        let image = LayerRenderer(scale: 2).render(root)
        GoldenImage.assert(image, named: "BackdropBlurTests/stripes-rotated-blur-6", tolerance: .init(channel: 2, pixelFraction: 0))
    }

    @Test func flatBackdropStaysFlat() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 60), CGColor(red: 0.3, green: 0.5, blue: 0.7, alpha: 1))
        let plain = LayerRenderer(scale: 1).render(root)
        let b = BackdropLayer()
        withoutActions {
            b.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
            b.blurRadius = 10
            root.addSublayer(b)
        }
        // Blurring one colour (edges repeating) gives the colour back.
        let blurred = LayerRenderer(scale: 1).render(root)
        var worst = 0
        for k in 0..<plain.premultipliedPixels.count {
            worst = max(worst, abs(Int(plain.premultipliedPixels[k]) - Int(blurred.premultipliedPixels[k])))
        }
        #expect(worst <= 1)
    }

    @Test func neutralBackdropDrawsNothing() {
        let (root, b) = stripes()
        withoutActions { b.blurRadius = 0; b.saturation = 1 }
        let renderer = LayerRenderer(scale: 1)
        let with = renderer.render(root)
        let list = DisplayListBuilder(scale: 1, cache: ContentCache()).build(root: root)
        #expect(!DisplayItem.containsBackdrop(list))
        withoutActions { b.removeFromSuperlayer() }
        #expect(LayerRenderer(scale: 1).render(root) == with)
    }

    @Test func saturationZeroIsGrey() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), red)
        let b = BackdropLayer()
        withoutActions {
            b.frame = root.bounds
            b.saturation = 0
            root.addSublayer(b)
        }
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 20, y: 20)
        // Luma of (230, 51, 51) with Rec. 709 weights.
        let luma = 0.2126 * 230 + 0.7152 * 51 + 0.0722 * 51
        #expect(abs(Double(p.r) - luma) <= 1 && p.r == p.g && p.g == p.b)
    }

    @Test func incrementalFramesMatchFullRedraws() {
        let (root, b) = stripes()
        let mover = makeLayer(CGRect(x: 0, y: 0, width: 14, height: 14), CGColor(red: 0.1, green: 0.8, blue: 0.2, alpha: 1), in: root)
        let above = makeLayer(CGRect(x: 60, y: 40, width: 20, height: 10), .black, in: root)
        let incremental = LayerRenderer(scale: 1), full = LayerRenderer(scale: 1)
        full.drawsOnlyChangedRegions = false
        for i in 0..<14 {
            withoutActions {
                // Moves from far outside the backdrop, past its blur reach, under it and out.
                mover.position = CGPoint(x: 5 + CGFloat(i) * 11, y: 8 + CGFloat(i) * 5)
                if i == 6 { b.blurRadius = 7 }
                if i == 9 { above.position.x += 3 }
                if i == 11 { b.cornerRadius = 0 }
            }
            let a = incremental.render(root), c = full.render(root)
            #expect(a == c, "frame \(i) differs from the full redraw")
        }
    }

    @Test func backdropInsideATranslucentGroupFades() {
        let (root, b) = stripes()
        let holder = makeLayer(root.bounds, nil, in: root)
        withoutActions {
            b.removeFromSuperlayer()
            holder.addSublayer(b)
            _ = makeLayer(CGRect(x: 70, y: 40, width: 20, height: 20), .black, in: holder)
            holder.opacity = 1
        }
        let opaque = LayerRenderer(scale: 1).render(root)
        withoutActions { holder.opacity = 0.5 }
        let half = LayerRenderer(scale: 1).render(root)
        withoutActions { holder.opacity = 0; }
        let none = LayerRenderer(scale: 1).render(root)
        // Half opacity shows halfway between the sharp stripes and the blur.
        let x = 35, y = 30
        let o = opaque.pixel(x: x, y: y), h = half.pixel(x: x, y: y), n = none.pixel(x: x, y: y)
        #expect(abs(Int(h.r) - (Int(o.r) + Int(n.r)) / 2) <= 2)
        #expect(abs(Int(h.b) - (Int(o.b) + Int(n.b)) / 2) <= 2)
    }

    @Test func badValuesAreReportedAndIgnored() {
        let b = BackdropLayer()
        withoutActions { b.blurRadius = 5 }
        let messages = FlipbookDiagnostics.capture {
            withoutActions {
                b.blurRadius = .nan
                b.saturation = .infinity
            }
        }
        #expect(messages.count == 2)
        #expect(b.blurRadius == 5 && b.saturation == 1)
        // A negative radius draws as none.
        let (root, layer) = stripes()
        withoutActions { layer.blurRadius = -3; layer.saturation = 1 }
        let list = DisplayListBuilder(scale: 1, cache: ContentCache()).build(root: root)
        #expect(!DisplayItem.containsBackdrop(list))
    }

    /// The reduced-resolution blur (σ ≥ 20 pixels; see BackdropBlur+Reduced.swift) against a
    /// true Gaussian of the same σ, on a worst case for a blur: a high-contrast checkerboard
    /// with fine stripes and noise. Errors are in 8-bit levels over every pixel at least σ from
    /// the image's edges (where edge handling, not the blur, decides), beside those of the
    /// full-resolution three-box blur. docs/Benchmarks.md quotes these numbers.
    @Test(arguments: [20.0, 30.0, 40.0])
    func reducedBlurIsCloseToATrueGaussian(sigma: Double) {
        let f = BackdropBlur.reduction(sigma: sigma)
        #expect(f > 1)
        let n = 160
        let source = Raster(width: n, height: n)
        var state: UInt64 = 99
        for y in 0..<n {
            for x in 0..<n {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(state >> 59)
                let check = ((x / 16) + (y / 16)) % 2 == 0
                let stripe = (x / 5) % 2 == 0
                let o = (y * n + x) * 4
                source.data[o] = UInt8(check ? 230 - noise : 20 + noise)
                source.data[o + 1] = UInt8(stripe ? 200 : 40 + noise)
                source.data[o + 2] = UInt8(check != stripe ? 240 : 10)
                source.data[o + 3] = 255
            }
        }
        // The true Gaussian, edges repeating: one n × n matrix of weights per direction (the
        // clamped taps folded into the end columns), applied as matrix products.
        var weights = [Double](repeating: 0, count: n * n)
        let radius = Int(sigma * 5)
        for x in 0..<n {
            var total = 0.0
            for k in -radius...radius {
                let w = exp(-Double(k * k) / (2 * sigma * sigma))
                weights[x * n + min(n - 1, max(0, x + k))] += w
                total += w
            }
            for j in 0..<n { weights[x * n + j] /= total }
        }
        var exact = [Double](repeating: 0, count: n * n * 3)
        for c in 0..<3 {
            var plane = [Double](repeating: 0, count: n * n), rows = [Double](repeating: 0, count: n * n)
            for k in 0..<(n * n) { plane[k] = Double(source.data[k * 4 + c]) }
            weights.withUnsafeBufferPointer { wt in
                plane.withUnsafeBufferPointer { p in
                    rows.withUnsafeMutableBufferPointer { r in
                        for y in 0..<n { for x in 0..<n { var s = 0.0; for j in 0..<n { s += wt[x * n + j] * p[y * n + j] }; r[y * n + x] = s } }
                    }
                }
                rows.withUnsafeBufferPointer { r in
                    exact.withUnsafeMutableBufferPointer { e in
                        for y in 0..<n { for x in 0..<n { var s = 0.0; for j in 0..<n { s += wt[y * n + j] * r[j * n + x] }; e[(y * n + x) * 3 + c] = s } }
                    }
                }
            }
        }
        // The backdrop step over the whole image, saturation 1.
        let target = Raster(premultipliedRGBA: source.pixels, width: n, height: n)
        let whole = CGRect(x: 0, y: 0, width: n, height: n)
        let step = BackdropDraw(
            polygon: [CGPoint(x: 0, y: 0), CGPoint(x: n, y: 0), CGPoint(x: n, y: n), CGPoint(x: 0, y: n)],
            shape: ClipShape(toShape: .identity, shape: RoundedRectShape(rect: whole, cornerRadius: 0, maskedCorners: [], curve: .circular)),
            clips: [], sigma: sigma, saturation: 1, opacity: 1)
        #expect(BackdropBlur.apply(step, stack: [target]) != nil)
        // The full-resolution three-box blur of the same pixels.
        let image = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: n * n)
        defer { image.deallocate() }
        for k in 0..<(n * n) {
            image[k] = SIMD4(Float(source.data[k * 4]), Float(source.data[k * 4 + 1]), Float(source.data[k * 4 + 2]), Float(source.data[k * 4 + 3]))
        }
        BackdropBlur.blur(image, width: n, height: n, sigma: sigma, workers: 1)
        var worst = 0.0, sum = 0.0, boxWorst = 0.0, boxSum = 0.0, count = 0.0
        let edge = Int(sigma)
        for y in edge..<(n - edge) {
            for x in edge..<(n - edge) {
                for c in 0..<3 {
                    let e = exact[(y * n + x) * 3 + c]
                    let d = abs(Double(target.data[(y * n + x) * 4 + c]) - e)
                    let b = abs(Double(image[y * n + x][c]) - e)
                    worst = max(worst, d); sum += d
                    boxWorst = max(boxWorst, b); boxSum += b
                    count += 1
                }
            }
        }
        print("σ \(sigma) px, blocks \(f)×\(f): reduced max \(worst), mean \(sum / count); full-resolution boxes max \(boxWorst), mean \(boxSum / count) (8-bit levels)")
        #expect(worst <= boxWorst + 8, "σ \(sigma): max error \(worst) levels")
        #expect(sum / count <= boxSum / count + 1.5, "σ \(sigma): mean error \(sum / count) levels")
    }

    @Test func reductionGrowsWithSigma() {
        #expect(BackdropBlur.reduction(sigma: 12) == 1)
        #expect(BackdropBlur.reduction(sigma: 19.99) == 1)
        #expect(BackdropBlur.reduction(sigma: 20) == 2)
        #expect(BackdropBlur.reduction(sigma: 40) == 4)
        #expect(BackdropBlur.reduction(sigma: 80) == 8)
        #expect(BackdropBlur.reduction(sigma: 400) == 8)
        #expect(BackdropBlur.reduction(sigma: .nan) == 1)
        // Block average, small blur and read-back add up to σ².
        for sigma in [20.0, 37.0, 40.0, 90.0] {
            let f = Double(BackdropBlur.reduction(sigma: sigma))
            let s = BackdropBlur.reducedSigma(sigma: sigma, factor: Int(f))
            #expect(abs((f * f - 1) / 12 + f * f / 6 + s * s * f * f - sigma * sigma) < 1e-9 * sigma * sigma)
        }
    }
}
