import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookUIKit

/// Snapshots of a view taken while nothing in it changed share one picture (`SnapshotMemo`), so
/// an animator that cuts a screen into hundreds of resizable snapshot tiles draws it once.
@MainActor
@Suite(.freshRuntime) struct SnapshotSharingTests {
    func card() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        view.backgroundColor = .systemIndigo
        let badge = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        badge.backgroundColor = .systemYellow
        badge.layer.cornerRadius = 15
        view.addSubview(badge)
        return view
    }

    @Test func tilesOfAnUnchangedViewShareOnePictureEqualToAFreshDrawing() throws {
        let view = card()
        let whole = try #require(view.snapshotView(afterScreenUpdates: false))
        var tiles: [UIView] = []
        for y in stride(from: 0, to: 80, by: 10) {
            for x in stride(from: 0, to: 120, by: 10) {
                tiles.append(try #require(whole.resizableSnapshotView(from: CGRect(x: x, y: y, width: 10, height: 10),
                                                                       afterScreenUpdates: false, withCapInsets: .zero)))
            }
        }
        let images = try tiles.map { try #require($0.layer.contents as? CGImage) }
        #expect(images.count == 96)
        #expect(images.allSatisfy { $0 === images[0] }, "one picture for every tile")
        // The shared picture is the snapshot's own pixels, byte for byte a fresh full drawing.
        let fresh = try #require(LayerRenderer(scale: UIScreen.main.scale).renderCGImage(whole.layer))
        #expect(images[0].pixels == fresh.pixels)
        let direct = try #require(view.resizableSnapshotView(from: CGRect(x: 0, y: 0, width: 10, height: 10),
                                                              afterScreenUpdates: false, withCapInsets: .zero))
        let again = try #require(view.snapshotView(afterScreenUpdates: false))
        #expect((direct.layer.contents as? CGImage) === (again.layer.contents as? CGImage))
    }

    @Test func aChangeAnywhereInTheViewGivesANewPicture() throws {
        let view = card()
        let before = try #require(view.snapshotView(afterScreenUpdates: true)?.layer.contents as? CGImage)
        view.subviews[0].backgroundColor = .systemRed
        let after = try #require(view.snapshotView(afterScreenUpdates: true)?.layer.contents as? CGImage)
        #expect(before !== after)
        #expect(before.pixels != after.pixels)
        let fresh = try #require(LayerRenderer(scale: UIScreen.main.scale).renderCGImage(view.layer))
        #expect(after.pixels == fresh.pixels)
        // The first snapshot still shows what the view showed then.
        let scale = Int(UIScreen.main.scale)
        let i = ((20 * scale) * before.width + 20 * scale) * 4
        #expect(Array(before.pixels[i..<i + 4]) != Array(after.pixels[i..<i + 4]))
    }

    @Test func onlyTheLastFewViewsKeepARenderer() throws {
        let views = (0..<(SnapshotMemo.capacity + 3)).map { _ in card() }
        for v in views { _ = v.snapshotView(afterScreenUpdates: false) }
        let first = try #require(views[0].snapshotView(afterScreenUpdates: false)?.layer.contents as? CGImage)
        let second = try #require(views[0].snapshotView(afterScreenUpdates: false)?.layer.contents as? CGImage)
        #expect(first === second, "the view asked again is kept again")
        #expect(first.pixels == (views[1].snapshotView(afterScreenUpdates: false)?.layer.contents as? CGImage)?.pixels)
    }
}
