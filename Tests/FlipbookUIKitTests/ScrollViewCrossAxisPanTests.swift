import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A vertical list whose rows are flicked sideways by a pan recognizer of its own, added to the
/// scroll view next to the scroll view's pan (a card deck, a swipe-to-dismiss list): a
/// sideways drag must not leave the scroll view tracking, or the row pan's handler, which only
/// moves rows while the list is still, never moves one (docs/Semantics.md, "Scroll views").
@Suite(.freshRuntime) @MainActor struct ScrollViewCrossAxisPanTests {
    /// Refuses to recognize along with the list's pan while the drag is sideways.
    final class SidewaysPolicy: NSObject, UIGestureRecognizerDelegate {
        weak var rowPan: UIPanGestureRecognizer?
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool {
            guard let rowPan else { return true }
            let v = rowPan.velocity(in: rowPan.view)
            return abs(v.y) >= abs(v.x)
        }
    }

    final class RowMover: NSObject {
        weak var list: UIScrollView?
        var moved: [CGFloat] = []
        var listWasBusy: [Bool] = []
        func pan(_ g: UIPanGestureRecognizer) {
            guard let list else { return }
            let busy = list.isTracking || list.isDragging || list.isDecelerating
            listWasBusy.append(busy)
            if !busy, g.state == .began || g.state == .changed { moved.append(g.translation(in: list).x) }
        }
    }

    func makeList() -> (AppDriver, UIScrollView, UIPanGestureRecognizer, RowMover, SidewaysPolicy) {
        let vc = UIViewController()
        let app = AppDriver(rootViewController: vc)
        let list = UIScrollView(frame: vc.view.bounds)
        list.contentInsetAdjustmentBehavior = .never
        list.contentInset = UIEdgeInsets(top: 40, left: 20, bottom: 90, right: 20)
        list.contentSize = CGSize(width: 393 - 40, height: 4000)
        vc.view.addSubview(list)
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 353, height: 600))
        row.backgroundColor = .systemBlue
        list.addSubview(row)
        let mover = RowMover()
        mover.list = list
        let policy = SidewaysPolicy()
        let rowPan = UIPanGestureRecognizer(target: mover, action: { $0.pan($1) })
        rowPan.delegate = policy
        policy.rowPan = rowPan
        list.addGestureRecognizer(rowPan)
        app.advanceFrames(2)
        return (app, list, rowPan, mover, policy)
    }

    @Test func aSidewaysDragEndsTheListsTrackingAndMovesTheRow() {
        let (app, list, rowPan, mover, policy) = makeList()
        defer { withExtendedLifetime((app, policy)) {} }
        let finger = app.touchDown(at: CGPoint(x: 150, y: 300))
        #expect(list.isTracking)
        for k in 1...8 {
            app.advanceFrames(1)
            finger.move(to: CGPoint(x: 150 + CGFloat(k) * 20, y: 301))
        }
        // The list cannot scroll sideways: its pan failed, so it no longer tracks the finger.
        #expect(list.panGestureRecognizer.state == .failed)
        #expect(!list.isTracking && !list.isDragging)
        #expect(rowPan.state == .changed)
        #expect(mover.listWasBusy.allSatisfy { !$0 })
        #expect((mover.moved.last ?? 0) > 100)
        #expect(list.contentOffset.y == -40)
        finger.lift()
        app.advanceFrames(2)
        #expect(!list.isTracking)
    }

    @Test func anUpwardDragStillScrollsTheListAndKeepsItTracking() {
        let (app, list, _, mover, policy) = makeList()
        defer { withExtendedLifetime((app, policy)) {} }
        let finger = app.touchDown(at: CGPoint(x: 200, y: 600))
        for k in 1...8 {
            app.advanceFrames(1)
            finger.move(to: CGPoint(x: 200, y: 600 - CGFloat(k) * 20))
        }
        #expect(list.isTracking && list.isDragging)
        #expect(list.contentOffset.y > 60)
        #expect(mover.moved.isEmpty)
        finger.lift()
    }
}
