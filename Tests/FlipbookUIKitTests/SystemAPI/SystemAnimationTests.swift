import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// UIView.perform(.delete, on:options:animations:completion:): fade and shrink, then removal,
/// with the parallel animations alongside and one completion.
@Suite(.freshRuntime) @MainActor struct SystemAnimationTests {
    @MainActor final class Recorded: UIView {
        var name = ""
        var log: (String) -> Void = { _ in }
        override func didMoveToSuperview() {
            super.didMoveToSuperview()
            if superview == nil { log("\(name) removed") }
        }
    }

    @Test func deleteFadesShrinksThenRemovesAndCompletesOnce() {
        #expect(UIView.SystemAnimation.delete.rawValue == 0)
        var history: [String] = []
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = Recorded(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = Recorded(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        let other = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
        for (v, n) in [(a, "a"), (b, "b")] {
            v.name = n
            v.log = { history.append($0) }
            container.addSubview(v)
        }
        container.addSubview(other)
        UIView.perform(.delete, on: [a, b], options: .curveLinear, animations: {
            history.append("parallel animations")
            other.alpha = 0.5
        }, completion: { history.append("completion \($0)") })
        #expect(history == ["parallel animations"])
        #expect(a.superview === container && b.superview === container)
        MediaClock.main.advance(by: 0.15)                    // half way, linear
        let p = a.layer.presentation()
        #expect(abs(Double(p?.opacity ?? 1) - 0.5) < 1e-3)
        #expect(abs(Double(p?.transform.m11 ?? 1) - 0.75) < 1e-3)   // 1 → 0.5
        #expect(abs(Double(other.layer.presentation()?.opacity ?? 1) - 0.75) < 1e-3)
        #expect(a.superview === container && history == ["parallel animations"])
        MediaClock.main.advance(by: 0.2)
        MediaClock.main.advanceFrames(2)
        #expect(history == ["parallel animations", "a removed", "b removed", "completion true"])
        #expect(a.superview == nil && b.superview == nil && other.superview === container)
        #expect(a.alpha == 1 && a.transform == .identity)    // given back for reuse
        #expect(other.alpha == 0.5)
        MediaClock.main.advance(by: 1)
        #expect(history.filter { $0.hasPrefix("completion") }.count == 1)
    }

    @Test func interruptedDeleteStillRemovesAndReportsFalse() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(a)
        var results: [Bool] = []
        UIView.perform(.delete, on: [a], animations: nil) { results.append($0) }
        MediaClock.main.advance(by: 0.1)
        a.layer.removeAllAnimations()
        MediaClock.main.advanceFrames(2)
        #expect(results == [false] && a.superview == nil)
    }
}
