import Foundation

// Flipbook's own package-level hooks for the live preview (FlipbookPreview, docs/Preview.md).
// Nothing here is public API.

/// Who made a touch: the app's own code (a scene's script, a test: `AppDriver.touchDown(at:)`)
/// or the live preview's user (the page's pointer events).
package enum TouchOrigin: Sendable, Equatable {
    case app
    case user
}

extension UIApplication {
    /// Told of every touch phase the app dispatches, with its window location and who made the
    /// touch, before delivery. The preview marks the scene's own taps and swipes (`.app`) on
    /// its timeline with it; the user's are marked from the timeline's inputs. Nil by default.
    @preconcurrency package var touchObserver: (@MainActor (UITouch.Phase, CGPoint, TouchOrigin) -> Void)? {
        get { touchObserverStorage }
        set { touchObserverStorage = newValue }
    }
}
