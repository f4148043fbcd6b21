import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

extension LayoutAutoLayoutTests {
    /// A priority just under required is optional: it gives way to a required constraint
    /// silently (weights of priorities above 900 used to reach the required threshold, so a
    /// 999 constraint was hard and reported as a conflict).
    @Test func priority999GivesWayToRequiredWithoutAReport() {
        let view = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        let soft = child.widthAnchor.constraint(equalToConstant: 200)
        soft.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: view.leadingAnchor), child.topAnchor.constraint(equalTo: view.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10), child.widthAnchor.constraint(equalToConstant: 120), soft,
        ])
        let messages = FlipbookDiagnostics.capture { view.layoutIfNeeded() }
        #expect(messages.isEmpty)
        #expect(child.frame.width == 120)
        #expect(UILayoutPriority(999).strength.isRequired == false)
        #expect(UILayoutPriority(950).strength < LayoutEngine.stackPlacement)
        #expect(LayoutEngine.stackPlacement.isRequired == false)
    }

    /// A stack view places its arranged views; Auto Layout keeps them where it put them and
    /// lays their content out in those frames. An arranged view with constraints of its own
    /// (a content view that does not translate its mask, a button with a height constraint) is
    /// sized by those constraints, not by its intrinsic size, with no conflict reported while
    /// the stack has not placed it yet, and the layout settles instead of the engine and the
    /// stack moving the view in turn.
    @Test func stackArrangedViewsKeepTheStacksFramesAndTheirOwnConstraints() {
        let view = root()
        let stack = UIStackView()
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
            stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 50),
        ])
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        let inner = FixedSizeView(size: CGSize(width: 40, height: 30))
        inner.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(inner)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 5),
            inner.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -5),
            inner.topAnchor.constraint(equalTo: content.topAnchor, constant: 7),
            inner.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -7),
        ])
        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        button.heightAnchor.constraint(equalToConstant: 45).isActive = true
        stack.addArrangedSubview(content)
        stack.addArrangedSubview(button)
        let messages = FlipbookDiagnostics.capture { view.layoutIfNeeded() }
        #expect(messages.isEmpty, "\(messages)")
        #expect(content.frame == CGRect(x: 0, y: 0, width: 355, height: 44))
        #expect(inner.frame == CGRect(x: 5, y: 7, width: 345, height: 30))
        #expect(button.frame == CGRect(x: 0, y: 44, width: 355, height: 45))
        #expect(stack.frame == CGRect(x: 10, y: 50, width: 355, height: 89))
        // Settled: another pass solves nothing new and moves nothing.
        let before = CassowarySolver.constructions
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(!view.autoLayoutNeedsSolve)
        #expect(CassowarySolver.constructions == before)
        #expect(content.frame == CGRect(x: 0, y: 0, width: 355, height: 44))
    }
}

extension LayoutAutoLayoutTests {
    /// A multi-line label without `preferredMaxLayoutWidth` wraps at the width layout gives it
    /// (UIKit's automatic preferred width): a dialog's message pinned 20 points inside a 300
    /// point card takes the lines it needs there, and the card grows to hold them, instead of
    /// keeping the height of one unwrapped line.
    @Test func multilineLabelTakesTheHeightOfItsWrappedText() {
        let view = root()
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        let message = UILabel()
        message.translatesAutoresizingMaskIntoConstraints = false
        message.numberOfLines = 0
        message.font = .systemFont(ofSize: 14)
        message.text = "This is the message of a dialog, long enough to need two or three lines at this width"
        card.addSubview(message)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: view.centerXAnchor), card.topAnchor.constraint(equalTo: view.topAnchor),
            card.widthAnchor.constraint(equalToConstant: 300),
            message.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 20),
            message.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -20),
            message.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            message.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        view.layoutIfNeeded()
        let oneLine = message.sizeThatFits(CGSize(width: 10_000, height: 0)).height
        let wrapped = message.sizeThatFits(CGSize(width: 260, height: 0)).height
        #expect(wrapped > oneLine * 1.5)
        #expect(message.frame == CGRect(x: 20, y: 10, width: 260, height: wrapped))
        #expect(card.frame.height == wrapped + 20)
        // A fixed preferred width still decides where it wraps.
        message.preferredMaxLayoutWidth = 10_000
        view.layoutIfNeeded()
        #expect(message.frame.height == oneLine)
    }
}

extension LayoutAutoLayoutTests {
    /// A view's edges, as its own subviews' constraints see them, are those of its content
    /// area, whatever its bounds origin: moving the bounds origin slides the constrained
    /// subviews with it (a dialog that slides out by animating its bounds origin), and a solve
    /// afterwards does not pull them back into view. Relations between siblings are unchanged.
    @Test func boundsOriginSlidesConstrainedSubviewsInsteadOfBeingUndone() {
        let window = root()
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(card)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(badge)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            card.widthAnchor.constraint(equalToConstant: 300), card.heightAnchor.constraint(equalToConstant: 200),
            badge.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 10),
            badge.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        let centred = CGRect(x: 37.5, y: 233.5, width: 300, height: 200)
        #expect(card.frame == centred)
        container.bounds.origin = CGPoint(x: 0, y: -667)
        window.layoutIfNeeded()
        #expect(card.frame == centred, "the card keeps its place in the content and slides out with the bounds")
        #expect(badge.frame == CGRect(x: 37.5, y: 443.5, width: 20, height: 20))
        #expect(card.convert(card.bounds, to: window).minY == centred.minY + 667)
    }
}
