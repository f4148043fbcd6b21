import Foundation
import FlipbookGeometry

/// How stroked lines end, Core Animation's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt")
    public static let round = Self(rawValue: "round")
    public static let square = Self(rawValue: "square")
}

/// How stroked lines join, Core Animation's `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter")
    public static let round = Self(rawValue: "round")
    public static let bevel = Self(rawValue: "bevel")
}

/// Which points a fill covers, Core Animation's `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero")
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// A layer that draws a path, Core Animation's `CAShapeLayer` (a model: FlipbookRender
/// draws it). `path` interpolates point by point between paths of the same structure and
/// switches halfway between others (`PathInterpolation`); `strokeStart`,
/// `strokeEnd`, `lineWidth`, `fillColor`, `strokeColor`, `miterLimit`, `lineDashPhase`
/// animate continuously.
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    open var path: CGPath? {
        get { _path }
        set {
            let oldValue = _path
            _path = newValue
            if !isPresentationCopy { propertyDidChange("path", oldValue) }
        }
    }
    private var _path: CGPath?
    open var fillColor: CGColor? {
        get { _fillColor }
        set {
            let oldValue = _fillColor
            _fillColor = newValue
            if !isPresentationCopy { propertyDidChange("fillColor", oldValue) }
        }
    }
    private var _fillColor: CGColor? = CGColor.black
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor? {
        get { _strokeColor }
        set {
            let oldValue = _strokeColor
            _strokeColor = newValue
            if !isPresentationCopy { propertyDidChange("strokeColor", oldValue) }
        }
    }
    private var _strokeColor: CGColor?
    open var lineWidth: CGFloat {
        get { _lineWidth }
        set {
            let oldValue = _lineWidth
            _lineWidth = newValue
            if !checkedDidSet(lineWidth, "lineWidth", old: oldValue) { _lineWidth = oldValue }
        }
    }
    private var _lineWidth: CGFloat = 1
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var miterLimit: CGFloat {
        get { _miterLimit }
        set {
            let oldValue = _miterLimit
            _miterLimit = newValue
            if !checkedDidSet(miterLimit, "miterLimit", old: oldValue) { _miterLimit = oldValue }
        }
    }
    private var _miterLimit: CGFloat = 10
    /// The fraction of the path where the stroke starts, 0…1.
    open var strokeStart: CGFloat {
        get { _strokeStart }
        set {
            let oldValue = _strokeStart
            _strokeStart = newValue
            if !checkedDidSet(strokeStart, "strokeStart", old: oldValue) { _strokeStart = oldValue }
        }
    }
    private var _strokeStart: CGFloat = 0
    /// The fraction of the path where the stroke ends, 0…1.
    open var strokeEnd: CGFloat {
        get { _strokeEnd }
        set {
            let oldValue = _strokeEnd
            _strokeEnd = newValue
            if !checkedDidSet(strokeEnd, "strokeEnd", old: oldValue) { _strokeEnd = oldValue }
        }
    }
    private var _strokeEnd: CGFloat = 1
    open var lineDashPhase: CGFloat {
        get { _lineDashPhase }
        set {
            let oldValue = _lineDashPhase
            _lineDashPhase = newValue
            if !checkedDidSet(lineDashPhase, "lineDashPhase", old: oldValue) { _lineDashPhase = oldValue }
        }
    }
    private var _lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let s = layer as? CAShapeLayer else { return }
        _path = s.path
        _fillColor = s.fillColor
        fillRule = s.fillRule
        _strokeColor = s.strokeColor
        _lineWidth = s.lineWidth
        lineCap = s.lineCap
        lineJoin = s.lineJoin
        _miterLimit = s.miterLimit
        _strokeStart = s.strokeStart
        _strokeEnd = s.strokeEnd
        _lineDashPhase = s.lineDashPhase
        lineDashPattern = s.lineDashPattern
    }

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union([
            "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "strokeStart", "strokeEnd", "lineDashPhase",
        ])
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "path": return .other(path)
        case "fillColor": return .color(fillColor)
        case "strokeColor": return .color(strokeColor)
        case "lineWidth": return .number(Double(lineWidth))
        case "miterLimit": return .number(Double(miterLimit))
        case "strokeStart": return .number(Double(strokeStart))
        case "strokeEnd": return .number(Double(strokeEnd))
        case "lineDashPhase": return .number(Double(lineDashPhase))
        default: return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("path", .other(let p)): path = p as? CGPath
        case ("fillColor", .color(let c)): fillColor = c
        case ("strokeColor", .color(let c)): strokeColor = c
        case ("lineWidth", .number(let v)): lineWidth = CGFloat(v)
        case ("miterLimit", .number(let v)): miterLimit = CGFloat(v)
        case ("strokeStart", .number(let v)): strokeStart = CGFloat(v)
        case ("strokeEnd", .number(let v)): strokeEnd = CGFloat(v)
        case ("lineDashPhase", .number(let v)): lineDashPhase = CGFloat(v)
        default: return super.setCustomAnimatableValue(value, forKey: key)
        }
        return true
    }
}
