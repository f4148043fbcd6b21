import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Scripted chaos: many fingers, recognizers of every kind, views and recognizers removed,
/// moved and disabled mid-gesture, handlers changing things re-entrantly. Nothing may crash or
/// hang, and once every finger is up and the clock idles, everything is back at rest.
@MainActor
@Suite(.freshRuntime) struct TouchRobustnessTests {
    /// A small deterministic generator (64-bit LCG), so a failure replays exactly.
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// 25 seeds here (about a second); 1000 were run while writing it.
    @Test(arguments: Array(1...25))
    func randomInputLeavesEverythingAtRest(seed: Int) {
        let (app, vc) = makeTouchApp()
        var rng = Generator(state: UInt64(seed))
        let rec = EventRecorder()
        let views = (0..<4).map { i in
            TouchRecordingView("v\(i)", rec, frame: CGRect(x: 20 + i * 80, y: 100 + i * 120, width: 220, height: 300))
        }
        for v in views { vc.view.addSubview(v) }
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 30, y: 30, width: 100, height: 60)
        views[0].addSubview(button)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer()
        single.require(toFail: double)
        let press = UILongPressGestureRecognizer()
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .all
        let recognizers: [UIGestureRecognizer] = [
            single, double, UIPanGestureRecognizer(), press, UISwipeGestureRecognizer(),
            UIPinchGestureRecognizer(), UIRotationGestureRecognizer(), edge,
        ]
        @MainActor final class Meddler {
            var rng: Generator
            let views: [UIView]
            init(rng: Generator, views: [UIView]) {
                self.rng = rng
                self.views = views
            }
            func handle(_ g: UIGestureRecognizer) {
                switch rng.next(8) {
                case 0: g.isEnabled.toggle()
                case 1: g.view?.removeFromSuperview()
                case 2: views[rng.next(views.count)].addGestureRecognizer(g)
                default: break
                }
            }
        }
        let meddler = Meddler(rng: Generator(state: UInt64(seed) * 7 + 1), views: views)
        for (i, g) in recognizers.enumerated() {
            g.addTarget(meddler, action: { $0.handle($1) })
            views[i % views.count].addGestureRecognizer(g)
        }
        var fingers: [SyntheticTouch] = []
        func randomPoint() -> CGPoint { CGPoint(x: rng.next(394), y: rng.next(853)) }
        for _ in 0..<400 {
            switch rng.next(10) {
            case 0, 1: fingers.append(app.touchDown(at: randomPoint()))
            case 2, 3, 4:
                if !fingers.isEmpty {
                    let f = fingers[rng.next(fingers.count)]
                    let p = f.location
                    f.move(
                        to: CGPoint(
                            x: min(393, max(0, p.x + CGFloat(rng.next(61) - 30))),
                            y: min(852, max(0, p.y + CGFloat(rng.next(61) - 30)))))
                }
            case 5:
                if !fingers.isEmpty { fingers.remove(at: rng.next(fingers.count)).lift() }
            case 6:
                if !fingers.isEmpty, rng.next(4) == 0 { fingers.remove(at: rng.next(fingers.count)).cancel() }
            case 7:
                let v = views[rng.next(views.count)]
                if v.superview == nil { vc.view.addSubview(v) } else if rng.next(3) == 0 { v.removeFromSuperview() }
            case 8: app.advanceFrames(1 + rng.next(40))
            default:
                let g = recognizers[rng.next(recognizers.count)]
                if rng.next(2) == 0 {
                    g.isEnabled.toggle()
                } else {
                    views[rng.next(views.count)].addGestureRecognizer(g)
                }
            }
        }
        for f in fingers { f.lift() }
        for g in recognizers { g.isEnabled = true }
        #expect(MediaClock.main.runUntilIdle())
        #expect(recognizers.allSatisfy { $0.state == .possible && $0.numberOfTouches == 0 })
        #expect(UIApplication.shared.gestureArbiter.involved.isEmpty)
        #expect(!button.isTracking && !button.isHighlighted)
        #expect(UIApplication.shared.touchRouter.event.allTouches == nil)
        // Everything still works afterwards.
        for v in views where v.superview == nil { vc.view.addSubview(v) }
        let probe = UITapGestureRecognizer()
        @MainActor final class Counter { var count = 0 }
        let counter = Counter()
        probe.addTarget(counter) { $0.count += 1 }
        vc.view.addGestureRecognizer(probe)
        app.tap(at: CGPoint(x: 380, y: 20))
        #expect(counter.count == 1)
        #expect(!rec.events.isEmpty)
    }
}
