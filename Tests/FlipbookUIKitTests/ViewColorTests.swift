import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@Suite(.freshRuntime) struct ViewColorTests {
    func rgba(_ c: UIColor) -> [CGFloat] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    func c255(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> [CGFloat] { [r / 255, g / 255, b / 255, a] }

    func grey(_ w: CGFloat) -> [CGFloat] { [w, w, w, 1] }

    @Test func systemColoursHaveIOSLightModeValues() {
        #expect(rgba(.systemRed) == c255(255, 59, 48))
        #expect(rgba(.systemBlue) == c255(0, 122, 255))
        #expect(rgba(.systemGreen) == c255(52, 199, 89))
        #expect(rgba(.systemGray6) == c255(242, 242, 247))
        #expect(rgba(.label) == [0, 0, 0, 1])
        #expect(rgba(.systemBackground) == [1, 1, 1, 1])
        #expect(rgba(.secondaryLabel) == c255(60, 60, 67, 0.6))
        #expect(rgba(.separator) == c255(60, 60, 67, 0.29))
        #expect(rgba(.red) == [1, 0, 0, 1])
        #expect(rgba(.darkGray) == grey(1.0 / 3))
        #expect(rgba(.clear) == [0, 0, 0, 0])
    }

    @Test func initialisersAndConversions() {
        #expect(UIColor(white: 0.5, alpha: 1) == UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(UIColor.red.withAlphaComponent(0.5) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // systemBlue is dynamic: its cgColor is the light-mode value.
        #expect(UIColor(cgColor: UIColor.systemBlue.cgColor) == UIColor.systemBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)))
        #expect(UIColor.systemBlue.cgColor.components == c255(0, 122, 255))
        // HSB: hue 1/3 is pure green; hue 0.5, saturation 0.5, brightness 1 is (0.5, 1, 1).
        #expect(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .green)
        #expect(rgba(UIColor(hue: 0.5, saturation: 0.5, brightness: 1, alpha: 1)) == [0.5, 1, 1, 1])
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(red: 0.5, green: 1, blue: 1, alpha: 1).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(abs(h - 0.5) < 1e-12 && abs(s - 0.5) < 1e-12 && b == 1 && a == 1)
        #expect(rgba(UIColor(red: .nan, green: 0, blue: 0, alpha: 1)) == [0, 0, 0, 1])
    }
}
