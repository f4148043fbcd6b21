import Foundation
import FlipbookGeometry

/// How a text layer aligns its lines, Core Animation's `CATextLayerAlignmentMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center")
    public static let justified = Self(rawValue: "justified")
}

/// Where a text layer cuts text that does not fit, Core Animation's `CATextLayerTruncationMode`.
public struct CATextLayerTruncationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none")
    public static let start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end")
    public static let middle = Self(rawValue: "middle")
}

/// A layer that shows text, Core Animation's `CATextLayer` (a model: FlipbookRender lays
/// out and draws it).
///
/// `font` is a font name `String` such as "Helvetica" or "Helvetica Bold" (a family and
/// optional style, as a Pango/fontconfig description); Apple also accepts CTFont/CGFont,
/// which do not exist here. `fontSize` is in points. `string` is a `String` or an
/// `NSAttributedString`. `maximumNumberOfLines` is Flipbook's own (0 = unlimited), used
/// by UILabel's `numberOfLines`.
@preconcurrency @MainActor
open class CATextLayer: CALayer {
    open var string: Any? {
        get { _string }
        set {
            _string = newValue
            setNeedsDisplay()
        }
    }
    private var _string: Any?
    open var font: Any? {
        get { _font }
        set {
            _font = newValue
            setNeedsDisplay()
        }
    }
    private var _font: Any? = "Helvetica"
    open var fontSize: CGFloat {
        get { _fontSize }
        set {
            let oldValue = _fontSize
            _fontSize = newValue
            if !checkedDidSet(fontSize, "fontSize", old: oldValue) { _fontSize = oldValue }
        }
    }
    private var _fontSize: CGFloat = 36
    open var foregroundColor: CGColor? {
        get { _foregroundColor }
        set {
            let oldValue = _foregroundColor
            _foregroundColor = newValue
            if !isPresentationCopy { propertyDidChange("foregroundColor", oldValue) }
        }
    }
    private var _foregroundColor: CGColor? = CGColor.white
    open var isWrapped = false
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var truncationMode: CATextLayerTruncationMode = .none
    open var allowsFontSubpixelQuantization = false
    /// Flipbook's own: at most this many lines are shown (0 = unlimited).
    open var maximumNumberOfLines: Int = 0

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let t = layer as? CATextLayer else { return }
        _string = t.string
        _font = t.font
        _fontSize = t.fontSize
        _foregroundColor = t.foregroundColor
        isWrapped = t.isWrapped
        alignmentMode = t.alignmentMode
        truncationMode = t.truncationMode
        allowsFontSubpixelQuantization = t.allowsFontSubpixelQuantization
        maximumNumberOfLines = t.maximumNumberOfLines
    }

    /// The text as plain characters (the attributed string's characters, or the string).
    public var plainString: String? {
        if let s = string as? String { return s }
        if let a = string as? NSAttributedString { return a.string }
        return nil
    }

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union(["fontSize", "foregroundColor"])
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "fontSize": return .number(Double(fontSize))
        case "foregroundColor": return .color(foregroundColor)
        case "string": return .other(string)
        default: return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("fontSize", .number(let v)): fontSize = CGFloat(v)
        case ("foregroundColor", .color(let c)): foregroundColor = c
        case ("string", .other(let s)): string = s
        default: return super.setCustomAnimatableValue(value, forKey: key)
        }
        return true
    }
}
