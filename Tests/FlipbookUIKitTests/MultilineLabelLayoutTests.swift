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

    /// An alert-like card: a fixed-width card centred in its superview, a vertical stack pinned
    /// inside it, a row of fixed height under the stack closing the card, and labels with a
    /// minimum height of their own (so the stack fits them with Auto Layout, not by their
    /// intrinsic size alone). The description wraps at the stack's width, and the stack and the
    /// card grow with it.
    @Test func aDescriptionInAStackInAFixedWidthCardWraps() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        let title = label()
        title.text = "Locate your device"
        title.textAlignment = .center
        let body = label()
        body.font = UIFont.systemFont(ofSize: 15)
        body.textAlignment = .center
        let stack = UIStackView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.axis = .vertical
        stack.spacing = 8
        card.addSubview(stack)
        stack.addArrangedSubview(title)
        stack.addArrangedSubview(body)
        let row = UIView()
        row.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(row)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            card.widthAnchor.constraint(equalToConstant: 270),
            card.heightAnchor.constraint(greaterThanOrEqualToConstant: 100),
            stack.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            card.trailingAnchor.constraint(equalTo: stack.trailingAnchor, constant: 8),
            stack.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            row.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: row.trailingAnchor),
            row.topAnchor.constraint(equalTo: stack.bottomAnchor, constant: 8),
            row.heightAnchor.constraint(equalToConstant: 44),
            card.bottomAnchor.constraint(equalTo: row.bottomAnchor),
            title.heightAnchor.constraint(greaterThanOrEqualToConstant: 21),
            body.heightAnchor.constraint(greaterThanOrEqualToConstant: 21),
        ])
        root.layoutIfNeeded()
        let expected = body.sizeThatFits(CGSize(width: 254, height: 0)).height
        let oneLine = body.sizeThatFits(CGSize(width: 10_000, height: 0)).height
        #expect(expected >= 3 * oneLine - 1)
        #expect(stack.frame.width == 254)
        #expect(body.frame.width == 254)
        #expect(body.frame.height == expected)
        #expect(stack.frame.height == title.frame.height + 8 + expected)
        #expect(card.frame.height == 10 + stack.frame.height + 8 + 44)
        #expect(abs(card.frame.midY - 426) < 0.001)
    }

    /// `systemLayoutSizeFitting` at a required width wraps a multi-line label at the width the
    /// solve gives it, before any layout: a label alone, a view holding one by constraints, and
    /// a fixed-width card holding a vertical stack (UIKit's second pass for automatic
    /// preferred widths, which self-sizing cells rely on).
    @Test func fittingToAWidthWrapsBeforeAnyLayout() {
        let oneLine = oneLineHeight()
        let alone = label()
        let aloneSize = alone.systemLayoutSizeFitting(
            CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(aloneSize.width == 200)
        #expect(aloneSize.height == alone.sizeThatFits(CGSize(width: 200, height: 0)).height)
        #expect(aloneSize.height >= 3 * oneLine - 1)

        let cell = UIView()
        let inside = label()
        cell.addSubview(inside)
        NSLayoutConstraint.activate([
            inside.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            cell.trailingAnchor.constraint(equalTo: inside.trailingAnchor, constant: 16),
            inside.topAnchor.constraint(equalTo: cell.topAnchor, constant: 11),
            cell.bottomAnchor.constraint(equalTo: inside.bottomAnchor, constant: 11),
        ])
        let cellSize = cell.systemLayoutSizeFitting(
            CGSize(width: 232, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(cellSize.height == 22 + inside.sizeThatFits(CGSize(width: 200, height: 0)).height)

        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        let title = label()
        title.text = "Title"
        let body = label()
        let stack = UIStackView(arrangedSubviews: [title, body])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            card.trailingAnchor.constraint(equalTo: stack.trailingAnchor, constant: 8),
            stack.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            card.bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: 10),
            body.heightAnchor.constraint(greaterThanOrEqualToConstant: 21),
        ])
        let cardSize = card.systemLayoutSizeFitting(
            CGSize(width: 270, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let bodyHeight = body.sizeThatFits(CGSize(width: 254, height: 0)).height
        #expect(bodyHeight >= 3 * oneLine - 1)
        #expect(cardSize.height == 10 + title.intrinsicContentSize.height + 8 + bodyHeight + 10)
    }
}
