// RenderBenchmark: milliseconds per frame of the renderer's test scene at iPhone SE @2x
// (750×1334) and iPhone 15 @3x (1179×2556), and the Swift compositor alone against pixman
// compositing the same projective transform (bilinear, OVER) in the same run.
// Build and run: cd Benchmarks && swift build -c release --scratch-path .build-render &&
//                .build-render/release/RenderBenchmark
// `--blur` runs only the backdrop-blur frames against the same frames without the blur.
// `--profile` renders six full-redraw frames of the iPhone SE scene only, for instruction counts:
//   valgrind --tool=callgrind .build-render/release/RenderBenchmark --profile
import CPixman
import Flipbook
import Foundation

/// CPU time of the whole process (all threads) in milliseconds: on a shared, loaded machine
/// this says more than wall time.
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

@MainActor
func sceneBenchmark(device: DevicePreset, scale: CGFloat, frames: Int, onlyChanges: Bool) -> Double {
    let scene = TestScene(size: device.size)
    let renderer = LayerRenderer(scale: scale)
    renderer.drawsOnlyChangedRegions = onlyChanges
    renderer.backgroundColor = .black
    scene.update(elapsed: 0)
    _ = renderer.render(scene.rootLayer)  // warm the content cache, as in a sequence
    let redraws0 = renderer.contentRasterizations
    let clock = ContinuousClock()
    var checksum = -3_750_763_034_362_895_579  // FNV offset basis
    var elapsed = Duration.zero
    var cpuTotal = 0.0
    for i in 0..<frames {
        scene.update(elapsed: scene.duration * Double(i + 1) / Double(frames))  // every timed frame differs from the warm-up
        let cpu0 = cpuMilliseconds()
        var img: RenderedImage?
        elapsed += clock.measure { img = renderer.render(scene.rootLayer) }
        cpuTotal += cpuMilliseconds() - cpu0
        // FNV-1a over every byte of every frame (outside the timing): any pixel change shows.
        for b in img?.premultipliedPixels ?? [] { checksum = (checksum ^ Int(b)) &* 0x100_0000_01b3 }
    }
    let cpu = cpuTotal / Double(frames)
    let redraws = renderer.contentRasterizations - redraws0
    let ms = milliseconds(elapsed) / Double(frames)
    let size = renderer.pixelSize(of: scene.rootLayer)
    // Only doubles go through String(format:) (a Swift String for %@ is not safe on Linux).
    func f2(_ v: Double) -> String { String(format: "%.2f", v) }
    let mode = onlyChanges ? "sequence, changed regions only" : "full redraw every frame"
    print("test scene \(device.name) @\(Int(scale))x (\(size.width)×\(size.height)), \(mode): \(f2(ms)) ms/frame wall, \(f2(cpu)) ms/frame CPU (all threads); wall / 8 ms aim = \(f2(ms / 8)); content redraws in \(frames) frames: \(redraws)  [checksum \(checksum)]")
    return ms
}

/// A 512 × 512 premultiplied texture with smooth and hard detail.
func makeTexture() -> [UInt8] {
    let n = 512
    var px = [UInt8](repeating: 255, count: n * n * 4)
    for y in 0..<n {
        for x in 0..<n {
            let k = (y * n + x) * 4
            let a = ((x / 32 + y / 32) % 2 == 0) ? 255 : 200
            px[k] = UInt8(x / 2 * a / 255); px[k + 1] = UInt8(y / 2 * a / 255); px[k + 2] = UInt8(128 * a / 255); px[k + 3] = UInt8(a)
        }
    }
    return px
}

/// The same perspective placement for both compositors: texel -> pixel.
func projective(width: Int, height: Int) -> ProjectiveTransform {
    var m = CATransform3DMakeRotation(0.7, 0, 1, 0)
    m = CATransform3DConcat(CATransform3DMakeTranslation(-256, -256, 0), m)
    m = CATransform3DConcat(m, CATransform3DMakeScale(1.3, 1.3, 1))
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 900
    m = CATransform3DConcat(m, p)
    m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(width) / 2, CGFloat(height) / 2, 0))
    return ProjectiveTransform(planeOf: m)
}

func compositorBenchmark(width: Int, height: Int, iterations: Int) {
    let texPixels = makeTexture()
    guard let image = CGImage(width: 512, height: 512, premultipliedRGBA: texPixels) else { return }
    let texture = Texture(image: image)
    let transform = projective(width: width, height: height)
    let canvas = Canvas(width: width, height: height)
    let clock = ContinuousClock()
    canvas.draw(texture, transform: transform)
    let swiftCPU0 = cpuMilliseconds()
    let swiftTime = clock.measure {
        for _ in 0..<iterations {
            canvas.clear()
            canvas.draw(texture, transform: transform)
        }
    }

    // pixman: a8r8g8b8 premultiplied words, transform dest -> source in 16.16 fixed point.
    var src = [UInt32](repeating: 0, count: 512 * 512)
    for k in 0..<(512 * 512) {
        src[k] = UInt32(texPixels[k * 4 + 3]) << 24 | UInt32(texPixels[k * 4]) << 16 | UInt32(texPixels[k * 4 + 1]) << 8 | UInt32(texPixels[k * 4 + 2])
    }
    var dst = [UInt32](repeating: 0, count: width * height)
    guard let inv = transform.inverse else { return }
    let swiftCPU = (cpuMilliseconds() - swiftCPU0) / Double(iterations)
    var pixmanTime = Duration.zero
    var pixmanCPU = 0.0
    src.withUnsafeMutableBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { d in
            let si = pixman_image_create_bits(PIXMAN_a8r8g8b8, 512, 512, s.baseAddress, 512 * 4)
            let di = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), d.baseAddress, Int32(width * 4))
            var ft = pixman_f_transform(m: ((inv.a, inv.b, inv.c), (inv.d, inv.e, inv.f), (inv.g, inv.h, inv.i)))
            var t = pixman_transform()
            _ = pixman_transform_from_pixman_f_transform(&t, &ft)
            _ = pixman_image_set_transform(si, &t)
            _ = pixman_image_set_filter(si, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(si, PIXMAN_REPEAT_NONE)
            pixman_image_composite32(PIXMAN_OP_OVER, si, nil, di, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            let c0 = cpuMilliseconds()
            pixmanTime = clock.measure {
                for _ in 0..<iterations {
                    d.update(repeating: 0)
                    pixman_image_composite32(PIXMAN_OP_OVER, si, nil, di, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
                }
            }
            pixmanCPU = (cpuMilliseconds() - c0) / Double(iterations)
            pixman_image_unref(si)
            pixman_image_unref(di)
        }
    }
    // Agreement check: mean absolute channel difference between the two results.
    let ours = canvas.image.premultipliedPixels
    var diff = 0
    for k in 0..<(width * height) {
        let w = dst[k]
        diff += abs(Int(ours[k * 4]) - Int((w >> 16) & 255)) + abs(Int(ours[k * 4 + 3]) - Int(w >> 24))
    }
    let a = milliseconds(swiftTime) / Double(iterations), b = milliseconds(pixmanTime) / Double(iterations)
    func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
    print("compositor \(width)×\(height), 512² texture, projective bilinear OVER: Swift \(f(a)) ms (CPU \(f(swiftCPU))), pixman \(f(b)) ms (CPU \(f(pixmanCPU))); Swift/pixman wall = \(f(a / b)), CPU = \(f(swiftCPU / pixmanCPU))  (mean |Δ| \(f(Double(diff) / Double(width * height * 2), 3)))")
}

@MainActor
func main() {
    if CommandLine.arguments.contains("--blur") {
        _ = blurBenchmark(device: .iPhoneSE, scale: 2, radius: 20, frames: 20)
        _ = blurBenchmark(device: .iPhone15, scale: 3, radius: 30, frames: 10)
        return
    }
    if CommandLine.arguments.contains("--profile") {
        _ = sceneBenchmark(device: .iPhoneSE, scale: 2, frames: 6, onlyChanges: false)
        return
    }
    print("RenderBenchmark (release build; 2 threads for the compositor, pixman single-threaded as it ships)")
    for onlyChanges in [false, true] {
        _ = sceneBenchmark(device: .iPhoneSE, scale: 2, frames: 30, onlyChanges: onlyChanges)
        _ = sceneBenchmark(device: .iPhone15, scale: 3, frames: 20, onlyChanges: onlyChanges)
    }
    compositorBenchmark(width: 750, height: 1334, iterations: 30)
    compositorBenchmark(width: 1179, height: 2556, iterations: 15)
    _ = blurBenchmark(device: .iPhoneSE, scale: 2, radius: 20, frames: 20)
    _ = blurBenchmark(device: .iPhone15, scale: 3, radius: 30, frames: 10)
}

MainActor.assumeIsolated { main() }
