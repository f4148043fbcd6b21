import Foundation
import Testing
import TestSupport
import Flipbook

/// A multi-line label (`numberOfLines = 0`) with the automatic `preferredMaxLayoutWidth` takes
/// the height of its text wrapped at the width its layout gives it, as in UIKit, whether Auto
/// Layout or a stack view gives the width.
@MainActor
@Suite(.freshRuntime) struct MultilineLabelLayoutTests {
    let text = "Discover curated images of the best pets in the world, every day of the week."

    func label() -> UILabel {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = text
        label.font = UIFont.systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    func oneLineHeight() -> CGFloat {
        let probe = label()
        probe.numberOfLines = 1
        return probe.intrinsicContentSize.height
    }

    @Test func aLabelPinnedToANarrowWidthGrowsToItsWrappedHeight() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 600))
        let wrapped = label()
        root.addSubview(wrapped)
        NSLayoutConstraint.activate([
            wrapped.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            wrapped.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            wrapped.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(wrapped.frame.width == 200)
        #expect(wrapped.frame.height >= 3 * oneLineHeight() - 1)
        #expect(wrapped.frame.height == wrapped.sizeThatFits(CGSize(width: 200, height: 0)).height)
        #expect(wrapped.intrinsicContentSize.width <= 200)
    }

    @Test func aStackViewSizedByItsContentTakesTheWrappedHeight() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let title = label()
        title.text = "Title"
        let body = label()
        let stack = UIStackView(arrangedSubviews: [title, body])
        stack.axis = .vertical
        stack.alignment = .fill
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 24),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -24),
            stack.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -24),
        ])
        root.layoutIfNeeded()
        let expected = body.sizeThatFits(CGSize(width: 345, height: 0)).height
        #expect(expected > oneLineHeight())
        #expect(body.frame.width == 345)
        #expect(body.frame.height == expected)
        #expect(stack.frame.height == title.frame.height + 8 + expected)
        #expect(abs(stack.frame.maxY - (852 - 24)) < 0.001)
    }

    @Test func aLabelFreeToTakeItsWidthStaysOnOneLine() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 2000, height: 600))
        let free = label()
        root.addSubview(free)
        free.centerXAnchor.constraint(equalTo: root.centerXAnchor).isActive = true
        free.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(free.frame.height == oneLineHeight())
        // Laid out again, it keeps its width: no narrower wrap each pass.
        let width = free.frame.width
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(free.frame.width == width)
    }

    @Test func anExplicitPreferredWidthWins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let fixed = label()
        fixed.preferredMaxLayoutWidth = 120
        root.addSubview(fixed)
        NSLayoutConstraint.activate([
            fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            fixed.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame.height == fixed.sizeThatFits(CGSize(width: 120, height: 0)).height)
    }
}
