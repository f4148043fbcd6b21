import Foundation
import Testing
import TestSupport
@testable import FlipbookCatalog
import Flipbook

/// Seed 002's transcription checked step by step against the seed: the selection's steps 0–9,
/// the presented frame at fixed times of the zoom (spring, damping 0.8, velocity 1, 0.3 s),
/// the scale and centre at fixed pan translations (ratio 1 − progress/2), the 0.2 threshold,
/// and the dismissal into the cell.
@MainActor
@Suite(.freshRuntime) struct FeedZoomFlowTests {
    func makeGrid() -> (AppDriver, AwemeGridViewController) {
        let grid = AwemeGridViewController()
        let driver = AppDriver(rootViewController: grid, device: .iPhone15)
        driver.window.layoutIfNeeded()
        return (driver, grid)
    }

    @Test func gridLaysOutThreeColumnsOfCovers() {
        let (_, grid) = makeGrid()
        let cv = grid.collectionView!
        // 393 wide: 130-pt covers, 173 tall, gaps of 1.5 (the spare shared by two gaps).
        #expect(AwemeGridViewController.itemSize(forWidth: 393) == CGSize(width: 130, height: 173))
        let frame = cv.cellForItem(at: IndexPath(item: 4, section: 0))?.frame
        #expect(frame == CGRect(x: 131.5, y: 174, width: 130, height: 173))
        #expect(cv.visibleCells.count >= 15)
    }

    /// Steps 0–9 of didSelectItemAt, then the zoom sampled against the spring's closed form.
    @Test func selectionStepsAndTheZoomFollowTheSeed() throws {
        let (driver, grid) = makeGrid()
        let cv = grid.collectionView!
        let path = IndexPath(item: 4, section: 0)
        let cell = try #require(cv.cellForItem(at: path))
        let cellFrame = cell.frame
        let converted = cv.convert(cellFrame, to: cv.superview)
        grid.collectionView(cv, didSelectItemAt: path)
        let player = try #require(grid.presentedViewController as? AwemeListViewController)
        #expect(player.transitioningDelegate === grid)  // 0
        #expect(grid.presentScaleAnimation.cellConvertFrame == converted)  // 1–4
        #expect(grid.dismissScaleAnimation.selectCell === cell)  // 5
        #expect(grid.dismissScaleAnimation.originCellFrame == cellFrame)  // 6
        #expect(grid.dismissScaleAnimation.finalCellFrame == converted)  // 7
        #expect(player.modalPresentationStyle == .overCurrentContext)  // 8
        #expect(grid.modalPresentationStyle == .currentContext)  // 9
        #expect(player.startIndex == 4)

        driver.advanceFrames(1)
        let layer = player.view.layer
        let animation = try #require(layer.animation(forKey: "position"))
        let begin = animation.beginTime
        let curve = SpringCurve.uikit(duration: 0.3, dampingRatio: 0.8, initialVelocity: 1)
        let screen = CGSize(width: 393, height: 852)
        let c0 = CGPoint(x: converted.midX, y: converted.midY)
        let c1 = CGPoint(x: screen.width / 2, y: screen.height / 2)
        let s0 = CGSize(width: converted.width / screen.width, height: converted.height / screen.height)
        for t in [0.05, 0.1, 0.2] {
            MediaClock.main.advance(by: begin + t - MediaClock.main.now)
            let x = CGFloat(curve.value(at: t))
            let center = CGPoint(x: c0.x + (c1.x - c0.x) * x, y: c0.y + (c1.y - c0.y) * x)
            let scale = CGSize(width: s0.width + (1 - s0.width) * x, height: s0.height + (1 - s0.height) * x)
            let expected = CGRect(
                x: center.x - screen.width * scale.width / 2, y: center.y - screen.height * scale.height / 2,
                width: screen.width * scale.width, height: screen.height * scale.height)
            let shown = try #require(layer.presentation()).frame
            let close = abs(shown.minX - expected.minX) < 1e-3 && abs(shown.minY - expected.minY) < 1e-3
                && abs(shown.width - expected.width) < 1e-3 && abs(shown.height - expected.height) < 1e-3
            #expect(close, "t = \(t): \(shown) vs \(expected)")
        }
        driver.advance(by: 0.5)
        #expect(player.view.frame == CGRect(origin: .zero, size: screen))
        // The player opened at the tapped video.
        #expect(player.currentIndex == 4)
    }

    /// A rightward drag moves and shrinks the player with the finger (ratio 1 − progress/2);
    /// released under 0.2 it eases back and cancels; released past it, the player shrinks
    /// into the cell and is dismissed.
    @Test func panFollowsTheSeedAndTheThresholdDecides() throws {
        let (driver, grid) = makeGrid()
        let cv = grid.collectionView!
        grid.collectionView(cv, didSelectItemAt: IndexPath(item: 4, section: 0))
        driver.advance(by: 0.6)
        let player = try #require(grid.presentedViewController as? AwemeListViewController)
        let interaction = grid.leftDragInteractiveTransition!
        let w: CGFloat = 393, h: CGFloat = 852
        let down = CGPoint(x: 60, y: 400)
        func drag(to translation: CGPoint, lift: Bool) -> SyntheticTouch? {
            let touch = driver.touchDown(at: down)
            driver.advanceFrames(1)
            for i in 1...10 {
                let f = CGFloat(i) / 10
                touch.move(to: CGPoint(x: down.x + translation.x * f, y: down.y + translation.y * f))
                driver.advanceFrames(1)
            }
            if lift {
                touch.lift()
                driver.advanceFrames(1)
                return nil
            }
            return touch
        }
        // Mid-drag at 0.1 and 0.5 of the width.
        for fraction: CGFloat in [0.1, 0.5] {
            let t = CGPoint(x: w * fraction, y: 12)
            let touch = try #require(drag(to: t, lift: false))
            let ratio = 1 - fraction / 2
            let view = player.view!
            #expect(interaction.isInteracting)
            #expect(view.layer.mask != nil)
            // The seed clamps progress with fminf/fmaxf (Float): agreement to Float precision.
            #expect(abs(view.transform.a - ratio) < 1e-6 && abs(view.transform.d - ratio) < 1e-6)
            #expect(abs(view.center.x - (w / 2 + t.x * ratio)) < 1e-5)
            #expect(abs(view.center.y - (h / 2 + t.y * ratio)) < 1e-5)
            touch.cancel()
            driver.advance(by: 0.6)
            if grid.presentedViewController == nil { break }
        }
        // The 0.5 drag was cancelled by the system, not released: cancelled also finishes past 0.2.
        #expect(grid.presentedViewController == nil)
        #expect(interaction.log.contains("转场完成"))
    }

    @Test func aShortDragSpringsBackAndALongOneDismissesIntoTheCell() throws {
        let (driver, grid) = makeGrid()
        let cv = grid.collectionView!
        grid.collectionView(cv, didSelectItemAt: IndexPath(item: 4, section: 0))
        driver.advance(by: 0.6)
        let player = try #require(grid.presentedViewController as? AwemeListViewController)
        let interaction = grid.leftDragInteractiveTransition!
        driver.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 60 + 393 * 0.15, y: 405), duration: 0.2)
        driver.advance(by: 0.5)
        #expect(interaction.log.last == "转场取消")
        #expect(grid.presentedViewController === player)
        #expect(player.view.center == CGPoint(x: 196.5, y: 426))
        #expect(player.view.transform == .identity)
        #expect(!interaction.isInteracting)

        driver.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 60 + 393 * 0.3, y: 405), duration: 0.2)
        #expect(interaction.log.last == "转场完成")
        driver.advance(by: 0.6)
        #expect(grid.presentedViewController == nil)
        #expect(player.view.window == nil)
    }
}
