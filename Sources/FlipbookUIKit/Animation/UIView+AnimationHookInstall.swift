import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIViewAnimationRegistry {
    /// Plugs the recorder into the view layer's hook (`UIView.animationRecorder`, see
    /// `Views/UIView+AnimationHook.swift`) the first time an animation block runs.
    static func installHookIfNeeded() {
        guard UIView.animationRecorder == nil else { return }
        UIView.animationRecorder = { view, layer, key in
            UIViewAnimationRegistry.action(for: view, layer: layer, key: key)
        }
    }
}
