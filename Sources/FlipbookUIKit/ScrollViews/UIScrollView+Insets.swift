import Foundation

/// Insets, the scrollable range and the Auto Layout guides (docs/Semantics.md, "Scroll views").
extension UIScrollView {
    // MARK: Range

    /// Whether the content scrolls horizontally: wider than the bounds with its insets, or
    /// always bouncing horizontally.
    var scrollsHorizontally: Bool {
        alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width + 1e-9
            || adjustedContentInset.left + adjustedContentInset.right + contentSize.width > bounds.width + 1e-9
    }

    /// Whether the content scrolls vertically (see `scrollsHorizontally`).
    var scrollsVertically: Bool {
        alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height + 1e-9
            || adjustedContentInset.top + adjustedContentInset.bottom + contentSize.height > bounds.height + 1e-9
    }

    /// The smallest offset: minus the adjusted top and left insets.
    var minimumContentOffset: CGPoint {
        let i = adjustedContentInset
        return CGPoint(x: -i.left, y: -i.top)
    }

    /// The largest offset: the content's far edge plus the adjusted inset, less the bounds
    /// (never below the minimum).
    var maximumContentOffset: CGPoint {
        let i = adjustedContentInset
        return CGPoint(
            x: max(-i.left, contentSize.width + i.right - bounds.width),
            y: max(-i.top, contentSize.height + i.bottom - bounds.height))
    }

    func clampedOffset(_ p: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: min(max(p.x, lo.x), hi.x), y: min(max(p.y, lo.y), hi.y))
    }

    // MARK: Adjusted inset

    /// The content inset plus the safe area the behaviour adds, plus the height of a refreshing
    /// `refreshControl` at the top.
    func computeAdjustedContentInset() -> UIEdgeInsets {
        var c = contentInsetStorage
        if let refresh = refreshControlStorage { c.top += refresh.insetWhileShown }
        let h: Bool, v: Bool
        switch insetBehaviorStorage {
        case .never: return c
        case .always: (h, v) = (true, true)
        case .scrollableAxes: (h, v) = (rawScrollsHorizontally, rawScrollsVertically)
        case .automatic: (h, v) = (rawScrollsHorizontally, rawScrollsVertically || isBarContainerContent)
        }
        guard h || v else { return c }
        let s = safeAreaInsets
        return UIEdgeInsets(
            top: c.top + (v ? s.top : 0), left: c.left + (h ? s.left : 0),
            bottom: c.bottom + (v ? s.bottom : 0), right: c.right + (h ? s.right : 0))
    }

    private var rawScrollsHorizontally: Bool {
        alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width + 1e-9
    }
    private var rawScrollsVertically: Bool {
        alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height + 1e-9
    }

    /// Whether this scroll view is (or is inside) the view of a controller shown by a
    /// navigation or tab bar controller, and is its content scroll view: one nested in another
    /// scroll view (a carousel in a table's header or cell) is not, and its vertical insets
    /// follow its own scrolling only, as Apple's `.automatic` says ("the content view of a view
    /// controller that is currently displayed by a navigation or tab bar controller").
    private var isBarContainerContent: Bool {
        var v: UIView? = self
        while let cur = v {
            if cur !== self, cur is UIScrollView { return false }
            if let vc = cur.owningViewController { return vc.navigationController != nil || vc.tabBarController != nil }
            v = cur.superview
        }
        return false
    }

    /// Notices a change of `adjustedContentInset`: an offset that rested at the old minimum
    /// moves to the new one (the content stays at its top), then `adjustedContentInsetDidChange()`
    /// and the delegate's `scrollViewDidChangeAdjustedContentInset`. `keepingOffset`: the offset
    /// stays (a refresh begun in code does not move the content).
    func checkAdjustedContentInset(keepingOffset: Bool = false) {
        let new = computeAdjustedContentInset()
        guard let old = lastAdjustedInset else {
            lastAdjustedInset = new
            return
        }
        guard !new.isClose(to: old) else { return }
        lastAdjustedInset = new
        if !keepingOffset, !isTracking, motion == nil {
            var o = contentOffset
            if abs(o.y + old.top) < 0.5 { o.y = -new.top }
            if abs(o.x + old.left) < 0.5 { o.x = -new.left }
            if o != contentOffset { bounds.origin = o }
        }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        updateIndicators()
    }
}
