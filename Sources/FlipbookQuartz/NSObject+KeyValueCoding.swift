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
