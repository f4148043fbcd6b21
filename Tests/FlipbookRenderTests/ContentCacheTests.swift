import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

@MainActor
@Suite(.cleanClock) struct ContentCacheTests {
    /// Moving, rotating and fading a layer reuses its bitmap; changing its colour redraws it.
    @Test func contentIsRedrawnOnlyWhenItChanges() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 40, height: 40), red, in: root)
        withoutActions { l.cornerRadius = 8 }
        let r = LayerRenderer(scale: 1)
        var counts: [Int] = []
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.position = CGPoint(x: 60, y: 60) }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions {
            l.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
            l.opacity = 0.5
        }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.backgroundColor = blue }
        _ = r.render(root); counts.append(r.contentRasterizations)
        #expect(counts == [1, 1, 1, 2])
    }

    /// An image over a background: the background bitmap and the image's texture are cached
    /// apart, so resizing redraws only the background and swapping the image makes only a texture.
    @Test func imageAndBackgroundAreCachedApart() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 40, height: 40), blue, in: root)
        withoutActions {
            l.contents = TestScene.landscape()
            l.contentsGravity = .resizeAspect
        }
        let r = LayerRenderer(scale: 2)
        var counts: [Int] = []
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.position = CGPoint(x: 50, y: 60) }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.bounds = CGRect(x: 0, y: 0, width: 60, height: 30) }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.contents = TestScene.checkerboard() }
        _ = r.render(root); counts.append(r.contentRasterizations)
        #expect(counts == [2, 2, 3, 4])
    }
}
