import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// Insets worked out through a 3D-turned ancestor differ in their last bits from one pass to
/// the next. Compared exactly, a scroll view inside took each difference for a new adjusted
/// inset, moved its offset and made the tree solve again, thousands of times a frame (a
/// pull-down menu library whose header folds its row of items about the x axis).
@Suite(.freshRuntime) @MainActor struct SafeAreaRoundingTests {
    final class CountingScrollView: UIScrollView {
        var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            super.layoutSubviews()
        }
    }

    @Test func insetsEqualButForRoundingAreTheSame() {
        let a = UIEdgeInsets(top: 59, left: 19, bottom: 0, right: 19)
        #expect(a.isClose(to: UIEdgeInsets(top: 59, left: 19.000000000000014, bottom: 2.8e-14, right: 19)))
        #expect(!a.isClose(to: UIEdgeInsets(top: 59, left: 19.001, bottom: 0, right: 19)))
    }

    @Test func aScrollViewUnderAFoldedHeaderSettles() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let header = UIView(frame: CGRect(x: 0, y: 20, width: 393, height: 112))
        var fold = CATransform3DIdentity
        fold.m34 = -1 / 500
        header.layer.anchorPoint = CGPoint(x: 0.5, y: 1)
        header.layer.transform = CATransform3DRotate(fold, 0.7, 1, 0, 0)
        let strip = CountingScrollView(frame: header.bounds)
        strip.contentInset = UIEdgeInsets(top: 0, left: 19, bottom: 0, right: 19)
        strip.contentSize = CGSize(width: 489, height: 112)
        let item = UIView(frame: CGRect(x: 0, y: 10, width: 80, height: 80))
        item.translatesAutoresizingMaskIntoConstraints = false
        strip.addSubview(item)
        item.widthAnchor.constraint(equalToConstant: 80).isActive = true
        header.addSubview(strip)
        root.view.addSubview(header)
        app.advanceFrames(2)
        let settled = strip.layouts
        let offset = strip.contentOffset
        app.advanceFrames(3)
        #expect(strip.layouts == settled, "nothing lays the strip out again once it has settled")
        #expect(strip.contentOffset == offset)
        #expect(settled < 10)
    }
}
