import Foundation

extension UIView {
    /// `endEditing(_:)`: finds the first responder in this view's subtree (depth first, the
    /// view itself first) and asks it to resign. Without `force` a responder whose
    /// `canResignFirstResponder` is false keeps its status. The first responder is whichever
    /// view reports `isFirstResponder` (its app's, or a subclass's override).
    func endEditingInSubtree(force: Bool) -> Bool {
        guard let responder = firstResponderInSubtree() else { return false }
        guard force || responder.canResignFirstResponder else { return false }
        // Forced, a text field ends editing without asking its delegate, as UIKit's does.
        if force, let field = responder as? UITextField { return field.resignFirstResponder(forced: true) }
        return responder.resignFirstResponder()
    }

    private func firstResponderInSubtree() -> UIView? {
        if isFirstResponder { return self }
        for subview in subviewStorage {
            if let found = subview.firstResponderInSubtree() { return found }
        }
        return nil
    }
}
