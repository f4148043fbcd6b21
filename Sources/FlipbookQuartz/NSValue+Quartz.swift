import Foundation
import FlipbookGeometry

#if !canImport(UIKit) && !canImport(QuartzCore)
// Foundation on Linux boxes points, sizes and rects, but not Core Animation's or
// UIKit's structs. Flipbook stores transforms as arrays of doubles ("[16d]", "[6d]").

extension NSValue {
    /// Boxes a transform, as QuartzCore's `NSValue(caTransform3D:)`.
    public convenience init(caTransform3D t: CATransform3D) {
        var e = t.elements.map { Double($0) }
        self.init(bytes: &e, objCType: "[16d]")
    }

    /// The boxed transform; the identity when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == "[16d]" else { return CATransform3DIdentity }
        var e = [Double](repeating: 0, count: 16)
        e.withUnsafeMutableBytes { if let base = $0.baseAddress { getValue(base) } }
        return CATransform3D(elements: e.map { CGFloat($0) }) ?? CATransform3DIdentity
    }

    /// Boxes an affine transform, as UIKit's `NSValue(cgAffineTransform:)`.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var e = [Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty)]
        self.init(bytes: &e, objCType: "[6d]")
    }

    /// The boxed affine transform; the identity when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == "[6d]" else { return .identity }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { if let base = $0.baseAddress { getValue(base) } }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    /// Boxes a point, as UIKit's `NSValue(cgPoint:)`.
    public convenience init(cgPoint p: CGPoint) { self.init(point: p) }
    public var cgPointValue: CGPoint { pointValue }
    /// Boxes a size, as UIKit's `NSValue(cgSize:)`.
    public convenience init(cgSize s: CGSize) { self.init(size: s) }
    public var cgSizeValue: CGSize { sizeValue }
    /// Boxes a rect, as UIKit's `NSValue(cgRect:)`.
    public convenience init(cgRect r: CGRect) { self.init(rect: r) }
    public var cgRectValue: CGRect { rectValue }
}
#endif

extension NSValue {
    /// The kind of struct boxed, read from `objCType`.
    var flipbookKind: String { String(cString: objCType) }
}
