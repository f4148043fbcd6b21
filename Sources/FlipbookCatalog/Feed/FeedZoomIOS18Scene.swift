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
/// and follows the current item. Times are seconds after the script starts.
public final class FeedZoomIOS18Scene: AppScene {
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
    /// The item tapped, once tapped.
    private(set) var tappedIndex: Int?

    public init(size: CGSize) {
        grid = AwemeGridViewController(usesZoomTransition: true)
        driver = AppDriver(rootViewController: grid, device: .fitting(size))
    }

    public func script(_ s: SceneScript) {
        let start = s.start
        driver.window.layoutIfNeeded()
        for stroke in [Self.fling, Self.pageSwipe, Self.shortDrag, Self.longDrag] {
            FeedZoomScene.schedule(stroke, from: start, on: driver)
        }
        driver.at(start + Self.tapTime) { [weak self] in
            guard let self else { return }
            tappedIndex = FeedZoomScene.tapMiddleCover(of: grid, on: driver)
        }
    }
}
