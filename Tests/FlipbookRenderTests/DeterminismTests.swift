import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

@MainActor
@Suite(.freshRuntime) struct DeterminismTests {
    /// The same scene at the same time, rendered by two renderers, gives identical bytes.
    @Test func renderingTwiceGivesIdenticalBytes() {
        var outputs: [Data] = []
        for _ in 0..<2 {
            let scene = TestScene(size: DevicePreset.iPhoneSE.size)
            scene.update(elapsed: 0.9)
            outputs.append(LayerRenderer(scale: 1).render(scene.rootLayer).pngData())
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count > 1000)
        if let dir = ProcessInfo.processInfo.environment["FLIPBOOK_DEBUG_OUT"] {
            for t in [0.0, 0.5, 0.9, 1.2, 2.0] {
                let scene = TestScene(size: DevicePreset.iPhone15.size)
                scene.update(elapsed: t)
                try? LayerRenderer(scale: 2).render(scene.rootLayer).write(to: URL(fileURLWithPath: "\(dir)/test-\(t).png"))
            }
        }
    }
}
