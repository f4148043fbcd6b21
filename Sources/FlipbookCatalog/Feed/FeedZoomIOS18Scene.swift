import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002's app on iOS 18's API, for `flipbook render feed-zoom-ios18`: the grid and player
/// of `feed-zoom`, with the zoom done by `preferredTransition = .zoom(sourceViewProvider:)`
/// instead of the seed's two animators and pan.
///
/// The grid is flung upwards and decelerates; the cover nearest the middle is tapped and the
/// player zooms out of it; a swipe up pages the player to the next video; a drag to the right
/// released early springs back (a cancelled interactive dismissal); a longer one dismisses the
/// player, which shrinks into the cover of the video it shows now: the provider is asked again
/// and follows the current item. Times are seconds after `start()`.
public final class FeedZoomIOS18Scene: RenderScene {
    public static let name = "feed-zoom-ios18"
    public static let summary =
        "Seed 002 on iOS 18's preferredTransition = .zoom: the player zooms out of a cover and is dragged back into the cover it paged to"

    public typealias Stroke = FeedZoomScene.Stroke

    /// The fling that scrolls the grid (as `feed-zoom`).
    public static let fling = FeedZoomScene.fling
    /// When the cover nearest the middle is tapped (after the fling's deceleration).
    public static let tapTime: CFTimeInterval = 4.2
    /// The swipe up in the player to the next video, after the zoom has settled.
    public static let pageSwipe = Stroke(start: 5.3, from: CGPoint(x: 0.5, y: 0.75), to: CGPoint(x: 0.5, y: 0.35), duration: 0.2)
    /// A drag to the right and a little down, released about 55 pt away: the player springs back.
    public static let shortDrag = Stroke(start: 6.4, from: CGPoint(x: 0.2, y: 0.45), to: CGPoint(x: 0.33, y: 0.47), duration: 0.35)
    /// A longer, faster drag: the dismissal finishes into the current video's cover.
    public static let longDrag = Stroke(start: 7.7, from: CGPoint(x: 0.2, y: 0.45), to: CGPoint(x: 0.62, y: 0.62), duration: 0.4)

    public let duration: CFTimeInterval = 9.2
    public let driver: AppDriver
    let grid: AwemeGridViewController
    private var startTime: CFTimeInterval?
    /// The item tapped, once tapped.
    private(set) var tappedIndex: Int?

    public init(size: CGSize) {
        grid = AwemeGridViewController(usesZoomTransition: true)
        driver = AppDriver(rootViewController: grid, device: FeedZoomScene.device(for: size))
    }

    public var rootLayer: CALayer { driver.window.layer }

    public func start() {
        let start = driver.time
        startTime = start
        driver.window.layoutIfNeeded()
        schedule(Self.fling, from: start)
        driver.at(start + Self.tapTime) { [weak self] in self?.tapMiddleCover() }
        schedule(Self.pageSwipe, from: start)
        schedule(Self.shortDrag, from: start)
        schedule(Self.longDrag, from: start)
    }

    /// Taps the visible cover nearest the middle of the screen.
    private func tapMiddleCover() {
        guard let collectionView = grid.collectionView else { return }
        let middle = CGPoint(x: collectionView.bounds.midX, y: collectionView.bounds.midY)
        let paths = collectionView.indexPathsForVisibleItems
        guard let path = paths.min(by: { a, b in
            let fa = collectionView.cellForItem(at: a)?.frame ?? .null
            let fb = collectionView.cellForItem(at: b)?.frame ?? .null
            return hypot(fa.midX - middle.x, fa.midY - middle.y) < hypot(fb.midX - middle.x, fb.midY - middle.y)
        }), let cell = collectionView.cellForItem(at: path) else { return }
        tappedIndex = path.item
        driver.tap(cell)
    }

    /// Schedules `stroke`'s touch: down, one move per clock frame, lift.
    private func schedule(_ stroke: Stroke, from start: CFTimeInterval) {
        let bounds = driver.window.bounds
        func point(_ p: CGPoint) -> CGPoint { CGPoint(x: bounds.width * p.x, y: bounds.height * p.y) }
        let down = point(stroke.from)
        let end = point(stroke.to)
        let frame = 1 / MediaClock.main.framesPerSecond
        let steps = max(Int((stroke.duration / frame).rounded()), 1)
        let t0 = start + stroke.start
        var touch: SyntheticTouch?
        driver.at(t0) { [weak self] in touch = self?.driver.touchDown(at: down) }
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            let p = CGPoint(x: down.x + (end.x - down.x) * f, y: down.y + (end.y - down.y) * f)
            driver.at(t0 + Double(i) * frame) { touch?.move(to: p) }
        }
        driver.at(t0 + Double(steps + 1) * frame) { touch?.lift() }
    }

    public func update(elapsed: CFTimeInterval) {
        guard let startTime, elapsed.isFinite else { return }
        driver.run(until: startTime + elapsed)
        driver.window.layoutIfNeeded()
    }
}
