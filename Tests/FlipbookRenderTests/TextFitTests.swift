import Foundation
import Testing
import TestSupport
import FlipbookGeometry
@testable import FlipbookRender

/// Text drawn in the size `measure` gave it is not cut, whatever the bitmap's whole-pixel size
/// does to the transform: the reveal screen's Done button (20 pt semibold, sized to its title)
/// shows "Done", not "Do…", at the filmstrips' 1x and the demos' 2x (docs/Divergences.md, "Text
/// at every scale").
@Suite(.freshRuntime) struct TextFitTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func theDoneButtonTitleDrawsWhole(scale: Double) {
        check(fonts: ["DejaVu Sans Semi-Bold"], sizes: [20], strings: ["Done"], scale: scale)
    }

    private func check(fonts: [String], sizes: [Double], strings: [String], scale: Double) {
        for font in fonts {
            for size in sizes {
                for string in strings {
                    func style(_ truncation: TextTruncation) -> TextStyle {
                        TextStyle(
                            fontName: font, fontSize: CGFloat(size), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                            alignment: .center, isWrapped: false, truncation: truncation, maximumNumberOfLines: 1)
                    }
                    let m = TextRenderer.measure(string, style: style(.end))
                    // Sized as UILabel sizes itself: rounded up to the main screen's pixels (3x).
                    let box = CGSize(width: (m.width * 3).rounded(.up) / 3, height: (m.height * 3).rounded(.up) / 3)
                    let truncating = TextRenderer.image(string, style: style(.end), size: box, scale: CGFloat(scale))
                    let whole = TextRenderer.image(string, style: style(.none), size: box, scale: CGFloat(scale))
                    let same = truncating != nil && truncating?.pixels == whole?.pixels
                    #expect(same, "\(string) in \(font) \(size) pt at \(scale)x was cut")
                }
            }
        }
    }

    /// A line really too long for its width still ends in an ellipsis.
    @Test func textTooLongStillTruncates() {
        let style = TextStyle(
            fontName: "DejaVu Sans", fontSize: 17, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1),
            alignment: .left, isWrapped: false, truncation: .end, maximumNumberOfLines: 1)
        let m = TextRenderer.measure("Flipbook", style: style)
        let narrow = CGSize(width: m.width - 8, height: m.height)
        let cut = TextRenderer.image("Flipbook", style: style, size: narrow, scale: 2)
        let plain = TextRenderer.image(
            "Flipbook", style: TextStyle(
                fontName: "DejaVu Sans", fontSize: 17, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                alignment: .left, isWrapped: false, truncation: .none, maximumNumberOfLines: 1),
            size: narrow, scale: 2)
        let differs = cut != nil && cut?.pixels != plain?.pixels
        #expect(differs)
    }
}
