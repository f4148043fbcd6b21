import Foundation

/// A text view's delegate, UIKit's `UITextViewDelegate`: a scroll view delegate that also hears
/// about editing. Every method is optional, as in UIKit: the extension gives the defaults
/// (allow everything, do nothing).
///
/// A text view's `delegate` is its scroll view's (Swift cannot narrow a property's type in a
/// subclass as Objective-C does): assign the `UITextViewDelegate` to it as on iOS; the text view
/// calls these methods when the delegate is one (docs/Divergences.md, "Text views"). Order:
/// becoming first responder (an editable text view) asks `textViewShouldBeginEditing`, then
/// `textViewDidBeginEditing`; resigning asks `textViewShouldEndEditing`, then
/// `textViewDidEndEditing`; typed text (`insertText(_:)`, `deleteBackward()`) asks
/// `textView(_:shouldChangeTextIn:replacementText:)`, then `textViewDidChangeSelection` and
/// `textViewDidChange`.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether the text view may start editing (default true).
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Whether the text view may stop editing (default true).
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// The text view became first responder and is editing.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// The text view stopped editing.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether typing may replace the characters in `range` with `text` (default true).
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// Typing changed the text (not setting `text` in code, as on iOS).
    func textViewDidChange(_ textView: UITextView)
    /// The selection (the insertion point) moved.
    func textViewDidChangeSelection(_ textView: UITextView)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        forwarded(as: UITextViewDelegate.self) { $0.textViewShouldBeginEditing(textView) } ?? true
    }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        forwarded(as: UITextViewDelegate.self) { $0.textViewShouldEndEditing(textView) } ?? true
    }
    public func textViewDidBeginEditing(_ textView: UITextView) {
        forwarded(as: UITextViewDelegate.self) { $0.textViewDidBeginEditing(textView) }
    }
    public func textViewDidEndEditing(_ textView: UITextView) {
        forwarded(as: UITextViewDelegate.self) { $0.textViewDidEndEditing(textView) }
    }
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        forwarded(as: UITextViewDelegate.self) {
            $0.textView(textView, shouldChangeTextIn: range, replacementText: text)
        } ?? true
    }
    public func textViewDidChange(_ textView: UITextView) {
        forwarded(as: UITextViewDelegate.self) { $0.textViewDidChange(textView) }
    }
    public func textViewDidChangeSelection(_ textView: UITextView) {
        forwarded(as: UITextViewDelegate.self) { $0.textViewDidChangeSelection(textView) }
    }
}
