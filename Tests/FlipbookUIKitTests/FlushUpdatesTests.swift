import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// iOS 26's `.flushUpdates`: pending layout is flushed before a block (without animation) and
/// before it ends (with it), so a constraint change animates without `layoutIfNeeded()`
/// (docs/Semantics.md, "Flushing updates").
@MainActor
@Suite(.freshRuntime) struct FlushUpdatesTests {
    struct Fixture {
        let window: UIWindow
        let box: UIView
        let left: NSLayoutConstraint
        let width: NSLayoutConstraint
    }

    func makeFixture() -> Fixture {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.makeKeyAndVisible()
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let left = box.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 0)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([left, width, box.topAnchor.constraint(equalTo: window.topAnchor), box.heightAnchor.constraint(equalToConstant: 50)])
        MediaClock.main.advanceFrames(1)
        return Fixture(window: window, box: box, left: left, width: width)
    }

    func presentedX(_ view: UIView) -> CGFloat { view.layer.presentation()?.frame.minX ?? -1 }

    @Test func aConstraintChangedInTheBlockAnimates() {
        let f = makeFixture()
        UIView.animate(withDuration: 1, delay: 0, options: [.flushUpdates, .curveLinear]) {
            f.left.constant = 200
        }
        #expect(f.box.frame.minX == 200)
        MediaClock.main.advance(by: 0.5)
        let x = presentedX(f.box)
        #expect(x > 80 && x < 120)
        MediaClock.main.advance(by: 0.6)
        #expect(presentedX(f.box) == 200)
    }

    /// Without the option the change waits for the next layout pass and jumps.
    @Test func withoutTheOptionTheChangeJumps() {
        let f = makeFixture()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
            f.left.constant = 200
        }
        #expect(f.box.frame.minX == 0)
        MediaClock.main.advance(by: 0.5)
        #expect(presentedX(f.box) == 200)
    }

    /// What was changed before the block is laid out first, without animation; only the
    /// block's own change animates.
    @Test func earlierChangesAreFlushedWithoutAnimation() {
        let f = makeFixture()
        f.width.constant = 150
        UIView.animate(withDuration: 1, delay: 0, options: [.flushUpdates, .curveLinear]) {
            f.left.constant = 200
        }
        MediaClock.main.advance(by: 0.5)
        #expect(f.box.layer.presentation()?.bounds.width == 150)
        let x = presentedX(f.box)
        #expect(x > 80 && x < 120)
    }

    @Test func aPropertyAnimatorFlushesToo() {
        let f = makeFixture()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { f.left.constant = 200 }
        animator.flushUpdates = true
        animator.startAnimation()
        MediaClock.main.advance(by: 0.5)
        let x = presentedX(f.box)
        #expect(x > 80 && x < 120)
        MediaClock.main.advance(by: 0.6)
        #expect(presentedX(f.box) == 200)
    }
}
