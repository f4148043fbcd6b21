import Foundation

#if !canImport(CoreGraphics)
extension CGImage {
    /// The part of the image inside `rect`, in pixels (CoreGraphics' `cropping(to:)`): the
    /// rectangle is made integral (its edges moved outward to whole pixels) and clipped to the
    /// image; nil when no pixel of the image is inside it, or when it is not finite.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let x0 = max(0, Int((r.minX).rounded(.down)))
        let y0 = max(0, Int((r.minY).rounded(.down)))
        let x1 = min(width, Int((r.maxX).rounded(.up)))
        let y1 = min(height, Int((r.maxY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        if x0 == 0, y0 == 0, x1 == width, y1 == height { return self }
        var cropped: [UInt8] = []
        cropped.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 {
            let start = (y * width + x0) * 4
            cropped.append(contentsOf: pixels[start..<(start + (x1 - x0) * 4)])
        }
        return CGImage(width: x1 - x0, height: y1 - y0, premultipliedRGBA: cropped)
    }
}
#endif
