import Foundation
import FlipbookGeometry

/// The shape of a gradient, Core Animation's `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial")
    public static let radial = Self(rawValue: "radial")
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient, Core Animation's
/// `CAGradientLayer` (a model: FlipbookRender draws it).
///
/// `colors` holds `CGColor`s (as `[Any]`, as on iOS); `locations` fractions 0…1 (nil:
/// evenly spread); `startPoint`/`endPoint` are in unit coordinates of the bounds.
/// `colors`, `locations`, `startPoint` and `endPoint` animate (arrays of equal length
/// interpolate element-wise, others switch halfway).
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
    open var colors: [Any]? {
        get { _colors }
        set {
            let oldValue = _colors
            _colors = newValue
            if !isPresentationCopy { propertyDidChange("colors", oldValue) }
        }
    }
    private var _colors: [Any]?
    open var locations: [NSNumber]? {
        get { _locations }
        set {
            let oldValue = _locations
            _locations = newValue
            if !isPresentationCopy { propertyDidChange("locations", oldValue) }
        }
    }
    private var _locations: [NSNumber]?
    open var startPoint: CGPoint {
        get { _startPoint }
        set {
            let oldValue = _startPoint
            _startPoint = newValue
            if !checkedDidSet(startPoint, "startPoint", old: oldValue) { _startPoint = oldValue }
        }
    }
    private var _startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint: CGPoint {
        get { _endPoint }
        set {
            let oldValue = _endPoint
            _endPoint = newValue
            if !checkedDidSet(endPoint, "endPoint", old: oldValue) { _endPoint = oldValue }
        }
    }
    private var _endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    open var type: CAGradientLayerType = .axial

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let g = layer as? CAGradientLayer else { return }
        _colors = g.colors
        _locations = g.locations
        _startPoint = g.startPoint
        _endPoint = g.endPoint
        type = g.type
    }

    /// `colors` as CGColors (entries that are not CGColor are skipped).
    public var cgColors: [CGColor] { colors?.compactMap { $0 as? CGColor } ?? [] }

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union(["colors", "locations", "startPoint", "endPoint"])
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "colors": return .colors(cgColors)
        case "locations": return locations.map { .numbers($0.map(\.doubleValue)) } ?? .other(nil)
        case "startPoint": return .point(startPoint)
        case "endPoint": return .point(endPoint)
        default: return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("colors", .colors(let c)): colors = c
        case ("colors", .other(nil)): colors = nil
        case ("locations", .numbers(let n)): locations = n.map { NSNumber(value: $0) }
        case ("locations", .other(nil)): locations = nil
        case ("startPoint", .point(let p)): startPoint = p
        case ("endPoint", .point(let p)): endPoint = p
        default: return super.setCustomAnimatableValue(value, forKey: key)
        }
        return true
    }
}
