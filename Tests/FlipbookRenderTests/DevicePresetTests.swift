import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - Device presets and output sizes

@MainActor
@Suite(.freshRuntime) struct DevicePresetTests {
    @Test func presetSizesAreApplesPointSizes() {
        #expect(DevicePreset.iPhoneSE.size == CGSize(width: 375, height: 667))
        #expect(DevicePreset.iPhone15.size == CGSize(width: 393, height: 852))
        #expect(DevicePreset.iPad.size == CGSize(width: 820, height: 1180))
        #expect([DevicePreset.iPhoneSE, .iPhone15, .iPad].map(\.nativeScale) == [2, 3, 2])
        #expect(DevicePreset.all == [.iPhoneSE, .iPhone15, .iPad])
        #expect(DevicePreset.named("IPHONE-15") == .iPhone15 && DevicePreset.named("ipad") == .iPad)
        #expect(DevicePreset.named("iphone-se") == .iPhoneSE && DevicePreset.named("pixel-8") == nil)
    }

    /// A screen-sized root renders to size × scale pixels, and a 1-pt layer in the screen's
    /// bottom-right corner fills exactly the last scale × scale pixels.
    @Test(arguments: [1, 2, 3])
    func screenRendersAtBoundsTimesScale(scale: Int) {
        for preset in DevicePreset.all {
            let w = Int(preset.size.width), h = Int(preset.size.height)
            let root = makeLayer(CGRect(origin: .zero, size: preset.size), nil)
            _ = makeLayer(CGRect(x: w - 1, y: h - 1, width: 1, height: 1), pureRed, in: root)
            let img = LayerRenderer(scale: CGFloat(scale)).render(root)
            let size: [Int] = [img.width, img.height], wanted: [Int] = [w * scale, h * scale]
            #expect(size == wanted, "\(preset) at \(scale)x")
            let corner: [Int] = [(w - 1) * scale, (h - 1) * scale, w * scale, h * scale]
            #expect(extent(img, where: isRed) == corner, "\(preset) at \(scale)x")
        }
    }
}
