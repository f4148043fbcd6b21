import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// NSObject's `init()` on UIKit classes that iOS code calls for a placeholder it replaces later
/// (SCLAlertView's `var viewColor = UIColor()`, `label.font ?? UIFont()`): docs/Divergences.md, "Fonts".
@Suite(.freshRuntime) @MainActor struct PlaceholderInitialiserTests {
    @Test func anEmptyColourDrawsNothing() {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (1, 1, 1, 1)
        #expect(UIColor().getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0, 0, 0, 0])
        #expect(UIColor().cgColor.alpha == 0)
    }

    @Test func anEmptyFontIsTheSystemFont() {
        let font = UIFont()
        #expect(font.pointSize == UIFont.systemFontSize)
        #expect(font.fontName == UIFont.systemFont(ofSize: 1).fontName)
        #expect(font.familyName == UIFont.systemFont(ofSize: 1).familyName)
    }
}
