import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// iOS 26's corner configurations on views (docs/Semantics.md, "Corner configurations").
///
/// A configuration is resolved to four radii whenever it is set and at every layout pass of
/// the view (a capsule follows the view's size, a concentric radius its place in its
/// container), and the radii go to the backing layer: `cornerRadius` takes the largest,
/// `maskedCorners` the rounded corners, `cornerCurve` is continuous, and each corner's share
/// of the largest radius is kept for the renderer, so corners of different radii are drawn
/// as such and animate with `cornerRadius`.
extension UIView {
    /// How the view's corners are rounded (iOS 26). A view given none answers square corners,
    /// `.corners(radius: 0)`, and its layer's `cornerRadius` rounds it as before.
    public var cornerConfiguration: UICornerConfiguration {
        get { layoutExtras.cornerConfiguration ?? .corners(radius: 0) }
        set {
            layoutExtras.cornerConfiguration = newValue
            applyCornerConfiguration()
        }
    }

    /// The radius, in points, the view's corner configuration gives `corner` now: the largest
    /// of them when `corner` names several. A view with no configuration answers its layer's
    /// `cornerRadius` (as drawn: at most half the shorter side) for the corners in its
    /// `maskedCorners`, else 0.
    public func effectiveRadius(corner: UIRectCorner) -> CGFloat {
        let radii = effectiveCornerRadii()
        var largest: CGFloat = 0
        for (k, c) in Self.cornerOrder.enumerated() where corner.contains(c) { largest = max(largest, radii[k]) }
        return largest
    }

    private static let cornerOrder: [UIRectCorner] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    private static let layerCornerOrder: [CACornerMask] = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]

    /// The four corners' radii (top left, top right, bottom left, bottom right).
    func effectiveCornerRadii() -> [CGFloat] {
        guard let configuration = layoutExtras.cornerConfiguration else {
            let limit = max(0, min(bounds.width, bounds.height) / 2)
            let r = layer.cornerRadius.isFinite ? min(max(0, layer.cornerRadius), limit) : 0
            return Self.layerCornerOrder.map { layer.maskedCorners.contains($0) ? r : 0 }
        }
        return configuration.resolvedRadii(size: bounds.size) { corner, minimum in
            concentricRadius(corner: corner, minimum: minimum)
        }
    }

    /// A corner concentric with its container's: the container's radius at that corner less
    /// the distance between the corners (the larger of the two axes' gaps), at least `minimum`.
    /// The container is the nearest ancestor with a corner configuration, else the window,
    /// whose corners are its screen's (`UIScreen.Device.displayCornerRadius`); a view in no
    /// window has no container and answers `minimum` (or 0).
    private func concentricRadius(corner: Int, minimum: CGFloat?) -> CGFloat {
        let floor = minimum ?? 0
        var container = superviewStorage
        while let c = container, c.layoutExtras.cornerConfiguration == nil, !(c is UIWindow) {
            container = c.superviewStorage
        }
        guard let container else { return floor }
        let outer: CGFloat
        if let window = container as? UIWindow, window.layoutExtras.cornerConfiguration == nil {
            outer = window.screen.device.displayCornerRadius
        } else {
            outer = container.effectiveCornerRadii()[corner]
        }
        let c = container.bounds
        let r = convert(bounds, to: container)
        let gaps: (CGFloat, CGFloat)
        switch corner {
        case 0: gaps = (r.minX - c.minX, r.minY - c.minY)
        case 1: gaps = (c.maxX - r.maxX, r.minY - c.minY)
        case 2: gaps = (r.minX - c.minX, c.maxY - r.maxY)
        default: gaps = (c.maxX - r.maxX, c.maxY - r.maxY)
        }
        let distance = max(0, gaps.0, gaps.1)
        return max(floor, outer - distance)
    }

    /// Gives the backing layer the configuration's radii (see the extension's comment).
    func applyCornerConfiguration() {
        guard layoutExtras.cornerConfiguration != nil else { return }
        let radii = effectiveCornerRadii()
        let largest = radii.max() ?? 0
        var mask: CACornerMask = []
        for (k, m) in Self.layerCornerOrder.enumerated() where radii[k] > 0 { mask.insert(m) }
        if largest == 0 { mask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] }
        let shares = largest > 0 && radii.contains(where: { $0 > 0 && $0 != largest })
            ? radii.map { Double($0 / largest) } : nil
        if layer.cornerCurve != .continuous { layer.cornerCurve = .continuous }
        if layer.maskedCorners != mask { layer.maskedCorners = mask }
        if layer.cornerRadiusShares != shares { layer.cornerRadiusShares = shares }
        if layer.cornerRadius != largest { layer.cornerRadius = largest }
    }
}
