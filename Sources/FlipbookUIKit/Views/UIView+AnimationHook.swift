import Foundation
import FlipbookQuartz

/// The seam between views and the UIView animation API (Sources/FlipbookUIKit/Animation/).
///
/// Every backing layer asks its view for an action when a property changes
/// (`action(for:forKey:)`). Outside an animation block UIKit answers `NSNull()`: the change is
/// immediate. While `UIView.animate…` runs its `animations` closure, the animation module
/// installs `animationRecorder`; the view calls it with `(view, layer, key)` and returns the
/// `CAAction` it gives (for example a `CABasicAnimation` from the presentation value to the
/// new model value). Returning nil from the recorder means "not animated": the view then
/// answers `NSNull()`. Set it back to nil when the block ends (blocks may nest: save and
/// restore the previous value).
extension UIView {
    /// Installed by the animation module while an animation block is being recorded.
    /// Main-actor state; nil outside animation blocks.
    static var animationRecorder: ((UIView, CALayer, String) -> CAAction?)?
}
