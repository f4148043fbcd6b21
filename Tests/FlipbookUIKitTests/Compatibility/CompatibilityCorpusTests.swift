import Foundation
import Testing
import TestSupport
import Flipbook

/// Runs the corpus entries in this folder headless and compares golden filmstrips (each frame
/// reviewed by eye when recorded).
@MainActor
@Suite(.freshRuntime) struct CompatibilityCorpusTests {
    @Test func hapticOnSnap() {
        let vc = SnapCardViewController()
        let app = AppDriver(rootViewController: vc)
        let start = vc.card.center
        #expect(start == CGPoint(x: 196.5, y: 852 * 0.3))
        app.at(0.1) {
            app.drag(from: start, to: CGPoint(x: start.x + 40, y: start.y + 260), duration: 0.3)
        }
        app.run(until: 0.1)
        var frames: [RenderedImage] = []
        for t in [0.25, 0.5, 0.7, 1.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        app.runScript()
        // Prepared when the pan began, one impact at the release (after the 0.3 s drag).
        let kinds = app.haptics.events.map { "\($0.kind)" }
        #expect(kinds == ["prepare(generator: \"UIImpactFeedbackGenerator\")", "impact(FlipbookUIKit.UIImpactFeedbackGenerator.FeedbackStyle.medium, intensity: 1.0)"])
        if app.haptics.events.count == 2 {
            #expect(app.haptics.events[0].time > 0.1 && app.haptics.events[0].time < 0.2)
            #expect(abs(app.haptics.events[1].time - 0.4) < 0.05)
        }
        #expect(vc.card.center == CGPoint(x: 196.5, y: 852 * 0.7))
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/haptic-snap-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }

    @Test func bottomSheetHandsThePanVelocityToASpring() {
        let vc = BottomSheetViewController()
        let app = AppDriver(rootViewController: vc)
        let travel = 852 * 0.75 - 140
        #expect(abs(vc.sheet.frame.minY - (852 - 140)) < 0.001)
        // A flick up: 200 pt in 0.2 s, released while still moving (about 1000 pt/s).
        app.at(0.1) { app.drag(from: CGPoint(x: 196.5, y: 740), to: CGPoint(x: 196.5, y: 540), duration: 0.2) }
        // Later a slow, short pull down (80 pt in 0.5 s): not far or fast enough, so it reverses.
        app.at(1.6) { app.drag(from: CGPoint(x: 196.5, y: 300), to: CGPoint(x: 196.5, y: 380), duration: 0.5) }
        var frames: [RenderedImage] = []
        var tops: [Double] = []
        for t in [0.05, 0.2, 0.4, 0.6, 1.2, 1.9, 2.2, 2.4, 3.0] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            let shown = vc.sheet.layer.presentation() ?? vc.sheet.layer
            tops.append(Double(shown.position.y - shown.bounds.height / 2))
        }
        app.runScript()
        #expect(vc.finishedPositions == [.end, .start])
        #expect(vc.state == .expanded && abs(vc.sheet.frame.minY - 852 * 0.25) < 0.001)
        // Scrubbing follows the finger: 100 pt up at 0.2 s (the drag is half done).
        #expect(abs(tops[1] - (712 - 100)) < 2)
        #expect(abs(tops[4] - 213) < 0.5 && abs(tops[8] - 213) < 0.5)
        // Pulled down during the second drag, then back (the 0.8 spring overshoots a little).
        #expect(tops[5] > 240 && tops[6] > tops[7] && abs(tops[7] - 213) < 5)
        // The handoff velocities: the pan's velocity over the distance left (closed forms from the drags).
        if vc.handoffVelocities.count == 2 {
            let up = 1000 / ((1 - 200 / travel) * travel)
            let down = -160 / (80.0)
            #expect(abs(Double(vc.handoffVelocities[0]) - up) / up < 0.1)
            #expect(abs(Double(vc.handoffVelocities[1]) - down) / abs(down) < 0.1)
        } else {
            Issue.record("expected two releases, got \(vc.handoffVelocities)")
        }
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/bottom-sheet-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }

    @Test func statusBarFollowsPresentedPlayer() {
        let list = TrackListViewController()
        let app = AppDriver(rootViewController: list)
        app.showsStatusBar = true
        app.at(0.1) { list.openPlayer() }
        app.at(1.0) { (list.presentedViewController as? PlayerViewController)?.chromeHidden = true }
        var frames: [RenderedImage] = []
        var styles: [String] = []
        for t in [0.05, 0.3, 0.8, 1.15, 1.5] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            styles.append("\(app.statusBarAppearance.style)\(app.statusBarAppearance.isHidden ? " hidden" : "")")
        }
        #expect(styles == ["darkContent", "lightContent", "lightContent", "lightContent hidden", "lightContent hidden"])
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/status-bar-player-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }

    @Test func blurDimmingSheetPresentsAndPansAway() {
        let wall = ColorWallViewController()
        let app = AppDriver(rootViewController: wall)
        app.at(0.1) { wall.openSheet() }
        var frames: [RenderedImage] = []
        var radii: [CGFloat] = []
        func presentation() -> BlurDimmingPresentationController? {
            wall.presentedViewController?.presentationController as? BlurDimmingPresentationController
        }
        func radius() -> CGFloat {
            guard let v = presentation()?.dimmingView else { return -1 }
            return (v.backdropLayer.presentation() as? BackdropLayer)?.blurRadius ?? v.backdropLayer.blurRadius
        }
        for t in [0.05, 0.3, 0.6] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            radii.append(radius())
        }
        // Presented: the bottom half, over a dark blur of the wall.
        #expect(wall.presentedViewController?.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
        #expect(radii[0] == -1 && radii[1] > 0 && radii[1] < 20 && radii[2] == 20)
        // A pan down the sheet dismisses it interactively: half way down, released.
        app.at(0.8) { app.drag(from: CGPoint(x: 196, y: 500), to: CGPoint(x: 196, y: 760), duration: 0.4) }
        app.run(until: 1.1)
        frames.append(app.render(scale: 0.5))
        let during = radius()
        #expect(during > 0 && during < 20)
        app.run(until: 2.0)
        frames.append(app.render(scale: 0.5))
        #expect(wall.presentedViewController == nil)
        #expect(wall.view.window != nil)
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/blur-dimming-sheet-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }

    @Test func cardStackSnapsBackAndThrows() {
        let vc = CardStackViewController()
        let app = AppDriver(rootViewController: vc)
        let center = vc.stackCenter
        #expect(center == CGPoint(x: 196.5, y: 852 / 2 - 30))
        #expect(vc.cards.count == 4)
        guard let first = vc.cards.last, vc.cards.count == 4 else { return }
        let second = vc.cards[2]
        // A slow drag (250 pt/s), grabbed below and right of the centre: the card follows the
        // finger, turning about the grab point, and snaps back when let go.
        let grab = CGPoint(x: center.x + 50, y: center.y + 70)
        app.at(0.1) { app.drag(from: grab, to: CGPoint(x: grab.x + 90, y: grab.y + 120), duration: 0.6) }
        // A throw (2100 pt/s to the left, lifted inside the screen): the card flies off, is
        // removed once it has left the screen, and the next card moves up.
        app.at(1.8) { app.drag(from: grab, to: CGPoint(x: grab.x - 210, y: grab.y + 30), duration: 0.1) }
        var frames: [RenderedImage] = []
        var dragged = CGPoint.zero
        for t in [0.5, 0.85, 1.7, 1.95, 2.5] {
            app.run(until: t)
            if t == 0.5 { dragged = first.center }
            if t == 1.7 {
                // Back on the stack, upright.
                #expect(hypot(first.center.x - center.x, first.center.y - center.y) < 1)
                #expect(abs(atan2(first.transform.b, first.transform.a)) < 0.02)
                #expect(vc.snappedCount == 1 && vc.thrownCount == 0)
            }
            frames.append(app.render(scale: 0.5))
        }
        app.runScript()
        // Mid-drag the card had moved with the finger (about 2/3 of the way, 60 and 80 pt).
        #expect(dragged.x > center.x + 40 && dragged.y > center.y + 55)
        #expect(vc.releaseVelocity.x < -1500)
        #expect(vc.thrownCount == 1)
        #expect(first.superview == nil)
        #expect(vc.cards.count == 3 && vc.cards.last === second)
        #expect(second.center == center && second.transform == .identity)
        #expect(second.isUserInteractionEnabled)
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/card-stack-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }
}
