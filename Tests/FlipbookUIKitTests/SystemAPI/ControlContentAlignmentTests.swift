import Foundation
import Testing
import TestSupport
import Flipbook

/// UIControl.contentHorizontalAlignment / contentVerticalAlignment, and UIButton laying its
/// title and image out by them.
@Suite(.freshRuntime) @MainActor struct ControlContentAlignmentTests {
    @Test func alignmentsHaveApplesValuesAndDefaults() {
        typealias H = UIControl.ContentHorizontalAlignment
        typealias V = UIControl.ContentVerticalAlignment
        #expect([H.center, .left, .right, .fill, .leading, .trailing].map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect([V.center, .top, .bottom, .fill].map(\.rawValue) == [0, 1, 2, 3])
        let control = UIControl()
        #expect(control.contentHorizontalAlignment == .center && control.contentVerticalAlignment == .center)
        control.contentHorizontalAlignment = .leading
        #expect(control.effectiveContentHorizontalAlignment == .left)
        control.contentHorizontalAlignment = .trailing
        #expect(control.effectiveContentHorizontalAlignment == .right)
        control.contentHorizontalAlignment = .fill
        #expect(control.effectiveContentHorizontalAlignment == .fill)
    }

    @Test func buttonPlacesItsTitleByTheAlignments() throws {
        let button = UIButton(type: .system)
        button.setTitle("Hello", for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.layoutIfNeeded()
        let label = try #require(button.titleLabel)
        let size = label.intrinsicContentSize
        #expect(abs(label.frame.midX - 100) < 0.01 && abs(label.frame.midY - 30) < 0.01)
        button.contentHorizontalAlignment = .left
        button.layoutIfNeeded()
        #expect(label.frame.minX == 0 && label.frame.width == size.width)
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 12)
        button.layoutIfNeeded()
        #expect(label.frame.minX == 10)
        button.contentHorizontalAlignment = .trailing
        button.layoutIfNeeded()
        #expect(abs(label.frame.maxX - 188) < 0.01)
        button.contentHorizontalAlignment = .fill
        button.layoutIfNeeded()
        #expect(label.frame.minX == 10 && abs(label.frame.width - 178) < 0.01)
        button.contentVerticalAlignment = .top
        button.layoutIfNeeded()
        #expect(label.frame.minY == 4 && label.frame.height == size.height)
        button.contentVerticalAlignment = .bottom
        button.layoutIfNeeded()
        #expect(abs(label.frame.maxY - 54) < 0.01)
        button.contentVerticalAlignment = .fill
        button.layoutIfNeeded()
        #expect(label.frame.minY == 4 && abs(label.frame.height - 50) < 0.01)
    }

    @Test func imageOnlyButtonFillsWithItsImage() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { _ in }
        let button = UIButton(type: .custom)
        button.setImage(image, for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        button.layoutIfNeeded()
        let imageView = try #require(button.imageView)
        #expect(imageView.frame == CGRect(x: 40, y: 35, width: 20, height: 10))
        button.contentHorizontalAlignment = .right
        button.contentVerticalAlignment = .bottom
        button.layoutIfNeeded()
        #expect(imageView.frame == CGRect(x: 80, y: 70, width: 20, height: 10))
        button.contentHorizontalAlignment = .fill
        button.contentVerticalAlignment = .fill
        button.layoutIfNeeded()
        #expect(imageView.frame == CGRect(x: 0, y: 0, width: 100, height: 80))
    }
}
