import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

@MainActor
@Suite(.freshRuntime) struct ContentCacheTests {
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
    /// A plain background shifted by its bounds' origin (a scroll view's content offset) keeps
    /// one bitmap, drawn where the layer is, the same pixels as a renderer that draws it fresh;
    /// a rounded background's bitmap depends on where its shape lies in the bounds, so it is
    /// still drawn per origin.
    @Test func scrolledPlainBackgroundKeepsItsBitmap() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let scroller = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), blue, in: root)
        let child = makeLayer(CGRect(x: 10, y: 30, width: 40, height: 40), red, in: scroller)
        _ = child
        let r = LayerRenderer(scale: 2)
        var counts: [Int] = []
        for offset in [0.0, 7.25, 13.5, 40] {
            withoutActions { scroller.bounds.origin = CGPoint(x: 0, y: offset) }
            let image = r.render(root)
            counts.append(r.contentRasterizations)
            #expect(image.premultipliedPixels == LayerRenderer(scale: 2).render(root).premultipliedPixels)
        }
        #expect(counts == [2, 2, 2, 2])
        withoutActions { scroller.cornerRadius = 10 }
        _ = r.render(root)
        withoutActions { scroller.bounds.origin = CGPoint(x: 0, y: 3) }
        _ = r.render(root)
        #expect(r.contentRasterizations == 4)
    }
}
