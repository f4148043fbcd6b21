import Foundation

/// Key-value coding on objects other than layers. Linux has no Objective-C runtime, so no
/// property can be found by its name: code that reads or writes one by name compiles (often it
/// sits in a branch for old iOS versions, `UIApplication.shared.value(forKey: "statusBar")`), and
/// each call is reported once per class and key. A layer's keys work (CALayer+Values.swift),
/// also through an `NSObject` reference. `flipbook port` warns at each such call (docs/Porting.md).
extension NSObject {
    /// The value of the property `key`: a layer's, else nil (reported). On iOS an unknown key
    /// raises; a known one answers, which Flipbook cannot.
    @preconcurrency @MainActor
    public func value(forKey key: String) -> Any? {
        if let layer = self as? CALayer { return layer.layerValue(forKey: key) }
        if let host = self as? KeyValueCodingHost, let value = host.valueByKeyValueCoding(forKey: key) { return value }
        FlipbookDiagnostics.report(
            "value(forKey: \"\(key)\") on a \(type(of: self)): key-value coding needs the Objective-C runtime, which Linux "
                + "lacks; answering nil. Read the property itself.",
            once: "kvc.get.\(type(of: self)).\(key)")
        return nil
    }

    /// Sets the property `key`: a layer's, else nothing happens (reported).
    @preconcurrency @MainActor
    public func setValue(_ value: Any?, forKey key: String) {
        if let layer = self as? CALayer {
            layer.setLayerValue(value, forKey: key)
            return
        }
        if let host = self as? KeyValueCodingHost, host.setValueByKeyValueCoding(value, forKey: key) { return }
        FlipbookDiagnostics.report(
            "setValue(_:forKey: \"\(key)\") on a \(type(of: self)): key-value coding needs the Objective-C runtime, which "
                + "Linux lacks; nothing is set. Set the property itself.",
            once: "kvc.set.\(type(of: self)).\(key)")
    }

    /// The value at a dotted key path: a layer answers the whole path itself ("bounds.size",
    /// "transform.rotation.z"); any other object reads the first key and asks the object it
    /// holds for the rest, as Foundation does. A key no one answers is reported (above) and
    /// reads nil.
    @preconcurrency @MainActor
    public func value(forKeyPath keyPath: String) -> Any? {
        if let layer = self as? CALayer { return layer.layerValue(forKeyPath: keyPath) }
        guard let (head, rest) = Self.splitKeyPath(keyPath) else { return value(forKey: keyPath) }
        guard let next = value(forKey: head) else { return nil }
        guard let object = next as? NSObject else {
            FlipbookDiagnostics.report(
                "value(forKeyPath: \"\(keyPath)\") on a \(type(of: self)): \"\(head)\" is a \(type(of: next)), which has no "
                    + "keys of its own here; answering nil.",
                once: "kvc.getPath.\(type(of: self)).\(keyPath)")
            return nil
        }
        return object.value(forKeyPath: rest)
    }

    /// Sets the value at a dotted key path: a layer takes the whole path itself; any other
    /// object reads the first key and sets the rest on the object it holds. A key no one
    /// answers is reported and nothing is set.
    @preconcurrency @MainActor
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let layer = self as? CALayer {
            layer.setLayerValue(value, forKeyPath: keyPath)
            return
        }
        guard let (head, rest) = Self.splitKeyPath(keyPath) else {
            setValue(value, forKey: keyPath)
            return
        }
        guard let object = self.value(forKey: head) as? NSObject else {
            FlipbookDiagnostics.report(
                "setValue(_:forKeyPath: \"\(keyPath)\") on a \(type(of: self)): \"\(head)\" holds no object to set "
                    + "\"\(rest)\" on; nothing is set.",
                once: "kvc.setPath.\(type(of: self)).\(keyPath)")
            return
        }
        object.setValue(value, forKeyPath: rest)
    }

    /// "a.b.c" as ("a", "b.c"); nil for a single key.
    private static func splitKeyPath(_ keyPath: String) -> (String, String)? {
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}

/// A class whose instances answer key-value coding for a few keys of their own: the properties
/// iOS apps reach by name because UIKit offers no setter (a tab bar controller's `tabBar`).
/// Key-value coding finds such a property through its instance variable on iOS; here the class
/// names the keys it knows. Other keys fall through to the report above.
@preconcurrency @MainActor
package protocol KeyValueCodingHost: AnyObject {
    /// The value of `key`, or nil when the class does not know the key.
    func valueByKeyValueCoding(forKey key: String) -> Any??
    /// Sets `key` to `value`; false when the class does not know the key (a known key given a
    /// value of the wrong type is reported by the class and answers true).
    func setValueByKeyValueCoding(_ value: Any?, forKey key: String) -> Bool
}
