import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002 as a scene for `flipbook render feed-zoom`.
///
/// The grid of covers is flung upwards and decelerates; a cover near the middle of the screen
/// is tapped and the player zooms out of it; a swipe up pages the player to the next video; a
/// drag to the right released early springs back; a longer drag dismisses the player into the
/// cell of the video it shows. Every touch goes through the window, the scroll views' pans and
/// the seed's pan recognizer, as on a device. Times are seconds after `start()`.
public final class FeedZoomScene: AppScene {
    public static let name = "feed-zoom"
    public static let summary =
        "Seed 002: a Douyin-style grid; a cover zooms into a paging player that a rightward drag shrinks back into its cell"

    /// A scripted one-finger stroke: down at `from`, straight to `to` over `duration`, lifted
    /// one frame later.
    public struct Stroke: Sendable {
        public var start: CFTimeInterval
        /// Points as fractions of the screen's width and height.
        public var from: CGPoint
        public var to: CGPoint
        public var duration: CFTimeInterval
    }

    /// The fling that scrolls the grid.
    public static let fling = Stroke(start: 0.2, from: CGPoint(x: 0.5, y: 0.75), to: CGPoint(x: 0.5, y: 0.55), duration: 0.15)
    /// When a cover is tapped (the visible one nearest the middle of the screen): after the
    /// fling's deceleration has ended (about 3.5 s after its release), since a touch on a
    /// scroll view that is still moving only stops it, as on iOS.
    public static let tapTime: CFTimeInterval = 4.2
    /// The swipe up in the player to the next video.
    public static let pageSwipe = Stroke(start: 5.0, from: CGPoint(x: 0.5, y: 0.75), to: CGPoint(x: 0.5, y: 0.35), duration: 0.2)
    /// A drag to the right released at 12 % of the width: springs back.
    public static let shortDrag = Stroke(start: 6.1, from: CGPoint(x: 0.15, y: 0.5), to: CGPoint(x: 0.27, y: 0.52), duration: 0.3)
    /// A drag to the right released at 45 % of the width: dismisses into the cell.
    public static let longDrag = Stroke(start: 6.9, from: CGPoint(x: 0.15, y: 0.5), to: CGPoint(x: 0.6, y: 0.56), duration: 0.45)

    public let duration: CFTimeInterval = 8.2
    public let driver: AppDriver
    let grid: AwemeGridViewController
    /// The item tapped, once tapped.
    private(set) var tappedIndex: Int?

    public init(size: CGSize) {
        grid = AwemeGridViewController()
        driver = AppDriver(rootViewController: grid, device: .fitting(size))
    }

    public func script(_ s: SceneScript) {
        let start = s.start
        driver.window.layoutIfNeeded()
        for stroke in [Self.fling, Self.pageSwipe, Self.shortDrag, Self.longDrag] {
            Self.schedule(stroke, from: start, on: driver)
        }
        driver.at(start + Self.tapTime) { [weak self] in
            guard let self else { return }
            tappedIndex = Self.tapMiddleCover(of: grid, on: driver)
        }
    }

    /// Taps the visible cover nearest the middle of `grid`'s screen; returns its item.
    static func tapMiddleCover(of grid: AwemeGridViewController, on driver: AppDriver) -> Int? {
        guard let collectionView = grid.collectionView else { return nil }
        let middle = CGPoint(x: collectionView.bounds.midX, y: collectionView.bounds.midY)
        let paths = collectionView.indexPathsForVisibleItems
        guard let path = paths.min(by: { a, b in
            let fa = collectionView.cellForItem(at: a)?.frame ?? .null
            let fb = collectionView.cellForItem(at: b)?.frame ?? .null
            return hypot(fa.midX - middle.x, fa.midY - middle.y) < hypot(fb.midX - middle.x, fb.midY - middle.y)
        }), let cell = collectionView.cellForItem(at: path) else { return nil }
        driver.tap(cell)
        return path.item
    }

    /// Schedules `stroke`'s touch: down, one move per clock frame, lift.
    static func schedule(_ stroke: Stroke, from start: CFTimeInterval, on driver: AppDriver) {
        let bounds = driver.window.bounds
        func point(_ p: CGPoint) -> CGPoint { CGPoint(x: bounds.width * p.x, y: bounds.height * p.y) }
        let down = point(stroke.from)
        let end = point(stroke.to)
        let frame = 1 / MediaClock.main.framesPerSecond
        let steps = max(Int((stroke.duration / frame).rounded()), 1)
        let t0 = start + stroke.start
        var touch: SyntheticTouch?
        driver.at(t0) { [weak driver] in touch = driver?.touchDown(at: down) }
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            let p = CGPoint(x: down.x + (end.x - down.x) * f, y: down.y + (end.y - down.y) * f)
            driver.at(t0 + Double(i) * frame) { touch?.move(to: p) }
        }
        driver.at(t0 + Double(steps + 1) * frame) { touch?.lift() }
    }
}
