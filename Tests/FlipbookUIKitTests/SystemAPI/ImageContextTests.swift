import Foundation
import Testing
import TestSupport
import Flipbook

/// The classic bitmap image contexts and `CALayer.render(in:)` (issue 25 E, part 3).
@Suite(.freshRuntime) @MainActor struct ImageContextTests {
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

    /// A progress ring masks with `UIGraphicsGetCurrentContext()!.makeImage()`: on iOS the image
    /// context is a bitmap context, so it answers with what was drawn so far.
    @Test func anImageContextMakesAnImageOfItsDrawing() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 20), false, 2)
        let ctx = try #require(UIGraphicsGetCurrentContext())
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let made = ctx.makeImage()
        UIGraphicsEndImageContext()
        #expect(made?.width == 20 && made?.height == 40)
        #expect(pixel(made.map { UIImage(cgImage: $0) }, 5, 5) == [255, 0, 0, 255])
        #expect(pixel(made.map { UIImage(cgImage: $0) }, 5, 35) == [0, 0, 0, 0])
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
    @Test func gradientsAreDrawnInTheRecordingContext() {
        let space = CGColorSpaceCreateDeviceRGB()
        let gradient = try! #require(CGGradient(
            colorsSpace: space, colors: [UIColor.red.cgColor, UIColor.blue.cgColor], locations: [0, 1]))
        #expect(CGGradient(colorsSpace: space, colors: [CGColor](), locations: nil) == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 100, height: 10), false, 1)
        let ctx = UIGraphicsGetCurrentContext()!
        // Options none: nothing before x = 20 or after x = 80.
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        let linear = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(pixel(linear, 10, 5) == [0, 0, 0, 0])
        #expect(pixel(linear, 90, 5) == [0, 0, 0, 0])
        let start = pixel(linear, 21, 5), middle = pixel(linear, 50, 5), end = pixel(linear, 79, 5)
        #expect(start[0] > 240 && start[2] < 15)
        #expect(abs(Int(middle[0]) - 127) < 8 && abs(Int(middle[2]) - 127) < 8)
        #expect(end[2] > 240 && end[0] < 15)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 40), false, 1)
        UIGraphicsGetCurrentContext()!.drawRadialGradient(
            gradient, startCenter: CGPoint(x: 20, y: 20), startRadius: 0, endCenter: CGPoint(x: 20, y: 20), endRadius: 20,
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let radial = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(pixel(radial, 20, 20)[0] > 240)              // red at the centre
        #expect(pixel(radial, 0, 0)[2] == 255)               // blue beyond the end circle (extended)
    }
}
