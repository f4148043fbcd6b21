import Foundation
import Testing
import TestSupport
@testable import FlipbookCatalog
import Flipbook

/// Seed 002's transcription, the steps FeedZoomFlowTests leaves out, each against its closed
/// form: the zoom from a scrolled grid (the cell's frame converted to the collection view's
/// superview, the spring from its first frame), the pan's early returns, the progress the
/// seed logs, the 0.2 threshold on either side, the ease-out back after an early release, the
/// dismissal's spring into the cell of the video on screen, the 5 × 5 centre rect when that
/// cell is off screen, and that none of it reports a diagnostic.
@MainActor
@Suite(.freshRuntime) struct FeedZoomSeedStepTests {
    static let screen = CGSize(width: 393, height: 852)
    static let centre = CGPoint(x: 196.5, y: 426)

    func makeGrid() -> (AppDriver, AwemeGridViewController) {
        let grid = AwemeGridViewController()
        let driver = AppDriver(rootViewController: grid, device: .iPhone15)
        driver.window.layoutIfNeeded()
        return (driver, grid)
    }

    func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-3) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance
            && abs(a.height - b.height) < tolerance
    }

    /// Presents the player from `item` and lets the zoom end.
    func present(_ driver: AppDriver, _ grid: AwemeGridViewController, item: Int) throws -> AwemeListViewController {
        let cv = try #require(grid.collectionView)
        grid.collectionView(cv, didSelectItemAt: IndexPath(item: item, section: 0))
        driver.advance(by: 0.6)
        return try #require(grid.presentedViewController as? AwemeListViewController)
    }

    /// A finger down at `down`, moved by `translation` in ten frames; the result is still down.
    func drag(_ driver: AppDriver, from down: CGPoint, by translation: CGPoint) -> SyntheticTouch {
        let touch = driver.touchDown(at: down)
        driver.advanceFrames(1)
        for i in 1...10 {
            let f = CGFloat(i) / 10
            touch.move(to: CGPoint(x: down.x + translation.x * f, y: down.y + translation.y * f))
            driver.advanceFrames(1)
        }
        return touch
    }

    /// Steps 2–4 on a scrolled grid: the cell's frame is in content coordinates, the animator
    /// gets it converted (content offset subtracted), and the zoom starts from there: at fixed
    /// times the frame follows the spring (0.3 s, damping 0.8, velocity 1) from that rect.
    @Test func zoomFromAScrolledGridStartsAtTheConvertedFrame() throws {
        let (driver, grid) = makeGrid()
        let cv = try #require(grid.collectionView)
        cv.contentOffset = CGPoint(x: 0, y: 400)
        driver.advanceFrames(1)
        let path = IndexPath(item: 10, section: 0)
        let cell = try #require(cv.cellForItem(at: path))
        let cellFrame = cell.frame
        let converted = cv.convert(cellFrame, to: cv.superview)
        // Item 10: row 3, column 1 (130 × 173 covers, lines 1 pt apart, columns 131.5 apart).
        #expect(cellFrame == CGRect(x: 131.5, y: 3 * 174, width: 130, height: 173))
        #expect(converted == cellFrame.offsetBy(dx: 0, dy: -400))
        grid.collectionView(cv, didSelectItemAt: path)
        #expect(grid.presentScaleAnimation.cellConvertFrame == converted)
        #expect(grid.dismissScaleAnimation.finalCellFrame == converted)
        #expect(grid.dismissScaleAnimation.originCellFrame == cellFrame)

        driver.advanceFrames(1)
        let player = try #require(grid.presentedViewController as? AwemeListViewController)
        let layer = player.view.layer
        let begin = try #require(layer.animation(forKey: "position")).beginTime
        let curve = SpringCurve.uikit(duration: 0.3, dampingRatio: 0.8, initialVelocity: 1)
        let c0 = CGPoint(x: converted.midX, y: converted.midY)
        let s0 = CGSize(width: converted.width / Self.screen.width, height: converted.height / Self.screen.height)
        for t in [0.03, 0.08, 0.15, 0.25] {
            MediaClock.main.advance(by: begin + t - MediaClock.main.now)
            let x = CGFloat(curve.value(at: t))
            let w = Self.screen.width * (s0.width + (1 - s0.width) * x)
            let h = Self.screen.height * (s0.height + (1 - s0.height) * x)
            let cx = c0.x + (Self.centre.x - c0.x) * x, cy = c0.y + (Self.centre.y - c0.y) * x
            let expected = CGRect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
            let shown = try #require(layer.presentation()).frame
            #expect(near(shown, expected), "t = \(t): \(shown) vs \(expected)")
        }
    }

    /// The pan's early returns: a drag that starts leftwards, or mostly downwards, moves nothing.
    @Test func leftwardAndMostlyVerticalDragsAreIgnored() throws {
        let (driver, grid) = makeGrid()
        let player = try present(driver, grid, item: 4)
        let interaction = try #require(grid.leftDragInteractiveTransition)
        for translation in [CGPoint(x: -80, y: 0), CGPoint(x: 20, y: 60)] {
            let touch = drag(driver, from: CGPoint(x: 200, y: 300), by: translation)
            #expect(!interaction.isInteracting, "\(translation)")
            #expect(player.view.transform == .identity && player.view.layer.mask == nil, "\(translation)")
            touch.lift()
            driver.advance(by: 1)
        }
        #expect(grid.presentedViewController === player)
        #expect(!interaction.log.contains { $0 == "转场完成" || $0 == "转场取消" })
    }

    /// The progress the seed passes to update (and logs with "%.2f") is translation.x over the
    /// screen width; released at 0.19 it cancels, at 0.21 it finishes.
    @Test func thresholdOnEitherSideOfPointTwo() throws {
        let (driver, grid) = makeGrid()
        let player = try present(driver, grid, item: 4)
        let interaction = try #require(grid.leftDragInteractiveTransition)
        let below = drag(driver, from: CGPoint(x: 40, y: 400), by: CGPoint(x: 0.19 * 393, y: 0))
        #expect(interaction.log.last == "0.19")
        below.lift()
        driver.advance(by: 0.5)
        #expect(interaction.log.last == "转场取消")
        #expect(grid.presentedViewController === player)

        let above = drag(driver, from: CGPoint(x: 40, y: 400), by: CGPoint(x: 0.21 * 393, y: 0))
        #expect(interaction.log.last == "0.21")
        above.lift()
        #expect(interaction.log.last == "转场完成")
        driver.advance(by: 0.6)
        #expect(grid.presentedViewController == nil)
    }

    /// Released under 0.2 the player eases back (ease-out, `progress` seconds) from where the
    /// finger left it to the screen's centre, scale 1.
    @Test func earlyReleaseEasesBackOverProgressSeconds() throws {
        let (driver, grid) = makeGrid()
        let player = try present(driver, grid, item: 4)
        let translation = CGPoint(x: 0.15 * 393, y: 20)
        let touch = drag(driver, from: CGPoint(x: 40, y: 400), by: translation)
        let progress = CGFloat(Float(translation.x / 393))
        let ratio = 1 - progress / 2
        let c0 = CGPoint(x: Self.centre.x + translation.x * ratio, y: Self.centre.y + translation.y * ratio)
        #expect(abs(player.view.center.x - c0.x) < 1e-4 && abs(player.view.center.y - c0.y) < 1e-4)
        touch.lift()
        driver.advanceFrames(1)
        let layer = player.view.layer
        let animation = try #require(layer.animation(forKey: "position"))
        #expect(abs(animation.duration - Double(progress)) < 1e-9)
        let begin = animation.beginTime
        let ease = UnitBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)
        for f in [0.25, 0.5, 0.75] {
            MediaClock.main.advance(by: begin + f * Double(progress) - MediaClock.main.now)
            let y = CGFloat(ease.solve(f))
            let shown = try #require(layer.presentation())
            let expected = CGPoint(x: c0.x + (Self.centre.x - c0.x) * y, y: c0.y + (Self.centre.y - c0.y) * y)
            let scale = ratio + (1 - ratio) * y
            #expect(abs(shown.position.x - expected.x) < 1e-3 && abs(shown.position.y - expected.y) < 1e-3, "f = \(f)")
            #expect(abs(shown.transform.m11 - scale) < 1e-4, "f = \(f): \(shown.transform.m11) vs \(scale)")
        }
        driver.advance(by: 0.3)
        #expect(player.view.center == Self.centre && player.view.transform == .identity)
    }

    /// Released past 0.2 the player is dismissed: a snapshot of the cell of the video on screen
    /// (the next one, after a page), blown up to the player's shrunk width where the player is,
    /// springs (0.25 s, damping 0.8, velocity 0.2) into that cell's frame in screen coordinates.
    /// The seed's completion calls finishInteractiveTransition() on this non-interactive
    /// transition: nothing is reported (docs/Semantics.md).
    @Test func dismissalSpringsIntoTheCurrentCell() throws {
        let (driver, grid) = makeGrid()
        let cv = try #require(grid.collectionView)
        let player = try present(driver, grid, item: 4)
        player.tableView.contentOffset = CGPoint(x: 0, y: 5 * 852)
        driver.advanceFrames(1)
        #expect(player.currentIndex == 5)
        let cell5 = try #require(cv.cellForItem(at: IndexPath(item: 5, section: 0)))
        let target = cv.convert(cell5.frame, to: cv.superview)

        var reports: [String] = []
        reports += FlipbookDiagnostics.capture {
            let touch = drag(driver, from: CGPoint(x: 40, y: 400), by: CGPoint(x: 0.4 * 393, y: 30))
            let c0 = player.view.center
            let playerWidth = player.view.frame.width
            touch.lift()
            driver.advanceFrames(1)
            #expect(grid.dismissScaleAnimation.selectCell === cell5)
            #expect(grid.dismissScaleAnimation.finalCellFrame == target)
            guard let container = player.view.superview,
                let snapshot = container.subviews.first(where: { $0.layer.zPosition == 20 }),
                let begin = snapshot.layer.animation(forKey: "position")?.beginTime
            else {
                Issue.record("no dismissal snapshot")
                return
            }
            #expect(player.view.alpha == 0)
            #expect(snapshot.frame == target)  // the model value: where it ends
            let curve = SpringCurve.uikit(duration: 0.25, dampingRatio: 0.8, initialVelocity: 0.2)
            let s0 = playerWidth / 130
            let c1 = CGPoint(x: target.midX, y: target.midY)
            for t in [0.03, 0.06, 0.12, 0.2] {
                MediaClock.main.advance(by: begin + t - MediaClock.main.now)
                let x = CGFloat(curve.value(at: t))
                let s = s0 + (1 - s0) * x
                let cx = c0.x + (c1.x - c0.x) * x, cy = c0.y + (c1.y - c0.y) * x
                let expected = CGRect(x: cx - 65 * s, y: cy - 86.5 * s, width: 130 * s, height: 173 * s)
                let shown = snapshot.layer.presentation()?.frame ?? .null
                #expect(near(shown, expected), "t = \(t): \(shown) vs \(expected)")
            }
            driver.advance(by: 0.5)
        }
        #expect(grid.presentedViewController == nil && snapshot(in: grid) == nil)
        #expect(reports.isEmpty, "\(reports)")
    }

    /// When the video on screen has no visible cell in the grid, a snapshot of the player
    /// itself shrinks into the 5 × 5 rect at the centre of the screen.
    @Test func dismissalWithTheCellOffScreenShrinksIntoTheCentreRect() throws {
        let (driver, grid) = makeGrid()
        let cv = try #require(grid.collectionView)
        let player = try present(driver, grid, item: 4)
        player.tableView.contentOffset = CGPoint(x: 0, y: 40 * 852)
        driver.advanceFrames(1)
        #expect(player.currentIndex == 40)
        #expect(cv.cellForItem(at: IndexPath(item: 40, section: 0)) == nil)
        let centreRect = CGRect(x: 194, y: 423.5, width: 5, height: 5)
        #expect(grid.dismissScaleAnimation.centerFrame == centreRect)

        let reports = FlipbookDiagnostics.capture {
            player.dismiss(animated: true)
            driver.advanceFrames(1)
        }
        #expect(grid.dismissScaleAnimation.selectCell == nil)
        let container = try #require(player.view.superview)
        let snapshot = try #require(container.subviews.last)
        #expect(snapshot !== player.view && snapshot.frame == centreRect)
        let begin = try #require(snapshot.layer.animation(forKey: "bounds")?.beginTime ?? snapshot.layer.animation(forKey: "bounds.size")?.beginTime)
        let curve = SpringCurve.uikit(duration: 0.25, dampingRatio: 0.8, initialVelocity: 0.2)
        for t in [0.03, 0.08, 0.15] {
            MediaClock.main.advance(by: begin + t - MediaClock.main.now)
            let x = CGFloat(curve.value(at: t))
            let w = 393 + (5 - 393) * x, h = 852 + (5 - 852) * x
            let expected = CGRect(x: Self.centre.x - w / 2, y: Self.centre.y - h / 2, width: w, height: h)
            let shown = snapshot.layer.presentation()?.frame ?? .null
            #expect(near(shown, expected), "t = \(t): \(shown) vs \(expected)")
        }
        let late = FlipbookDiagnostics.capture { driver.advance(by: 0.5) }
        #expect(grid.presentedViewController == nil)
        #expect((reports + late).isEmpty, "\(reports + late)")
    }

    private func snapshot(in grid: AwemeGridViewController) -> UIView? {
        grid.view.window?.subviews.flatMap(\.subviews).first { $0.layer.zPosition == 20 }
    }
}
