import Flipbook
import Foundation

/// Milliseconds per frame of the test scene with a backdrop blur over its lower half (a sheet's
/// dimming or a bar's material), full redraws: the cost of a frame with a backdrop step.
@MainActor
func blurBenchmark(device: DevicePreset, scale: CGFloat, radius: CGFloat, frames: Int) -> Double {
    let scene = TestScene(size: device.size)
    let renderer = LayerRenderer(scale: scale)
    renderer.drawsOnlyChangedRegions = false
    renderer.backgroundColor = .black
    let backdrop = BackdropLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    backdrop.frame = CGRect(x: 0, y: device.size.height / 2, width: device.size.width, height: device.size.height / 2)
    backdrop.blurRadius = radius
    backdrop.saturation = 1.8
    scene.rootLayer.addSublayer(backdrop)
    CATransaction.commit()
    scene.update(elapsed: 0)
    _ = renderer.render(scene.rootLayer)
    let clock = ContinuousClock()
    var elapsed = Duration.zero
    for i in 0..<frames {
        scene.update(elapsed: scene.duration * Double(i + 1) / Double(frames))
        elapsed += clock.measure { _ = renderer.render(scene.rootLayer) }
    }
    let ms = milliseconds(elapsed) / Double(frames)
    let size = renderer.pixelSize(of: scene.rootLayer)
    print("test scene \(device.name) @\(Int(scale))x (\(size.width)×\(size.height)) with a backdrop blur (σ \(Int(radius)) pt) over the lower half, full redraw: \(String(format: "%.2f", ms)) ms/frame wall")
    return ms
}
