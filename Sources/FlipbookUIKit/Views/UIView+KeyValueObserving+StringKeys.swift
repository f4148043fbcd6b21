import Foundation
import FlipbookGeometry
import FlipbookQuartz

// Key-value observing of views and scroll views by string key (`addObserver(_:forKeyPath:…)`,
// FlipbookQuartz/KeyValueObserving+StringKeys.swift): the keys block KVO observes, by their
// key-value coding names, their values boxed as UIKit's key-value coding gives them.

extension UIView: StringKeyObservable {
    package func announcedKey(forObservedKeyPath keyPath: String) -> String? {
        switch keyPath {
        case "frame", "bounds", "center", "transform", "alpha", "hidden": return keyPath
        case "contentOffset", "contentSize", "contentInset", Self.panStateKey: return self is UIScrollView ? keyPath : nil
        default: return nil
        }
    }

    /// The scroll view's pan recognizer's state, which pull-to-refresh code observes to learn
    /// that the finger lifted.
    static let panStateKey = "panGestureRecognizer.state"

    package func observedValue(forAnnouncedKey key: String) -> Any? {
        switch key {
        case "frame": return NSValue(cgRect: frame)
        case "bounds": return NSValue(cgRect: bounds)
        case "center": return NSValue(cgPoint: center)
        case "transform": return NSValue(cgAffineTransform: transform)
        case "alpha": return NSNumber(value: Double(alpha))
        case "hidden": return NSNumber(value: isHidden)
        default: break
        }
        guard let scroll = self as? UIScrollView else { return nil }
        switch key {
        case "contentOffset": return NSValue(cgPoint: scroll.contentOffset)
        case "contentSize": return NSValue(cgSize: scroll.contentSize)
        case "contentInset": return NSValue(uiEdgeInsets: scroll.contentInset)
        case Self.panStateKey: return NSNumber(value: scroll.panGestureRecognizer.state.rawValue)
        default: return nil
        }
    }

    package var observableKeysHint: String {
        "frame, bounds, center, transform, alpha, hidden on views"
            + (self is UIScrollView ? "; contentOffset, contentSize, contentInset, panGestureRecognizer.state on scroll views" : "")
            + " (a view's layer can be observed too: view.layer.addObserver(…))"
    }
}

#if !canImport(UIKit)
extension NSValue {
    /// Boxes edge insets, as UIKit's `NSValue(uiEdgeInsets:)` (stored as four doubles, "[4d]").
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        var e = [Double(insets.top), Double(insets.left), Double(insets.bottom), Double(insets.right)]
        self.init(bytes: &e, objCType: "[4d]")
    }

    /// The boxed edge insets; `.zero` when the value holds something else.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard String(cString: objCType) == "[4d]" else { return .zero }
        var e = [Double](repeating: 0, count: 4)
        e.withUnsafeMutableBytes { if let base = $0.baseAddress { getValue(base) } }
        return UIEdgeInsets(top: e[0], left: e[1], bottom: e[2], right: e[3])
    }
}
#endif

#if !canImport(ObjectiveC)
// As on iOS, an `NSValue` boxing insets casts to `UIEdgeInsets` (`change[.newKey] as? UIEdgeInsets`),
// and insets cast to `NSValue` (FlipbookQuartz/NSValue+Bridging.swift does the same for CGRect & co.).
extension UIEdgeInsets: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(uiEdgeInsets: self) }

    public static func _forceBridgeFromObjectiveC(_ x: NSValue, result: inout UIEdgeInsets?) {
        guard String(cString: x.objCType) == "[4d]" else {
            preconditionFailure("Could not cast an NSValue of type \(String(cString: x.objCType)) to UIEdgeInsets")
        }
        result = x.uiEdgeInsetsValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ x: NSValue, result: inout UIEdgeInsets?) -> Bool {
        guard String(cString: x.objCType) == "[4d]" else { return false }
        result = x.uiEdgeInsetsValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ x: NSValue?) -> UIEdgeInsets {
        x?.uiEdgeInsetsValue ?? .zero
    }
}
#endif

extension UIGestureRecognizer {
    /// A scroll view's own pan recognizer tells the scroll view's string-key observers of
    /// `panGestureRecognizer.state` around each change of what `state` reads.
    func announceStateChange(before: Bool) {
        guard let scroll = viewStorage as? UIScrollView, scroll.panGestureRecognizer === self,
            let observers = scroll.keyValueObservers
        else { return }
        if before { observers.willChange(UIView.panStateKey) } else { observers.didChange(UIView.panStateKey) }
    }
}
