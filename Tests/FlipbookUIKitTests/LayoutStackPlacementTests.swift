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
