import Flipbook
import Foundation

/// Milliseconds per frame of the test scene with a backdrop blur over its lower half (a sheet's
/// dimming or a bar's material), full redraws, against the same frames without the blur (a
/// backdrop with radius 0 and saturation 1 draws nothing), alternated frame by frame so both
/// see the same machine: the cost of a frame with a backdrop step, as a ratio (aim ≤ 1.5).
/// Wall and CPU time (all threads); on a loaded machine the CPU ratio says more.
@MainActor
func blurBenchmark(device: DevicePreset, scale: CGFloat, radius: CGFloat, frames: Int) -> Double {
    func setUp(blur: Bool) -> (TestScene, LayerRenderer) {
        let scene = TestScene(size: device.size)
        let renderer = LayerRenderer(scale: scale)
        renderer.drawsOnlyChangedRegions = false
        renderer.backgroundColor = .black
        let backdrop = BackdropLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        backdrop.frame = CGRect(x: 0, y: device.size.height / 2, width: device.size.width, height: device.size.height / 2)
        backdrop.blurRadius = blur ? radius : 0
        backdrop.saturation = blur ? 1.8 : 1
        scene.rootLayer.addSublayer(backdrop)
        CATransaction.commit()
        scene.update(elapsed: 0)
        _ = renderer.render(scene.rootLayer)
        return (scene, renderer)
    }
    let with = setUp(blur: true), without = setUp(blur: false)
    let clock = ContinuousClock()
    var wall = [Duration.zero, Duration.zero], cpu = [0.0, 0.0]
    for i in 0..<frames {
        for (k, s) in [with, without].enumerated() {
            s.0.update(elapsed: s.0.duration * Double(i + 1) / Double(frames))
            let c0 = cpuMilliseconds()
            wall[k] += clock.measure { _ = s.1.render(s.0.rootLayer) }
            cpu[k] += cpuMilliseconds() - c0
        }
    }
    let ms = wall.map { milliseconds($0) / Double(frames) }, cpuMs = cpu.map { $0 / Double(frames) }
    let size = with.1.pixelSize(of: with.0.rootLayer)
    func f(_ v: Double) -> String { String(format: "%.2f", v) }
    print("test scene \(device.name) @\(Int(scale))x (\(size.width)×\(size.height)) with a backdrop blur (σ \(Int(radius)) pt) over the lower half, full redraw: \(f(ms[0])) ms/frame wall, \(f(cpuMs[0])) CPU; without the blur \(f(ms[1])) wall, \(f(cpuMs[1])) CPU; blur / plain = \(f(ms[0] / ms[1])) wall, \(f(cpuMs[0] / cpuMs[1])) CPU (aim ≤ 1.5)")
    return ms[0]
}
