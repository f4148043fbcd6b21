import Foundation

/// A text field's delegate, UIKit's `UITextFieldDelegate`. Every method is optional, as in
/// UIKit: the extension gives the defaults (allow everything, do nothing).
///
/// Order (docs/Semantics.md, "Text fields"): becoming first responder asks
/// `textFieldShouldBeginEditing`, then `textFieldDidBeginEditing`; resigning asks
/// `textFieldShouldEndEditing` (not when `endEditing(true)` forces it), then
/// `textFieldDidEndEditing(_:reason:)`, whose default calls `textFieldDidEndEditing(_:)`, so a
/// delegate implementing either is told, as on iOS. A return typed (`insertText("\n")`) asks
/// `textFieldShouldReturn`.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: NSObjectProtocol {
    /// Whether the field may start editing (default true).
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// The field became first responder and is editing.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether the field may stop editing (default true).
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// The field stopped editing (UIKit calls this form when the delegate has no
    /// `textFieldDidEndEditing(_:reason:)`).
    func textFieldDidEndEditing(_ textField: UITextField)
    /// The field stopped editing, for `reason` (default: calls `textFieldDidEndEditing(_:)`).
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Whether typed or deleted text may replace the characters in `range` (default true).
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// The selection (the insertion point) moved.
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// Whether the clear button may empty the field (default true).
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// The return key was pressed; answer whether the field does its default (default true).
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldShouldBeginEditing(textField) } ?? true
    }
    public func textFieldDidBeginEditing(_ textField: UITextField) {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldDidBeginEditing(textField) }
    }
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldShouldEndEditing(textField) } ?? true
    }
    public func textFieldDidEndEditing(_ textField: UITextField) {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldDidEndEditing(textField) }
    }
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        // The forwarding delegate's own default tells its `textFieldDidEndEditing(_:)`.
        let forwarded: Void? = forwarded(as: UITextFieldDelegate.self) { $0.textFieldDidEndEditing(textField, reason: reason) }
        if forwarded == nil { textFieldDidEndEditing(textField) }
    }
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        forwarded(as: UITextFieldDelegate.self) {
            $0.textField(textField, shouldChangeCharactersIn: range, replacementString: string)
        } ?? true
    }
    public func textFieldDidChangeSelection(_ textField: UITextField) {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldDidChangeSelection(textField) }
    }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldShouldClear(textField) } ?? true
    }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        forwarded(as: UITextFieldDelegate.self) { $0.textFieldShouldReturn(textField) } ?? true
    }
}
