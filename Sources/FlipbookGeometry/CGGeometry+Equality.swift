import Foundation

#if !canImport(CoreGraphics)
// Core Graphics' equality functions, which Swift imports on Apple platforms as `equalTo(_:)`
// methods (`CGPointEqualToPoint`, `CGSizeEqualToSize`, `CGRectEqualToRect`). Linux's Foundation
// declares the types and `==` but not these names.

extension CGPoint {
    /// Whether both coordinates are equal, Core Graphics' `CGPointEqualToPoint`.
    public func equalTo(_ point2: CGPoint) -> Bool { x == point2.x && y == point2.y }
}

extension CGSize {
    /// Whether both dimensions are equal, Core Graphics' `CGSizeEqualToSize`.
    public func equalTo(_ size2: CGSize) -> Bool { width == size2.width && height == size2.height }
}

extension CGRect {
    /// Whether the two rectangles cover the same area, Core Graphics' `CGRectEqualToRect`: they
    /// are compared standardized (a negative width or height counts from the other edge), and
    /// two null rectangles are equal.
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        let a = standardized, b = rect2.standardized
        return a.origin.equalTo(b.origin) && a.size.equalTo(b.size)
    }
}

// The C functions themselves, under the names Swift gives them on Apple platforms when it
// imports them as methods: code written against the C names calls these.

/// Core Graphics' `CGPointEqualToPoint`, as Swift names the C function on Apple platforms.
public func __CGPointEqualToPoint(_ point1: CGPoint, _ point2: CGPoint) -> Bool { point1.equalTo(point2) }

/// Core Graphics' `CGSizeEqualToSize`, as Swift names the C function on Apple platforms.
public func __CGSizeEqualToSize(_ size1: CGSize, _ size2: CGSize) -> Bool { size1.equalTo(size2) }

/// Core Graphics' `CGRectEqualToRect`, as Swift names the C function on Apple platforms.
public func __CGRectEqualToRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.equalTo(rect2) }
#endif
