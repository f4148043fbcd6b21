import Foundation
import Testing
import FlipbookGeometry

@Suite struct AVMakeRectTests {
    /// Aspect fit, centred: a 4:3 picture in a 200 × 300 box is 200 × 150, 75 pt from the top.
    @Test func fitsTheAspectRatioCentredInTheBox() {
        #expect(AVMakeRect(aspectRatio: CGSize(width: 4, height: 3), insideRect: CGRect(x: 10, y: 20, width: 200, height: 300))
            == CGRect(x: 10, y: 95, width: 200, height: 150))
        #expect(AVMakeRect(aspectRatio: CGSize(width: 1000, height: 2000), insideRect: CGRect(x: 0, y: 0, width: 400, height: 400))
            == CGRect(x: 100, y: 0, width: 200, height: 400))
        // The ratio only matters, not the size.
        #expect(AVMakeRect(aspectRatio: CGSize(width: 2, height: 1), insideRect: CGRect(x: 0, y: 0, width: 100, height: 100))
            == AVMakeRect(aspectRatio: CGSize(width: 600, height: 300), insideRect: CGRect(x: 0, y: 0, width: 100, height: 100)))
    }

    @Test func degenerateInputGivesAZeroSizeRectAtTheCentre() {
        let box = CGRect(x: 0, y: 0, width: 100, height: 60)
        for ratio in [CGSize.zero, CGSize(width: -1, height: 2), CGSize(width: CGFloat.nan, height: 1), CGSize(width: 1, height: CGFloat.infinity)] {
            #expect(AVMakeRect(aspectRatio: ratio, insideRect: box) == CGRect(x: 50, y: 30, width: 0, height: 0))
        }
        #expect(AVMakeRect(aspectRatio: CGSize(width: 1, height: 1), insideRect: CGRect(x: 5, y: 5, width: 0, height: 40))
            == CGRect(x: 5, y: 25, width: 0, height: 0))
    }
}
