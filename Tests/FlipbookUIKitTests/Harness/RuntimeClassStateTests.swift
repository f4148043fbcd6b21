import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// What UIKit keeps as class state and Flipbook keeps per app (docs/ARCHITECTURE.md, "The
/// runtime" and "Process-wide state"): the animation blocks being recorded, begun with
/// `beginAnimations` and not committed, a transition's alongside offer (`AnimationBlocks`), and
/// Auto Layout's memo switch and solver count (`LayoutCounters`). Each test leaves something in
/// one runtime and looks for it from another, alive at the same time or made afterwards.
@MainActor
@Suite(.freshRuntime) struct RuntimeClassStateTests {
    private func box() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)) }

    /// A block begun and not committed in one runtime records nothing of another's, gives it no
    /// inherited duration, and its commit is not the other's to make.
    @Test func aBlockLeftOpenInOneRuntimeIsNotAnothers() {
        let mine = box()
        let other = AppRuntime()
        let theirs = other.run { box() }
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        let seen = other.run { () -> (TimeInterval, [String]?, [String]) in
            let duration = UIView.inheritedAnimationDuration
            theirs.alpha = 0
            let keys = theirs.layer.animationKeys()
            let reports = FlipbookDiagnostics.capture { UIView.commitAnimations() }
            return (duration, keys, reports)
        }
        #expect(seen.0 == 0, "the other runtime has no block open")
        #expect(seen.1 == nil, "the other runtime's change is not recorded into this one's block")
        #expect(seen.2.contains { $0.contains("commitAnimations") }, "\(seen.2)")
        // This runtime's block is still open and still takes its changes and its settings.
        #expect(UIView.inheritedAnimationDuration == 1)
        mine.alpha = 0
        UIView.commitAnimations()
        #expect(mine.layer.animationKeys()?.isEmpty == false)
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    /// A block a runtime leaves open (a test that forgot its commit) is gone with it: a runtime
    /// made afterwards records nothing into it.
    @Test func aBlockLeftOpenDoesNotReachALaterRuntime() {
        AppRuntime().run {
            UIView.beginAnimations("forgotten", context: nil)
            UIView.setAnimationDuration(3)
        }
        let later = AppRuntime()
        let view = later.run { box() }
        later.run {
            #expect(UIView.inheritedAnimationDuration == 0)
            view.center = CGPoint(x: 200, y: 200)
        }
        #expect(view.layer.animationKeys() == nil)
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    /// A transition's alongside offer is taken by the first block started in its own runtime,
    /// never by a block another runtime starts meanwhile.
    @Test func anAlongsideOfferIsTakenOnlyInItsRuntime() {
        let other = AppRuntime()
        var takenIn: [String] = []
        let offer = AlongsideOffer(accepts: { true }, join: { _ in takenIn.append(AppRuntime.current.name) })
        UIViewAnimationRegistry.offeringAlongside(offer) {
            other.run { UIView.animate(withDuration: 0.3) {} }
            #expect(takenIn.isEmpty)
            UIView.animate(withDuration: 0.3) {}
        }
        #expect(takenIn == [AppRuntime.current.name])
        // Withdrawn when the transition's call returns: a later block takes nothing.
        UIView.animate(withDuration: 0.3) {}
        #expect(takenIn.count == 1)
    }

    /// A view whose size is fitted by a solve (a label pinned inside a plain view).
    private func fitted() -> UIView {
        let view = UIView()
        let label = UILabel()
        label.text = "Fitted"
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -8),
            label.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8),
        ])
        return view
    }

    /// Turning the fitting memo off in one runtime leaves it on in another, alive at the same
    /// time or made afterwards; each counts only its own solvers.
    @Test func theLayoutMemoSwitchAndSolverCountArePerRuntime() {
        let other = AppRuntime()
        LayoutMemo.isEnabled = false
        defer { LayoutMemo.isEnabled = true }
        #expect(other.run { LayoutMemo.isEnabled })
        let mineBefore = CassowarySolver.constructions
        let built = other.run { () -> (first: Int, again: Int) in
            let view = fitted()
            let start = CassowarySolver.constructions
            let size = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            let first = CassowarySolver.constructions - start
            #expect(size.width > 16 && size.height > 16)
            _ = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            return (first, CassowarySolver.constructions - start - first)
        }
        #expect(built.first >= 1, "the other runtime solves")
        #expect(built.again == 0, "and remembers the answer: its memo is on")
        #expect(CassowarySolver.constructions == mineBefore, "its solvers are not counted here")
        // Here the memo is off: the same question is solved again each time.
        let view = fitted()
        _ = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        _ = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(CassowarySolver.constructions - mineBefore == 2 * built.first)
        // A runtime made after this one turned the memo off starts with it on and counts from 0.
        let later = AppRuntime()
        #expect(later.run { LayoutMemo.isEnabled && CassowarySolver.constructions == 0 })
    }
}
