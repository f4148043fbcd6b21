import Foundation

extension NSAttributedString.Key {
    /// The font of the text (a `UIFont`), UIKit's `NSAttributedString.Key.font`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the text (a `UIColor`), UIKit's `NSAttributedString.Key.foregroundColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
