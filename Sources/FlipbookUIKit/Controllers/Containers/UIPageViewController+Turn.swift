import Foundation
import FlipbookQuartz

/// A page turn in flight: the pages leaving and arriving, and what to call when it ends.
@preconcurrency @MainActor
final class PageTurn {
    let old: UIViewController?
    let new: UIViewController
    let changesAppearance: Bool
    var completion: ((Bool) -> Void)?
    var token: MediaClockToken?

    init(old: UIViewController?, new: UIViewController, changesAppearance: Bool, completion: ((Bool) -> Void)?) {
        self.old = old
        self.new = new
        self.changesAppearance = changesAppearance
        self.completion = completion
    }
}

extension UIPageViewController {
    /// The animation key of the slide on each page's layer.
    static let slideAnimationKey = "flipbook.pageTurn"

    /// Replaces the visible page with `page`, sliding when animated in the scroll style.
    func show(
        _ page: UIViewController, direction: NavigationDirection, animated: Bool, completion: ((Bool) -> Void)?
    ) {
        finishRunningTurn()
        loadViewIfNeeded()
        let old = currentPage
        guard page !== old else {
            viewControllers = [page]
            completion?(true)
            return
        }
        if page.parent !== self { addChild(page) }

        // Appearance: pages change appearance only while the container is on screen.
        let changesAppearance = appearanceState == .appeared
        if changesAppearance {
            old?.beginAppearanceTransition(false, animated: animated)
            page.beginAppearanceTransition(true, animated: animated)
        } else if appearanceState == .appearing {
            // The container's own viewWillAppear already went out; the new page joins it
            // (the container's endAppearanceTransition forwards viewDidAppear to it).
            page.beginAppearanceTransition(true, animated: false)
        }

        let pageView: UIView = page.view
        pageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pageView.frame = pageHost.bounds
        pageHost.addSubview(pageView)
        viewControllers = [page]

        let turn = PageTurn(old: old, new: page, changesAppearance: changesAppearance, completion: completion)
        let duration = Self.pageTurnDuration
        guard animated, transitionStyle == .scroll, let oldView = old?.viewIfLoaded, oldView.superview === pageHost,
            pageHost.bounds.width > 0, pageHost.bounds.height > 0
        else {
            runningTurn = turn
            finishRunningTurn()
            return
        }
        // Slide: the new page starts one page (plus spacing) away on the side it comes from.
        let sign: CGFloat = direction == .forward ? 1 : -1
        let offset =
            navigationOrientation == .horizontal
            ? CGPoint(x: sign * (pageHost.bounds.width + interPageSpacing), y: 0)
            : CGPoint(x: 0, y: sign * (pageHost.bounds.height + interPageSpacing))
        let centre = CGPoint(x: pageHost.bounds.midX, y: pageHost.bounds.midY)
        slide(pageView, from: CGPoint(x: centre.x + offset.x, y: centre.y + offset.y), to: centre, duration: duration)
        slide(oldView, from: centre, to: CGPoint(x: centre.x - offset.x, y: centre.y - offset.y), duration: duration)
        runningTurn = turn
        turn.token = owningRuntime.clock.schedule(after: duration) { [weak self, weak turn] in
            guard let self, let turn, self.runningTurn === turn else { return }
            self.finishRunningTurn()
        }
    }

    /// Moves `view`'s centre from `from` to `to` with an ease-in-out Core Animation slide;
    /// the model value is `to` at once.
    private func slide(_ view: UIView, from: CGPoint, to: CGPoint, duration: TimeInterval) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.center = to
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = NSValue(cgPoint: from)
        animation.toValue = NSValue(cgPoint: to)
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        view.layer.add(animation, forKey: Self.slideAnimationKey)
        CATransaction.commit()
    }

    /// Ends the running turn now: removes the old page, puts the new one in place, finishes
    /// the appearance callbacks and calls the completion (true).
    func finishRunningTurn() {
        guard let turn = runningTurn else { return }
        runningTurn = nil
        turn.token?.cancel()
        let pageView = turn.new.viewIfLoaded
        pageView?.layer.removeAnimation(forKey: Self.slideAnimationKey)
        if let pageView, pageView.superview === pageHost { pageView.frame = pageHost.bounds }
        if let old = turn.old {
            old.viewIfLoaded?.layer.removeAnimation(forKey: Self.slideAnimationKey)
            if old.viewIfLoaded?.superview === pageHost { old.viewIfLoaded?.removeFromSuperview() }
            old.viewIfLoaded?.center = CGPoint(x: pageHost.bounds.midX, y: pageHost.bounds.midY)
            if old.parent === self {
                old.willMove(toParent: nil)
                old.removeFromParent()
            }
        }
        if turn.changesAppearance {
            turn.old?.endAppearanceTransition()
            turn.new.endAppearanceTransition()
        }
        turn.new.didMove(toParent: self)
        let completion = turn.completion
        turn.completion = nil
        completion?(true)
    }
}
