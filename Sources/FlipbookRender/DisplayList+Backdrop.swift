import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension DisplayItem {
    /// Whether a list (or a mask inside it) has a backdrop step: such lists run on one row
    /// share, so a backdrop sees every row drawn before it (see `DisplayListExecutor`).
    static func containsBackdrop(_ items: [DisplayItem]) -> Bool {
        items.contains { item in
            switch item {
            case .backdrop: true
            case .endGroup(_, let mask?): containsBackdrop(mask)
            default: false
            }
        }
    }
}

extension DisplayListBuilder {
    /// The backdrop step of a `BackdropLayer` drawn through `plane` (bounds → output pixels), or
    /// nil when it changes nothing (no blur and saturation 1) or shows nothing.
    ///
    /// The blur is isotropic in the output: its standard deviation is the layer's `blurRadius`
    /// times the map's scale at the layer's centre (the square root of its Jacobian's
    /// determinant), so 2D scales and rotations blur as Core Animation does; a perspective or
    /// non-uniform scale blurs by that mean scale (docs/Divergences.md).
    func backdrop(of layer: BackdropLayer, plane: Homography, opacity: Double, clips: [ClipShape]) -> BackdropDraw? {
        let radius = layer.blurRadius.isFinite ? max(0, Double(layer.blurRadius)) : 0
        let saturation = layer.saturation.isFinite ? max(0, Double(layer.saturation)) : 1
        guard radius > 0 || saturation != 1, opacity > 0 else { return nil }
        let b = layer.bounds
        guard b.width > 0, b.height > 0, let inverse = plane.inverse else { return nil }
        let polygon = PolygonClip.clipAndProject(b, through: plane)
        guard polygon.count >= 3 else { return nil }
        let c = CGPoint(x: b.midX, y: b.midY)
        let p0 = plane.map(c), px = plane.map(CGPoint(x: c.x + 1, y: c.y)), py = plane.map(CGPoint(x: c.x, y: c.y + 1))
        let jx = (Double(px.x - p0.x), Double(px.y - p0.y)), jy = (Double(py.x - p0.x), Double(py.y - p0.y))
        var unit = abs(jx.0 * jy.1 - jx.1 * jy.0).squareRoot()
        if !unit.isFinite { unit = scale }
        return BackdropDraw(
            polygon: polygon, shape: ClipShape(toShape: inverse, shape: LayerContentReader.shape(of: layer)), clips: clips,
            sigma: radius * unit, saturation: saturation, opacity: opacity)
    }
}
