import Foundation
import FlipbookGeometry

/// A space in which points and rectangles can be converted to and from another, UIKit's
/// `UICoordinateSpace`: views (their bounds space) and the screen's two spaces
/// (`UIScreen.coordinateSpace`, which follows the interface's orientation, and
/// `fixedCoordinateSpace`, the device held upright).
///
/// Conversions between two views go straight through their layers (`UIView.convert(_:to:)`);
/// any other pair meets in the screen's space: a view's window is taken to sit at its frame on
/// its screen (Flipbook's windows do not rotate: a rotation resizes them).
@preconcurrency @MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    /// Converts `point` from this space to `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// Converts `point` from `coordinateSpace` to this space.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// Converts `rect` from this space to `coordinateSpace` (the bounding box of its corners).
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// Converts `rect` from `coordinateSpace` to this space (the bounding box of its corners).
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    /// The space's bounds.
    var bounds: CGRect { get }
}

// Disfavoured: a call with a view (`convert(p, to: otherView)`) keeps choosing the `UIView?`
// forms, which go straight through the layers; the protocol's requirements are still met here.
extension UIView: UICoordinateSpace {
    @_disfavoredOverload
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
        return CoordinateSpaces.fromScreen(CoordinateSpaces.toScreen(point, from: self), to: coordinateSpace, of: screenForSpaces)
    }

    @_disfavoredOverload
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
        return CoordinateSpaces.fromScreen(CoordinateSpaces.toScreen(point, from: coordinateSpace, of: screenForSpaces), to: self, of: screenForSpaces)
    }

    @_disfavoredOverload
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
        return CoordinateSpaces.boundingBox(of: rect) { convert($0, to: coordinateSpace) }
    }

    @_disfavoredOverload
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
        return CoordinateSpaces.boundingBox(of: rect) { convert($0, from: coordinateSpace) }
    }

    /// The screen of the view's window (the main screen out of a window).
    var screenForSpaces: UIScreen { (treeRoot as? UIWindow)?.screen ?? .main }
}

extension UIScreen {
    /// The screen's space in the interface's current orientation: the space of a window that
    /// fills the screen (its bounds are `bounds`).
    public var coordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(screen: self, fixed: false) }

    /// The screen's space with the device held upright (portrait), whatever the interface's
    /// orientation: its bounds are the portrait size.
    public var fixedCoordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(screen: self, fixed: true) }
}

/// One of a screen's two coordinate spaces.
@preconcurrency @MainActor
final class ScreenCoordinateSpace: NSObject, UICoordinateSpace {
    let screen: UIScreen
    /// Whether this is the fixed (portrait) space rather than the interface-oriented one.
    let fixed: Bool

    init(screen: UIScreen, fixed: Bool) {
        self.screen = screen
        self.fixed = fixed
        super.init()
    }

    var bounds: CGRect { fixed ? CGRect(origin: .zero, size: screen.device.size) : screen.bounds }

    /// Two spaces of one screen are the same space.
    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ScreenCoordinateSpace else { return false }
        return other.screen === screen && other.fixed == fixed
    }
    override var hash: Int { ObjectIdentifier(screen).hashValue &+ (fixed ? 1 : 0) }

    /// A point of this space in the screen's interface-oriented space.
    func toInterface(_ p: CGPoint) -> CGPoint {
        guard fixed else { return p }
        let s = screen.device.size
        switch screen.interfaceOrientation {
        case .portrait, .unknown: return p
        case .portraitUpsideDown: return CGPoint(x: s.width - p.x, y: s.height - p.y)
        case .landscapeRight: return CGPoint(x: p.y, y: s.width - p.x)
        case .landscapeLeft: return CGPoint(x: s.height - p.y, y: p.x)
        }
    }

    /// A point of the screen's interface-oriented space in this space.
    func fromInterface(_ p: CGPoint) -> CGPoint {
        guard fixed else { return p }
        let s = screen.device.size
        switch screen.interfaceOrientation {
        case .portrait, .unknown: return p
        case .portraitUpsideDown: return CGPoint(x: s.width - p.x, y: s.height - p.y)
        case .landscapeRight: return CGPoint(x: s.width - p.y, y: p.x)
        case .landscapeLeft: return CGPoint(x: p.y, y: s.height - p.x)
        }
    }

    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        CoordinateSpaces.fromScreen(toInterface(point), to: coordinateSpace, of: screen)
    }

    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        fromInterface(CoordinateSpaces.toScreen(point, from: coordinateSpace, of: screen))
    }

    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        CoordinateSpaces.boundingBox(of: rect) { convert($0, to: coordinateSpace) }
    }

    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        CoordinateSpaces.boundingBox(of: rect) { convert($0, from: coordinateSpace) }
    }
}

/// Conversions through a screen's interface-oriented space.
@MainActor
enum CoordinateSpaces {
    /// A view's point in its screen's interface-oriented space.
    static func toScreen(_ point: CGPoint, from view: UIView) -> CGPoint {
        let root = view.treeRoot
        let p = view.convert(point, to: root as UIView?)
        let frame = root.frame
        return CGPoint(x: p.x - root.bounds.minX + frame.minX, y: p.y - root.bounds.minY + frame.minY)
    }

    /// A point of `space` in `screen`'s interface-oriented space. A space Flipbook does not make
    /// (your own conforming type) is asked for the conversion to the screen's space.
    static func toScreen(_ point: CGPoint, from space: any UICoordinateSpace, of screen: UIScreen) -> CGPoint {
        if let view = space as? UIView { return toScreen(point, from: view) }
        if let screenSpace = space as? ScreenCoordinateSpace { return screenSpace.toInterface(point) }
        return space.convert(point, to: screen.coordinateSpace)
    }

    /// A point of `screen`'s interface-oriented space in `space`.
    static func fromScreen(_ point: CGPoint, to space: any UICoordinateSpace, of screen: UIScreen) -> CGPoint {
        if let view = space as? UIView {
            let root = view.treeRoot
            let frame = root.frame
            let p = CGPoint(x: point.x - frame.minX + root.bounds.minX, y: point.y - frame.minY + root.bounds.minY)
            return view.convert(p, from: root as UIView?)
        }
        if let screenSpace = space as? ScreenCoordinateSpace { return screenSpace.fromInterface(point) }
        return space.convert(point, from: screen.coordinateSpace)
    }

    /// The bounding box of `rect`'s four corners mapped by `map`; a rectangle with a non-finite
    /// edge is returned standardized, unmapped (as `UIView.convert(_:to:)` does).
    static func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return r }
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
