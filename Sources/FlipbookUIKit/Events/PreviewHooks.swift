import Foundation

// Flipbook's own package-level hooks for the live preview (FlipbookPreview, docs/Preview.md).
// Nothing here is public API.

extension UIApplication {
    /// Told of every touch phase the app dispatches (scripted or synthetic), with its window
    /// location, before delivery. The preview marks the scripted taps and swipes on its
    /// timeline with it. Nil by default.
    @preconcurrency package static var touchObserver: (@MainActor (UITouch.Phase, CGPoint) -> Void)?
}

extension SyntheticTouch {
    /// Whether the finger has lifted or been cancelled (or was never accepted).
    package var isLifted: Bool { isFinished }
}
