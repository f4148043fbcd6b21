import FlipbookQuartz

// `_kvcKeyPathString`, the standard library's bridge from a Swift key path to its Key-Value
// Coding string, is filled in only for `@objc` properties, so on Linux it is always nil. Real
// transition libraries use it to turn `\CALayer.opacity` into the `CABasicAnimation` key
// `"opacity"`; `flipbook port` writes it as `flipbookKeyValueCodingName`, which answers the
// same string for the layer and view properties Flipbook can name (docs/Porting.md, "What it
// changes", the `key path` row).

extension AnyKeyPath {
    /// The Key-Value Coding string iOS gives `_kvcKeyPathString` for a key path to one of the
    /// layer's or view's properties (`\CALayer.isHidden` -> `"hidden"`, `\CAShapeLayer.strokeEnd`
    /// -> `"strokeEnd"`, `\UIView.alpha` -> `"alpha"`), else nil: a property Flipbook cannot
    /// name, or a path of more than one component.
    @preconcurrency @MainActor
    public var flipbookKeyValueCodingName: String? {
        let root = type(of: self).rootType
        if let layer = root as? CALayer.Type { return layer.keyValueCodingName(of: self) }
        if let view = root as? UIView.Type { return view.keyValueCodingName(of: self) }
        return nil
    }
}

// Each table is generic in the root and is called with `Self.self`, the key path's own root
// type, so `\Root.opacity` is formed with the very root the path has (a `CAShapeLayer` path
// never equals a `CALayer` one). A `\Self.x` path formed in a class's static member cannot be
// demangled by the runtime, hence the generic parameter.

extension CALayer {
    @MainActor
    fileprivate static func keyValueCodingName(of keyPath: AnyKeyPath) -> String? {
        if let key = observedKey(of: keyPath, root: Self.self) { return key }
        if isFrame(keyPath, root: Self.self) { return "frame" }
        return (self as? CAShapeLayer.Type)?.shapeKeyName(of: keyPath)
    }

    @MainActor
    private static func isFrame<Root: CALayer>(_ keyPath: AnyKeyPath, root: Root.Type) -> Bool {
        keyPath == \Root.frame as AnyKeyPath
    }
}

extension CAShapeLayer {
    @MainActor
    fileprivate static func shapeKeyName(of keyPath: AnyKeyPath) -> String? { shapeKey(of: keyPath, root: Self.self) }

    @MainActor
    private static func shapeKey<Root: CAShapeLayer>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {
        if keyPath == \Root.path as AnyKeyPath { return "path" }
        if keyPath == \Root.strokeStart as AnyKeyPath { return "strokeStart" }
        if keyPath == \Root.strokeEnd as AnyKeyPath { return "strokeEnd" }
        if keyPath == \Root.lineWidth as AnyKeyPath { return "lineWidth" }
        if keyPath == \Root.fillColor as AnyKeyPath { return "fillColor" }
        if keyPath == \Root.strokeColor as AnyKeyPath { return "strokeColor" }
        if keyPath == \Root.lineDashPhase as AnyKeyPath { return "lineDashPhase" }
        if keyPath == \Root.miterLimit as AnyKeyPath { return "miterLimit" }
        return nil
    }
}

extension UIView {
    @MainActor
    fileprivate static func keyValueCodingName(of keyPath: AnyKeyPath) -> String? {
        if let key = observedKey(of: keyPath, root: Self.self) { return key }
        return otherKey(of: keyPath, root: Self.self)
    }

    @MainActor
    private static func otherKey<Root: UIView>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {
        if keyPath == \Root.backgroundColor as AnyKeyPath { return "backgroundColor" }
        if keyPath == \Root.tintColor as AnyKeyPath { return "tintColor" }
        if keyPath == \Root.isUserInteractionEnabled as AnyKeyPath { return "userInteractionEnabled" }
        if keyPath == \Root.clipsToBounds as AnyKeyPath { return "clipsToBounds" }
        if keyPath == \Root.isOpaque as AnyKeyPath { return "opaque" }
        if keyPath == \Root.tag as AnyKeyPath { return "tag" }
        return nil
    }
}
