import Foundation
import Testing
import TestSupport
import Flipbook

/// The classic bitmap image contexts and `CALayer.render(in:)` (issue 25 E, part 3).
@Suite(.cleanClock) @MainActor struct ImageContextTests {
    /// The premultiplied RGBA of pixel (x, y) of `image`.
    func pixel(_ image: UIImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let cg = image?.cgImage else { return [] }
        let i = (y * cg.width + x) * 4
        return Array(cg.pixels[i..<i + 4])
    }

    @Test func drawingInABeganContextMakesAnImage() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 20), false, 2)
        let ctx = UIGraphicsGetCurrentContext()
        #expect(ctx != nil)
        ctx?.setFillColor(UIColor.red.cgColor)
        ctx?.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image?.size == CGSize(width: 10, height: 20) && image?.scale == 2)
        #expect(image?.cgImage?.width == 20 && image?.cgImage?.height == 40)
        #expect(pixel(image, 5, 5) == [255, 0, 0, 255])     // the top half is red
        #expect(pixel(image, 5, 35) == [0, 0, 0, 0])        // the bottom half is untouched
        // UIGraphicsBeginImageContext is scale 1.
        UIGraphicsBeginImageContext(CGSize(width: 4, height: 4))
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.width == 4)
        UIGraphicsEndImageContext()
    }

    @Test func layerRenderInContextSnapshotsTheTreeUpright() {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
        view.backgroundColor = .blue
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 5))
        top.backgroundColor = .red
        view.addSubview(top)
        UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 1)
        view.layer.render(in: UIGraphicsGetCurrentContext()!)
        let snapshot = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(pixel(snapshot, 5, 1) == [255, 0, 0, 255])    // the red subview stays on top
        #expect(pixel(snapshot, 5, 8) == [0, 0, 255, 255])
    }

    @Test func misuseIsReportedAndHarmless() {
        let reports = FlipbookDiagnostics.capture {
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsBeginImageContextWithOptions(CGSize(width: -1, height: CGFloat.nan), false, 0)
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsEndImageContext()
        }
        #expect(reports.count == 2)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
