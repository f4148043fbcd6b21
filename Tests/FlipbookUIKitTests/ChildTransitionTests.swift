import Foundation
import Testing
import TestSupport
import Flipbook

/// `UIViewController.transition(from:to:duration:options:animations:completion:)` for custom
/// containers (docs/Semantics.md, "Child view-controller transitions"): histories of the
/// containment and appearance calls, the views' order, and the misuse UIKit raises for.
@Suite(.freshRuntime)
@MainActor
struct ChildTransitionTests {
    /// A parent on screen showing child A, with child B added (not yet shown).
    func makeContainer(_ log: ModalLog) -> (UIWindow, ModalRecordingViewController, ChildViewController, ChildViewController) {
        let parent = ModalRecordingViewController("P", log: log)
        let window = makeModalWindow(root: parent)
        let a = ChildViewController("A", log: log)
        parent.addChild(a)
        parent.view.addSubview(a.view)
        a.didMove(toParent: parent)
        let b = ChildViewController("B", log: log)
        _ = log.take()
        return (window, parent, a, b)
    }

    @Test func swapsTheChildrenWithAppearanceCallsAroundTheAnimation() {
        let log = ModalLog()
        let (window, parent, a, b) = makeContainer(log)
        parent.addChild(b)
        a.willMove(toParent: nil)
        b.view.alpha = 0
        var inAnimations: [String] = []
        parent.transition(from: a, to: b, duration: 0.5, options: [.curveLinear], animations: {
            inAnimations = [b.view.superview === parent.view ? "B in the container" : "B elsewhere",
                            a.view.superview === parent.view ? "A still there" : "A gone"]
            b.view.alpha = 1
            a.view.alpha = 0
        }, completion: { finished in
            log("completion(\(finished)) A in view: \(a.view.superview != nil)")
            a.removeFromParent()
            b.didMove(toParent: parent)
        })
        #expect(inAnimations == ["B in the container", "A still there"])
        #expect(parent.view.subviews.map { $0 === a.view ? "A" : $0 === b.view ? "B" : "?" } == ["A", "B"])
        #expect(log.take() == [
            "B.willMove(toParent: P, moving: true)", "A.willMove(toParent: nil, moving: true)", "B.viewDidLoad",
            "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        ])
        MediaClock.main.advance(by: 0.25)
        #expect(abs(Double((b.view.layer.presentation() ?? b.view.layer).opacity) - 0.5) < 1e-6)
        runModal(0.25)
        #expect(log.take() == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "completion(true) A in view: false",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
        ])
        #expect(parent.children.count == 1 && parent.children.first === b)
        #expect(parent.view.subviews.count == 1 && parent.view.subviews.first === b.view)
        _ = window
    }

    @Test func aTransitionStyleDissolvesTheContainersContent() {
        let log = ModalLog()
        let (window, parent, a, b) = makeContainer(log)
        parent.addChild(b)
        b.loadViewIfNeeded()
        _ = log.take()
        parent.transition(from: a, to: b, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear], animations: nil) { _ in
            log("done")
        }
        // The old content is a copy over the container, fading out.
        let snapshot = parent.view.layer.superlayer?.sublayers?.first { $0 !== parent.view.layer && $0.animationKeys()?.isEmpty == false }
        #expect(snapshot != nil)
        MediaClock.main.advance(by: 0.1)
        if let snapshot {
            #expect(abs(Double((snapshot.presentation() ?? snapshot).opacity) - 0.75) < 1e-6)
        }
        runModal(0.3)
        #expect(log.take() == ["A.viewWillDisappear(true)", "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "done"])
        #expect(a.view.superview == nil && b.view.superview === parent.view)
        _ = window
    }

    @Test func zeroDurationSwapsWithoutAnimationFlag() {
        let log = ModalLog()
        let (window, parent, a, b) = makeContainer(log)
        parent.addChild(b)
        _ = log.take()
        parent.transition(from: a, to: b, duration: 0, animations: nil)
        MediaClock.main.advanceFrames(1)
        #expect(log.take() == ["B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "A.viewDidDisappear(false)", "B.viewDidAppear(false)"])
        _ = window
    }

    @Test func misuseIsReportedAndChangesNothing() {
        let log = ModalLog()
        let (window, parent, a, b) = makeContainer(log)
        var completions = 0
        // b is not a child of the parent.
        let notChild = FlipbookDiagnostics.capture {
            parent.transition(from: a, to: b, duration: 0.3, animations: nil) { _ in completions += 1 }
        }
        #expect(notChild.count == 1 && notChild.first?.contains("must be children") == true)
        // The same controller twice.
        let same = FlipbookDiagnostics.capture {
            parent.transition(from: a, to: a, duration: 0.3, animations: nil) { _ in completions += 1 }
        }
        #expect(same.count == 1 && same.first?.contains("the same view controller") == true)
        // from's view not in a hierarchy.
        parent.addChild(b)
        a.view.removeFromSuperview()
        let offscreen = FlipbookDiagnostics.capture {
            parent.transition(from: a, to: b, duration: 0.3, animations: nil) { _ in completions += 1 }
        }
        #expect(offscreen.count == 1 && offscreen.first?.contains("not in a view hierarchy") == true)
        MediaClock.main.runUntilIdle()
        #expect(completions == 0)
        #expect(b.view.superview == nil)
        #expect(log.take().filter { $0.contains("Appear") || $0.contains("Disappear") }.isEmpty)
        _ = window
    }
}
