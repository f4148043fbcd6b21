import Foundation
import FlipbookQuartz

/// What a navigation bar keeps for its iOS 13 appearances (`UINavigationBar.appearanceSlots`).
@MainActor
struct NavigationBarAppearanceSlots {
    var standard: UINavigationBarAppearance?
    var compact: UINavigationBarAppearance?
    var scrollEdge: UINavigationBarAppearance?
    var compactScrollEdge: UINavigationBarAppearance?
    /// Whether code assigned one of the bar's appearances.
    var assigned = false
    /// The scroll view whose offset is watched for the scroll edge, and the watch.
    weak var observedScrollView: UIScrollView?
    var scrollObservation: NSKeyValueObservation?
    /// Whether the bar was last drawn at the scroll edge.
    var drawnAtScrollEdge: Bool?
    /// The appearance last drawn (nil: the older properties drew the bar).
    var drawn: DrawnNavigationBarAppearance?
}

/// What the bar took from the appearance it drew.
struct DrawnNavigationBarAppearance {
    var hidesHairline: Bool
    var titleTextAttributes: [NSAttributedString.Key: Any]
    var titlePositionAdjustment: UIOffset
    var buttons: UIBarButtonItemAppearance
    var doneButtons: UIBarButtonItemAppearance
    var backButtons: UIBarButtonItemAppearance
}

extension UINavigationBar {
    /// Keeps a copy of `appearance` in `slot` (UIKit's properties copy) and redraws.
    func assignAppearance(
        _ appearance: UINavigationBarAppearance?, to slot: WritableKeyPath<NavigationBarAppearanceSlots, UINavigationBarAppearance?>
    ) {
        let copy = appearance?.copy() as? UINavigationBarAppearance
        copy?.onChange = { [weak self] in self?.appearancesDidChange() }
        appearanceSlots[keyPath: slot] = copy
        appearanceSlots.assigned = true
        appearancesDidChange()
    }

    /// An appearance of the bar or of its top item changed: draw again.
    func appearancesDidChange() {
        applyBackground()
        rebuildContent()
        setNeedsLayout()
    }

    /// Whether appearances draw the bar: code assigned one to the bar or to its top item.
    var usesAppearances: Bool { appearanceSlots.assigned || (topItem?.hasAssignedAppearance ?? false) }

    /// The appearance the bar draws now (nil while the older properties draw it). The top
    /// item's appearances win over the bar's. In compact height: the compact appearance, else
    /// the standard one. At the scroll edge: the scroll-edge appearance (compact, then
    /// regular), else the chosen appearance with a transparent background (iOS 15).
    var resolvedAppearance: UINavigationBarAppearance? {
        guard usesAppearances else { return nil }
        let item = topItem
        let compact = traitCollection.verticalSizeClass == .compact
        var chosen = item?.standardAppearance ?? standardAppearance
        if compact, let small = item?.compactAppearance ?? compactAppearance { chosen = small }
        guard isAtScrollEdge else { return chosen }
        var edge = item?.scrollEdgeAppearance ?? scrollEdgeAppearance
        if compact, let small = item?.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance { edge = small }
        return edge ?? chosen.transparentCopy()
    }

    /// The scroll view whose top edge decides the scroll-edge appearance: the top
    /// controller's view when it is one, else that view's first subview when it is one (nil for
    /// a bar used on its own).
    var contentScrollView: UIScrollView? {
        guard let view = owningNavigationController?.topViewController?.viewIfLoaded else { return nil }
        if let scroll = view as? UIScrollView { return scroll }
        return view.subviews.first as? UIScrollView
    }

    /// Whether the content is at its top edge: no scroll view, or one scrolled to (or past) the
    /// top of its content.
    var isAtScrollEdge: Bool {
        guard let scroll = contentScrollView else { return true }
        return scroll.contentOffset.y <= -scroll.adjustedContentInset.top + 0.5
    }

    /// Draws the background, image and hairline of `appearance` (the items are drawn by the
    /// content view, which reads the title attributes kept here).
    func drawAppearance(_ appearance: UINavigationBarAppearance) {
        let fallback = UIColor(white: barStyle == .default ? 0.97 : 0.11, alpha: 0.94)
        backgroundColor = appearance.backgroundColor ?? (appearance.backgroundEffect != nil ? fallback : .clear)
        let image = appearance.backgroundImage.flatMap { $0.hasPixels ? $0 : nil }
        backgroundImageView.image = image
        backgroundImageView.isHidden = image == nil
        backgroundImageView.contentMode = appearance.backgroundImageContentMode
        var hides = false
        if let shadow = appearance.shadowImage {
            hides = true
            shadowImageView.image = shadow.hasPixels ? shadow : nil
        } else {
            shadowImageView.image = nil
            let color = appearance.shadowColor
            hides = color == nil || color?.cgColor.alpha == 0
            hairline.backgroundColor = color
        }
        shadowImageView.isHidden = shadowImageView.image == nil
        appearanceSlots.drawn = DrawnNavigationBarAppearance(
            hidesHairline: hides, titleTextAttributes: appearance.titleTextAttributes,
            titlePositionAdjustment: appearance.titlePositionAdjustment, buttons: appearance.buttonAppearance,
            doneButtons: appearance.doneButtonAppearance, backButtons: appearance.backButtonAppearance)
        appearanceSlots.drawnAtScrollEdge = isAtScrollEdge
        watchContentScrollView()
        for case let content as NavigationBarContentView in subviews { content.restyleTitle() }
        setNeedsLayout()
    }

    var drawnAppearance: DrawnNavigationBarAppearance? {
        get { appearanceSlots.drawn }
        set { appearanceSlots.drawn = newValue }
    }

    /// Watches the content scroll view's offset, so reaching or leaving its top edge redraws.
    private func watchContentScrollView() {
        let scroll = contentScrollView
        guard scroll !== appearanceSlots.observedScrollView || (scroll != nil && appearanceSlots.scrollObservation == nil) else { return }
        appearanceSlots.scrollObservation?.invalidate()
        appearanceSlots.scrollObservation = nil
        appearanceSlots.observedScrollView = scroll
        guard let scroll else { return }
        appearanceSlots.scrollObservation = scroll.observe(\.contentOffset) { [weak self] _, _ in
            MainActor.assumeIsolated { self?.scrollEdgeMayHaveChanged() }
        }
    }

    /// Redraws when the content reached or left its top edge, or the content scroll view changed.
    func scrollEdgeMayHaveChanged() {
        guard usesAppearances else { return }
        if appearanceSlots.drawnAtScrollEdge != isAtScrollEdge || contentScrollView !== appearanceSlots.observedScrollView {
            applyBackground()
            // The items again, in the new appearance's button styles; during a push or pop
            // (two contents cross-fading) only the titles are restyled.
            if subviews.filter({ $0 is NavigationBarContentView }).count == 1 { rebuildContent() }
        }
    }

    /// The title's attributes: the bar's `titleTextAttributes`, overridden by those of the
    /// appearance drawn.
    var shownTitleTextAttributes: [NSAttributedString.Key: Any]? {
        guard let drawn = drawnAppearance, !drawn.titleTextAttributes.isEmpty else { return titleTextAttributes }
        return (titleTextAttributes ?? [:]).merging(drawn.titleTextAttributes) { _, new in new }
    }

    /// How far the appearance drawn moves the title.
    var shownTitlePositionAdjustment: UIOffset { drawnAppearance?.titlePositionAdjustment ?? .zero }
}
