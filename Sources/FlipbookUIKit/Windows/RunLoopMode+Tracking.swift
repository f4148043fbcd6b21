import Foundation

extension RunLoop.Mode {
    /// The mode the main run loop runs in while a control or scroll view tracks a touch, UIKit's
    /// `UITrackingRunLoopMode`. Flipbook's clock drives every display link and timer in every
    /// mode, so adding one in this mode is the same as adding it in `.common` (docs/Divergences.md).
    public static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}
