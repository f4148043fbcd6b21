import Foundation

extension UILabel {
    /// UIKit: assigning `attributedText` "updates the values in the font, textColor, and other
    /// style-related properties so that they reflect the style information starting at location
    /// 0 in the attributed string". Flipbook draws a label in one style, so those are what it
    /// shows (docs/Divergences.md, "Attributed text in labels").
    func takeStyle(of string: NSAttributedString) {
        guard string.length > 0 else { return }
        let attributes = string.attributes(at: 0, effectiveRange: nil)
        if let font = attributes[.font] as? UIFont { self.font = font }
        if let color = attributes[.foregroundColor] as? UIColor { textColor = color }
        if let style = attributes[.paragraphStyle] as? NSParagraphStyle {
            textAlignment = style.alignment
            lineBreakMode = style.lineBreakMode
        }
        if let shadow = attributes[.shadow] as? NSShadow {
            shadowOffset = shadow.shadowOffset
            shadowColor = (shadow.shadowColor as? UIColor) ?? UIColor.black.withAlphaComponent(1.0 / 3.0)
        }
    }
}
