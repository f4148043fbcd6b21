import Foundation

/// Gesture recognizers attached to a view. A recognizer belongs to one view at a time: adding
/// it to another view moves it, as in UIKit (a gesture in progress on the old view is
/// cancelled).
extension UIView {
    /// The recognizers attached to the view, in the order added (nil when none).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { gestureRecognizerStorage.isEmpty ? nil : gestureRecognizerStorage }
        set {
            for r in gestureRecognizerStorage where !(newValue ?? []).contains(where: { $0 === r }) {
                removeGestureRecognizer(r)
            }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    /// Attaches `gestureRecognizer` (moving it from another view if needed).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.viewStorage {
            if old === self { return }
            old.removeGestureRecognizer(gestureRecognizer)
        }
        gestureRecognizerStorage.append(gestureRecognizer)
        gestureRecognizer.viewStorage = self
    }

    /// Detaches `gestureRecognizer`; a gesture in progress is cancelled (one still possible fails).
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.viewStorage === self else { return }
        UIApplication.shared.gestureArbiter.stop(gestureRecognizer)
        gestureRecognizerStorage.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.viewStorage = nil
    }
}
