import Foundation
import FlipbookQuartz

/// A service a share sheet offers, UIKit's `UIActivity`: subclass it to add your own to a
/// `UIActivityViewController` (`applicationActivities`).
///
/// The share sheet shows an activity when `canPerform(withActivityItems:)` says yes. Chosen, it
/// is sent `prepare(withActivityItems:)`, then either its `activityViewController` is
/// presented or `perform()` is called; the activity calls `activityDidFinish(_:)` when done,
/// which dismisses what is shown and calls the sheet's `completionWithItemsHandler`.
@preconcurrency @MainActor
open class UIActivity: NSObject {
    /// Where the share sheet lists an activity, UIKit's `UIActivity.Category` (Apple's raw values).
    public enum Category: Int, Sendable {
        /// An action on the items (the lower row).
        case action = 0
        /// A way of sharing them (the upper row).
        case share = 1
    }

    /// The category of this class's activities (default `.action`).
    open class var activityCategory: UIActivity.Category { .action }

    /// The identifier the completion handler receives (default nil).
    open var activityType: UIActivity.ActivityType? { nil }
    /// The name under the icon (default nil).
    open var activityTitle: String? { nil }
    /// The icon, drawn as a template (default nil).
    open var activityImage: UIImage? { nil }

    /// Whether the activity can act on `activityItems` (default false: override to be shown).
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }
    /// Called when the activity is chosen, before it is shown or performed (default: nothing).
    open func prepare(withActivityItems activityItems: [Any]) {}
    /// A controller to present for the activity instead of `perform()` (default nil).
    open var activityViewController: UIViewController? { nil }
    /// Does the work without a user interface (default: nothing); call `activityDidFinish(_:)`
    /// when done.
    open func perform() {}

    /// Tells the share sheet the activity is over: what it showed is dismissed and the sheet's
    /// `completionWithItemsHandler` hears `completed`.
    open func activityDidFinish(_ completed: Bool) {
        guard let sheet = presentingSheet else {
            FlipbookDiagnostics.report(
                "UIActivity.activityDidFinish(_:) on an activity no share sheet is running; ignored.",
                once: "UIActivity.activityDidFinish.notRunning")
            return
        }
        presentingSheet = nil
        sheet.activityFinished(self, completed: completed)
    }

    /// The share sheet running this activity (set while it runs).
    weak var presentingSheet: UIActivityViewController?

    public override init() { super.init() }
}

extension UIActivity {
    /// An activity's identifier, UIKit's `UIActivity.ActivityType` (Apple's raw strings for
    /// the system ones).
    public struct ActivityType: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}

extension UIActivity.ActivityType {
    public static let postToFacebook = Self("com.apple.UIKit.activity.PostToFacebook")
    public static let postToTwitter = Self("com.apple.UIKit.activity.PostToTwitter")
    public static let postToWeibo = Self("com.apple.UIKit.activity.PostToWeibo")
    public static let message = Self("com.apple.UIKit.activity.Message")
    public static let mail = Self("com.apple.UIKit.activity.Mail")
    public static let print = Self("com.apple.UIKit.activity.Print")
    public static let copyToPasteboard = Self("com.apple.UIKit.activity.CopyToPasteboard")
    public static let assignToContact = Self("com.apple.UIKit.activity.AssignToContact")
    public static let saveToCameraRoll = Self("com.apple.UIKit.activity.SaveToCameraRoll")
    public static let addToReadingList = Self("com.apple.UIKit.activity.AddToReadingList")
    public static let postToFlickr = Self("com.apple.UIKit.activity.PostToFlickr")
    public static let postToVimeo = Self("com.apple.UIKit.activity.PostToVimeo")
    public static let postToTencentWeibo = Self("com.apple.UIKit.activity.TencentWeibo")
    public static let airDrop = Self("com.apple.UIKit.activity.AirDrop")
    public static let openInIBooks = Self("com.apple.UIKit.activity.OpenInIBooks")
    public static let markupAsPDF = Self("com.apple.UIKit.activity.MarkupAsPDF")
    public static let sharePlay = Self("com.apple.UIKit.activity.SharePlay")
    public static let collaborationInviteWithLink = Self("com.apple.UIKit.activity.CollaborationInviteWithLink")
    public static let collaborationCopyLink = Self("com.apple.UIKit.activity.CollaborationCopyLink")
    public static let addToHomeScreen = Self("com.apple.UIKit.activity.AddToHomeScreen")
}
