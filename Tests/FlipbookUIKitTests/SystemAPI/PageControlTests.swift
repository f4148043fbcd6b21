import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// UIPageControl: its size, its drawing, and taps and drags that change the page (an image
/// slideshow library's page indicator).
@Suite(.freshRuntime) @MainActor struct PageControlTests {
    @Test func sizeFollowsThePageCount() {
        let control = UIPageControl()
        #expect(control.numberOfPages == 0 && control.currentPage == 0)
        #expect(control.size(forNumberOfPages: 0) == CGSize(width: 0, height: 26))
        // 7-point dots 9 points apart, 8 points at each end.
        #expect(control.size(forNumberOfPages: 1) == CGSize(width: 23, height: 26))
        #expect(control.size(forNumberOfPages: 3) == CGSize(width: 55, height: 26))
        control.numberOfPages = 5
        #expect(control.intrinsicContentSize == CGSize(width: 87, height: 26))
        #expect(control.sizeThatFits(.zero) == control.intrinsicContentSize)
        control.preferredIndicatorImage = UIImage(systemName: "circle.fill")
        #expect(control.indicatorImage(forPage: 2) === control.preferredIndicatorImage)
        let star = UIImage(systemName: "star.fill")
        control.setIndicatorImage(star, forPage: 4)
        #expect(control.indicatorImage(forPage: 4) === star)
        control.setIndicatorImage(nil, forPage: 4)
        #expect(control.indicatorImage(forPage: 4) === control.preferredIndicatorImage)
        let reports = FlipbookDiagnostics.capture { control.setIndicatorImage(star, forPage: 9) }
        #expect(reports.count == 1)
    }

    @Test func currentPageStaysInRange() {
        let control = UIPageControl()
        var sent = 0
        control.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        control.numberOfPages = 4
        control.currentPage = 3
        #expect(control.currentPage == 3)
        control.currentPage = 10
        #expect(control.currentPage == 3)
        control.currentPage = -2
        #expect(control.currentPage == 0)
        control.currentPage = 3
        control.numberOfPages = 2
        #expect(control.currentPage == 1)
        #expect(sent == 0)                                     // setting the page sends nothing
        let reports = FlipbookDiagnostics.capture { control.numberOfPages = -1 }
        #expect(reports.count == 1 && control.numberOfPages == 0 && control.currentPage == 0)
        #expect(control.backgroundStyle == .automatic && control.allowsContinuousInteraction)
        #expect(control.interactionState == .none && !control.hidesForSinglePage)
        #expect(control.pageIndicatorTintColor == nil && control.currentPageIndicatorTintColor == nil)
    }

    @Test func tapsMoveOnePageAndSendValueChanged() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let control = UIPageControl(frame: CGRect(x: 40, y: 200, width: 200, height: 30))
        control.numberOfPages = 3
        root.view.addSubview(control)
        var pages: [Int] = []
        var states: [UIPageControl.InteractionState] = []
        control.addAction(UIAction { _ in pages.append(control.currentPage); states.append(control.interactionState) }, for: .valueChanged)
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 200, y: 215))                  // right half: forward
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 230, y: 215))
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 230, y: 215))                  // already on the last page
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 60, y: 215))                   // left half: back
        app.advanceFrames(1)
        #expect(pages == [1, 2, 1])
        #expect(states == [.discrete, .discrete, .discrete])
        #expect(control.interactionState == .none)
    }

    @Test func aDragMovesToThePageUnderTheFinger() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let control = UIPageControl(frame: CGRect(x: 0, y: 200, width: 200, height: 30))
        control.numberOfPages = 5
        root.view.addSubview(control)
        var pages: [Int] = []
        control.addAction(UIAction { _ in pages.append(control.currentPage) }, for: .valueChanged)
        app.advanceFrames(1)
        // The dots' centres: the row is 71 wide, centred at 100: 68, 84, 100, 116, 132.
        let finger = app.touchDown(at: CGPoint(x: 68, y: 215))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 85, y: 215))
        app.advanceFrames(1)
        #expect(control.interactionState == .continuous)
        finger.move(to: CGPoint(x: 131, y: 215))
        app.advanceFrames(1)
        finger.lift()
        app.advanceFrames(1)
        #expect(pages == [1, 4])
        #expect(control.currentPage == 4 && control.interactionState == .none)
        // Without continuous interaction a drag is a tap where it lifts.
        control.allowsContinuousInteraction = false
        let second = app.touchDown(at: CGPoint(x: 130, y: 215))
        app.advanceFrames(1)
        second.move(to: CGPoint(x: 60, y: 215))
        app.advanceFrames(1)
        second.lift()
        app.advanceFrames(1)
        #expect(pages == [1, 4, 3])
    }

    @Test func hidesForSinglePageHidesTheIndicators() {
        let control = UIPageControl(frame: CGRect(x: 0, y: 0, width: 100, height: 26))
        control.numberOfPages = 1
        control.layoutIfNeeded()
        let visible = { control.subviews.filter { !$0.isHidden && $0.bounds.width == 7 }.count }
        #expect(visible() == 1)
        control.hidesForSinglePage = true
        control.layoutIfNeeded()
        #expect(visible() == 0)
        control.numberOfPages = 2
        control.layoutIfNeeded()
        #expect(visible() == 2)
    }

    @Test func drawsCentredDotsInTheirColours() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        container.backgroundColor = .black
        let control = UIPageControl(frame: container.bounds)
        control.numberOfPages = 4
        control.currentPage = 1
        container.addSubview(control)
        let plain = UIPageControl(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        plain.numberOfPages = 4
        plain.currentPage = 1
        plain.pageIndicatorTintColor = .systemGray
        plain.currentPageIndicatorTintColor = .systemRed
        plain.backgroundStyle = .prominent
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        stack.backgroundColor = .white
        container.frame.origin = .zero
        stack.addSubview(container)
        plain.frame.origin.y = 40
        stack.addSubview(plain)
        stack.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(stack.layer)
        // Four dots, a 55-point row centred at 60: dot centres at 36, 52, 68, 84, y 20.
        let current = image.pixel(x: 2 * 52 + 1, y: 2 * 20)
        #expect(current.r == 255 && current.g == 255 && current.b == 255)
        let other = image.pixel(x: 2 * 36 + 1, y: 2 * 20)
        #expect(other.r > 60 && other.r < 100)                // white at 30% over black
        let gap = image.pixel(x: 2 * 44, y: 2 * 20)
        #expect(gap.r == 0)
        let red = image.pixel(x: 2 * 52 + 1, y: 2 * 60)
        #expect(red.r > 200 && red.g < 80)
        // The prominent style's background darkens the white around the dots, not beyond them.
        let platter = image.pixel(x: 2 * 44, y: 2 * 60)
        #expect(platter.r < 230 && platter.r > 150)
        let outside = image.pixel(x: 2 * 10, y: 2 * 60)
        #expect(outside.r == 255)
        GoldenImage.assert(image, named: "PageControlTests/default-and-tinted", tolerance: .init(channel: 2, pixelFraction: 0))
    }
}
