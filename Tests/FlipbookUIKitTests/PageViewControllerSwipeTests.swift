import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A scroll-style page controller turns its pages with a swipe that they follow, as UIKit's
/// paging scroll view does: past half way or flicked it turns, else it goes back; the delegate
/// hears `willTransitionTo` when the next page starts to show and `didFinishAnimating` with
/// whether the turn completed (docs/Semantics.md, "Page view controllers").
@MainActor
@Suite(.freshRuntime) struct PageViewControllerSwipeTests {
    final class Book: NSObject, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let pages: [UIViewController]
        var events: [String] = []
        init(count: Int) {
            pages = (0..<count).map { i in
                let page = UIViewController()
                page.title = "\(i)"
                return page
            }
        }
        private func index(_ page: UIViewController) -> Int? { pages.firstIndex { $0 === page } }
        func pageViewController(_ p: UIPageViewController, viewControllerBefore page: UIViewController) -> UIViewController? {
            guard let i = index(page), i > 0 else { return nil }
            return pages[i - 1]
        }
        func pageViewController(_ p: UIPageViewController, viewControllerAfter page: UIViewController) -> UIViewController? {
            guard let i = index(page), i + 1 < pages.count else { return nil }
            return pages[i + 1]
        }
        func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) {
            events.append("will \(pending.first?.title ?? "?")")
        }
        func pageViewController(
            _ p: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
            transitionCompleted completed: Bool
        ) {
            events.append("did \(completed ? "turn" : "stay") from \(previousViewControllers.first?.title ?? "?")")
        }
    }

    @Test func aSwipeTurnsThePageFollowingTheFingerOrGoesBack() {
        let book = Book(count: 3)
        let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pager.dataSource = book
        pager.delegate = book
        pager.setViewControllers([book.pages[0]], direction: .forward, animated: false)
        let app = AppDriver(rootViewController: pager, device: .iPhone15)
        let width: CGFloat = 393, centre: CGFloat = 196.5

        // A slow drag of 100 pt: the next page follows beside the current one, then both go back.
        app.at(0.2) { app.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 200, y: 400), duration: 1) }
        app.run(until: 0.75)
        let following = book.pages[0].view.center.x
        #expect(following < centre - 30 && following > centre - 100)
        #expect(abs(book.pages[1].view.center.x - (following + width)) < 1e-6, "the next page is beside it")
        #expect(book.events == ["will 1"])
        app.run(until: 2)
        #expect(pager.viewControllers?.first === book.pages[0])
        #expect(book.pages[0].view.center.x == centre)
        #expect(book.pages[1].view.superview == nil && book.pages[1].parent == nil)
        #expect(book.events == ["will 1", "did stay from 0"])

        // A flick of 80 pt: the page turns.
        app.at(2.2) { app.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 220, y: 400), duration: 0.08) }
        app.run(until: 3)
        #expect(pager.viewControllers?.first === book.pages[1])
        #expect(book.pages[1].view.center.x == centre && book.pages[0].view.superview == nil)
        #expect(book.pages[1].parent === pager && book.pages[0].parent == nil)
        #expect(book.events == ["will 1", "did stay from 0", "will 1", "did turn from 0"])

        // Back to the first page past half way, slowly; then nothing before it: the page
        // follows with resistance and comes back, and the delegate hears nothing.
        app.at(3.2) { app.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 300, y: 400), duration: 1) }
        app.run(until: 4.8)
        #expect(pager.viewControllers?.first === book.pages[0])
        #expect(book.events.suffix(2) == ["will 0", "did turn from 1"])
        let count = book.events.count
        app.at(5) { app.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 250, y: 400), duration: 0.5) }
        app.run(until: 5.4)
        #expect(book.pages[0].view.center.x > centre && book.pages[0].view.center.x < centre + 100)
        app.run(until: 6.5)
        #expect(book.pages[0].view.center.x == centre && book.events.count == count)

        // A vertical drag is not a swipe.
        app.at(7) { app.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 190, y: 600), duration: 0.2) }
        app.run(until: 8)
        #expect(book.events.count == count && pager.viewControllers?.first === book.pages[0])
    }
}
