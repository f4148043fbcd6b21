import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Core Animation's commit lays out only trees a window hosts: a view in no window keeps its
/// pending layout until it joins one, or until its own `layoutIfNeeded()`
/// (docs/Semantics.md, "Layout of views in no window").
@MainActor
@Suite(.freshRuntime) struct LayoutOutsideWindowTests {
    final class Counting: UIView {
        var passes: [CGSize] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            passes.append(bounds.size)
        }
    }

    @Test func aViewInNoWindowIsLaidOutOnlyWhenItJoinsOne() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.setNeedsLayout()
        MediaClock.main.advanceFrames(3)
        #expect(view.passes.isEmpty)
        view.frame.size = CGSize(width: 120, height: 60)
        MediaClock.main.advanceFrames(2)
        #expect(view.passes.isEmpty)
        window.addSubview(view)
        MediaClock.main.advanceFrames(1)
        #expect(view.passes == [CGSize(width: 120, height: 60)])
    }

    @Test func aDetachedSubtreeWaitsAsAWhole() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let parent = Counting(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        child.setNeedsLayout()
        MediaClock.main.advanceFrames(2)
        #expect(parent.passes.isEmpty && child.passes.isEmpty)
        window.addSubview(parent)
        MediaClock.main.advanceFrames(1)
        #expect(child.passes.count == 1)
    }

    @Test func layoutIfNeededLaysOutAViewInNoWindow() {
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.passes == [CGSize(width: 100, height: 50)])
        MediaClock.main.advanceFrames(2)
        #expect(view.passes.count == 1)
    }

    /// The waiting list holds its layers weakly: a detached view that goes away is freed.
    @Test func aWaitingViewIsNotKeptAlive() {
        weak var weakView: Counting?
        do {
            let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            weakView = view
            view.setNeedsLayout()
            MediaClock.main.advanceFrames(2)
        }
        MediaClock.main.advanceFrames(1)
        #expect(weakView == nil)
    }

    /// A constraint conflict in a tree that is not shown yet is not solved, nor reported, until
    /// the tree joins a window (a panel library adds a `height >= 1` constraint to a view whose
    /// autoresizing frame is still zero, and fixes the frame before showing it).
    @Test func constraintsOfAViewInNoWindowAreSolvedWhenItIsShown() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let surface = UIView()
        container.addSubview(surface)
        surface.heightAnchor.constraint(greaterThanOrEqualToConstant: 1).isActive = true
        let reports = FlipbookDiagnostics.capture {
            MediaClock.main.advanceFrames(2)
            surface.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                surface.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                surface.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                surface.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                surface.heightAnchor.constraint(equalToConstant: 120),
            ])
            window.addSubview(container)
            MediaClock.main.advanceFrames(1)
        }
        #expect(!reports.contains { $0.contains("Unable to simultaneously satisfy constraints") })
        #expect(surface.frame == CGRect(x: 0, y: 180, width: 300, height: 120))
    }

    /// Drawing waits the same way: a popover library draws its arrow from state it sets only
    /// when shown, so a `draw(_:)` run while the view is in no window would read nil.
    final class Drawing: UIView {
        var draws = 0
        var ready = false
        override func draw(_ rect: CGRect) {
            draws += 1
            #expect(ready, "drawn before it was shown")
            UIColor.red.setFill()
            UIRectFill(bounds)
        }
    }

    @Test func aViewInNoWindowIsDrawnOnlyWhenItJoinsOne() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let view = Drawing(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        MediaClock.main.advanceFrames(3)
        #expect(view.draws == 0)
        view.ready = true
        window.addSubview(view)
        MediaClock.main.advanceFrames(1)
        #expect(view.draws == 1)
    }

    /// What asks for the picture of a tree in no window draws it: `render(in:)` (code renders
    /// labels and badges into images without showing them) and snapshots after screen updates.
    @Test func renderingATreeInNoWindowDrawsIt() {
        let view = Drawing(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.ready = true
        MediaClock.main.advanceFrames(1)
        #expect(view.draws == 0)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { ctx in
            view.layer.render(in: ctx.cgContext)
        }
        #expect(view.draws == 1)
        let pixels = image.cgImage?.pixels ?? []
        #expect(Array(pixels.prefix(4)) == [255, 0, 0, 255])
        view.setNeedsDisplay()
        _ = view.snapshotView(afterScreenUpdates: true)
        #expect(view.draws == 2)
    }

    /// A mask view is in no tree of its own (its layer's superlayer is nil), yet it is shown
    /// with the view it masks: it is laid out and drawn at the commit.
    @Test func aMaskViewIsLaidOutAndDrawn() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let masked = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(masked)
        let shape = Drawing(frame: masked.bounds)
        shape.ready = true
        let counting = Counting(frame: masked.bounds)
        shape.addSubview(counting)
        counting.setNeedsLayout()
        masked.mask = shape
        MediaClock.main.advanceFrames(1)
        #expect(shape.draws == 1)
        #expect(counting.passes == [CGSize(width: 40, height: 40)])
        masked.mask = nil
        shape.setNeedsDisplay()
        MediaClock.main.advanceFrames(1)
        #expect(shape.draws == 1, "no longer a mask, in no window: it waits again")
    }
}
