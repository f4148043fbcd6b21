import Foundation

/// 3D Touch's peek and pop on a view (iOS 10, deprecated in iOS 13), UIKit's
/// `UIPreviewInteraction`. It reports the press's force as it grows through a preview and a
/// commit stage. No device Flipbook simulates senses force (`forceTouchCapability` is
/// `.unavailable` and `UITouch.force` is 0), so, as on such a phone, it never begins: the
/// delegate is never called. Code that checks the capability first (as Apple advised) takes
/// its other path. docs/Divergences.md, "Force touch".
@preconcurrency @MainActor
open class UIPreviewInteraction: NSObject {
    /// The view whose presses it watches.
    open private(set) weak var view: UIView?
    open weak var delegate: UIPreviewInteractionDelegate?

    public init(view: UIView) {
        self.view = view
        super.init()
    }

    /// Where the press is in `coordinateSpace` (the view's when nil). With no press under way, UIKit answers
    /// zero.
    open func location(in coordinateSpace: UICoordinateSpace?) -> CGPoint { .zero }

    /// Ends the interaction under way; there never is one.
    open func cancel() {}
}

/// What a preview interaction tells its delegate, UIKit's `UIPreviewInteractionDelegate`.
@preconcurrency @MainActor
public protocol UIPreviewInteractionDelegate: NSObjectProtocol {
    /// The press grew through the preview stage (0 to 1); `ended` when it reached it.
    func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdatePreviewTransition transitionProgress: CGFloat, ended: Bool)
    /// The press ended before the commit stage.
    func previewInteractionDidCancel(_ previewInteraction: UIPreviewInteraction)
    /// Whether the interaction may begin (optional in UIKit; default true).
    func previewInteractionShouldBegin(_ previewInteraction: UIPreviewInteraction) -> Bool
    /// The press grew through the commit stage (optional in UIKit; without it, the interaction ends after the preview stage).
    func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdateCommitTransition transitionProgress: CGFloat, ended: Bool)
}

extension UIPreviewInteractionDelegate {
    public func previewInteractionShouldBegin(_ previewInteraction: UIPreviewInteraction) -> Bool { true }
    public func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdateCommitTransition transitionProgress: CGFloat, ended: Bool) {}
}
