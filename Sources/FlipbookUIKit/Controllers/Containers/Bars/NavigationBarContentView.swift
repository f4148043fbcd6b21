import Foundation
import FlipbookQuartz

/// What a navigation bar shows for one item: the back button or left items, the title (or
/// title view) and the right items, laid out in the bar's 44 pt title row; below it, the
/// item's search controller's search bar in the 52 pt search row.
@preconcurrency @MainActor
final class NavigationBarContentView: UIView {
    unowned let bar: UINavigationBar
    let item: UINavigationItem?
    /// Holds the title (or title view), full width, so it can slide as a whole.
    let titleContainer = UIView(frame: .zero)
    private(set) var titleLabel: UILabel?
    private(set) var backButton: BackButtonView?
    private(set) var leftViews: [BarButtonItemView] = []
    private(set) var rightViews: [BarButtonItemView] = []
    /// The item's search controller's search bar, in the row below the title.
    private(set) var searchBar: UISearchBar?

    init(bar: UINavigationBar, item: UINavigationItem?, backItem: UINavigationItem?) {
        self.bar = bar
        self.item = item
        super.init(frame: .zero)
        addSubview(titleContainer)
        guard let item else { return }
        let tint: UIColor = bar.tintColor ?? .systemBlue
        if let titleView = item.titleView {
            titleContainer.addSubview(titleView)
        } else {
            let label = UILabel(frame: .zero)
            label.text = item.title
            label.textAlignment = .center
            titleContainer.addSubview(label)
            titleLabel = label
            restyleTitle()
        }
        if let registry = bar.itemAppearanceRegistry { bar.applyItemAppearance(registry, to: (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? [])) }
        let left = (item.leftBarButtonItems ?? []).filter { !$0.isHidden }
        if let backItem, !item.hidesBackButton, left.isEmpty || item.leftItemsSupplementBackButton {
            let back = BackButtonView(
                title: Self.backTitle(for: backItem), tint: tint, appearance: bar.drawnAppearance?.backButtons.normal)
            back.addTarget(bar, action: { bar, _ in bar.backButtonTapped() }, for: .touchUpInside)
            addSubview(back)
            backButton = back
        }
        let drawn = bar.drawnAppearance
        func view(for item: UIBarButtonItem) -> BarButtonItemView {
            BarButtonItemView(item: item, tint: tint, appearance: item.style == .done ? drawn?.doneButtons : drawn?.buttons)
        }
        leftViews = left.map(view(for:))
        rightViews = (item.rightBarButtonItems ?? []).filter { !$0.isHidden }.map(view(for:))
        for v in leftViews + rightViews { addSubview(v) }
        if let search = item.searchController?.searchBar {
            search.fieldInset = UINavigationBar.margin
            search.drawsBackground = false
            addSubview(search)
            searchBar = search
        }
    }

    required init?(coder: NSCoder) { nil }

    /// Styles the title with the bar's title attributes now (also when the bar switches
    /// between its standard and scroll-edge appearances).
    func restyleTitle() {
        guard let label = titleLabel else { return }
        let attributes = bar.shownTitleTextAttributes
        label.font = (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 17, weight: .semibold)
        label.textColor = (attributes?[.foregroundColor] as? UIColor) ?? .label
        setNeedsLayout()
    }

    /// UIKit's back title: the previous item's back button item's title, its back button
    /// title, its title, else "Back"; a title longer than about a third of a phone's bar
    /// becomes "Back".
    static func backTitle(for backItem: UINavigationItem) -> String {
        let title = backItem.backBarButtonItem?.title ?? backItem.backButtonTitle ?? backItem.title ?? "Back"
        if title.isEmpty { return "Back" }
        let probe = UILabel(frame: .zero)
        probe.font = .systemFont(ofSize: 17)
        probe.text = title
        return probe.measure(maxWidth: nil).width > 120 ? "Back" : title
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // The title row: 44 pt at the top, or slid up out of the bar (and faded) while an
        // active search hides it.
        let rowHeight = UINavigationBar.defaultHeight
        let shownRow = bar.titleRowHeight
        let b = CGRect(x: 0, y: shownRow - rowHeight, width: bounds.width, height: rowHeight)
        let rowAlpha: CGFloat = shownRow > 0 ? 1 : 0
        for v in [titleContainer as UIView] + leftViews + rightViews + (backButton.map { [$0] } ?? []) { v.alpha = rowAlpha }
        if let searchBar {
            // The row shrinks as the content scrolls up (`hidesSearchBarWhenScrolling`), the
            // field fading with it.
            let shown = bar.searchRowShownHeight
            searchBar.frame = CGRect(x: 0, y: shownRow, width: bounds.width, height: shown)
            searchBar.searchTextField.alpha = max(0, min(1, (shown - 16) / (UINavigationBar.searchRowHeight - 16)))
        }
        let margin = UINavigationBar.margin
        let spacing = UINavigationBar.itemSpacing
        var leftEdge: CGFloat = margin
        if let back = backButton {
            back.frame = CGRect(x: 0, y: b.minY, width: back.naturalWidth, height: b.height)
            leftEdge = back.frame.maxX + spacing
        }
        for v in leftViews {
            let w = v.naturalWidth
            v.frame = CGRect(x: leftEdge, y: b.minY, width: w, height: b.height)
            leftEdge += w + spacing
        }
        var rightEdge = b.width - margin
        for v in rightViews {
            let w = v.naturalWidth
            v.frame = CGRect(x: rightEdge - w, y: b.minY, width: w, height: b.height)
            rightEdge -= w + spacing
        }
        titleContainer.frame = b
        let inRow = CGRect(origin: .zero, size: b.size)
        // The title is centred in the bar, and moved or narrowed to stay clear of the items.
        let room = max(0, min(rightEdge, b.width - margin) - max(leftEdge, margin))
        if let label = titleLabel {
            let w = min(label.measure(maxWidth: nil).width, room)
            var x = b.midX - w / 2
            x = min(max(x, leftEdge), rightEdge - w)
            let shift = bar.shownTitlePositionAdjustment
            label.frame = CGRect(x: x + shift.horizontal, y: inRow.minY + shift.vertical, width: w, height: b.height)
        } else if let titleView = item?.titleView {
            var size = titleView.bounds.size
            if size == .zero { size = titleView.sizeThatFits(CGSize(width: room, height: b.height)) }
            size.width = min(size.width, room)
            size.height = min(size.height, b.height)
            var x = b.midX - size.width / 2
            x = min(max(x, leftEdge), rightEdge - size.width)
            titleView.frame = CGRect(x: x, y: inRow.minY + (b.height - size.height) / 2, width: size.width, height: size.height)
        }
    }
}

/// The back button: a chevron and a title in the bar's tint.
@preconcurrency @MainActor
final class BackButtonView: UIControl {
    let chevron = CAShapeLayer()
    let label = UILabel(frame: .zero)
    /// The chevron's box, and where the title starts, in points from the bar's left edge.
    static let chevronFrame = CGRect(x: 8, y: 11.5, width: 12.5, height: 21)
    static let titleX: CGFloat = 28

    /// Moves the title (a bar appearance's `backButtonAppearance`).
    private var titleShift: UIOffset = .zero

    /// The back button; a bar appearance's back button state, when one draws the bar, styles
    /// the title (its colour, font and position; the chevron keeps the tint).
    init(title: String, tint: UIColor, appearance: UIBarButtonItemStateAppearance? = nil) {
        super.init(frame: .zero)
        let path = CGMutablePath()
        let f = Self.chevronFrame
        path.move(to: CGPoint(x: f.maxX - 1.5, y: f.minY + 1.5))
        path.addLine(to: CGPoint(x: f.minX + 1.5, y: f.midY))
        path.addLine(to: CGPoint(x: f.maxX - 1.5, y: f.maxY - 1.5))
        // A fresh layer: no implicit animations for its first values (and setting lineWidth
        // with an implicit action trips an exclusivity check in CAShapeLayer's validation).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        chevron.path = path
        chevron.fillColor = nil
        chevron.strokeColor = tint.cgColor
        chevron.lineWidth = 3
        chevron.lineCap = .round
        chevron.lineJoin = .round
        layer.addSublayer(chevron)
        label.text = title
        label.font = .systemFont(ofSize: 17)
        label.textColor = tint
        if let appearance {
            if let color = appearance.titleTextAttributes[.foregroundColor] as? UIColor { label.textColor = color }
            if let font = appearance.titleTextAttributes[.font] as? UIFont { label.font = font }
            titleShift = appearance.titlePositionAdjustment
        }
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    var naturalWidth: CGFloat { Self.titleX + label.measure(maxWidth: nil).width + 8 }

    override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        chevron.frame = bounds
        CATransaction.commit()
        label.frame = CGRect(
            x: Self.titleX + titleShift.horizontal, y: titleShift.vertical, width: label.measure(maxWidth: nil).width,
            height: bounds.height)
    }
}

/// One bar button item: its custom view, its image (a template in the tint) or its title.
@preconcurrency @MainActor
final class BarButtonItemView: UIControl {
    let item: UIBarButtonItem
    private(set) var label: UILabel?
    private(set) var imageView: UIImageView?
    /// The largest image side, in points.
    static let maximumImageSide: CGFloat = 28

    /// The item's view; a bar appearance's button appearance, when one draws the bar, styles a
    /// title (under the item's own title attributes).
    init(item: UIBarButtonItem, tint: UIColor, appearance: UIBarButtonItemAppearance? = nil) {
        self.item = item
        super.init(frame: .zero)
        // The tint as it is (a library fading the bar's items gives it a lower alpha); a
        // disabled item is dimmed.
        let base = item.tintColor ?? tint
        let color = item.isEnabled ? base : base.withAlphaComponent(0.35)
        if let custom = item.customView {
            addSubview(custom)
        } else if let image = item.image {
            let view = UIImageView(image: TemplateImage.tinted(image, with: color))
            addSubview(view)
            imageView = view
        } else if !item.isSpace, let text = item.displayedText {
            let label = UILabel(frame: .zero)
            label.text = text
            label.font = .systemFont(ofSize: 17, weight: item.isBold ? .semibold : .regular)
            label.textColor = color
            var attributes = item.titleTextAttributes(for: item.isEnabled ? .normal : .disabled)
            if let state = item.isEnabled ? appearance?.normal : appearance?.disabled, !state.titleTextAttributes.isEmpty {
                attributes = state.titleTextAttributes.merging(attributes ?? [:]) { _, own in own }
            }
            if let font = attributes?[.font] as? UIFont { label.font = font }
            if let c = attributes?[.foregroundColor] as? UIColor { label.textColor = c }
            addSubview(label)
            self.label = label
        }
        isEnabled = item.isEnabled
        addTarget(self, action: { view, _ in view.item.performAction() }, for: .touchUpInside)
    }

    required init?(coder: NSCoder) { nil }

    var naturalWidth: CGFloat {
        if item.width > 0 { return item.width }
        if let custom = item.customView { return custom.bounds.width > 0 ? custom.bounds.width : custom.sizeThatFits(.zero).width }
        if let imageView { return imageSize(imageView).width }
        return label?.measure(maxWidth: nil).width ?? 0
    }

    private func imageSize(_ view: UIImageView) -> CGSize {
        var size = view.image?.size ?? .zero
        let longest = max(size.width, size.height)
        if longest > Self.maximumImageSide {
            size = CGSize(width: size.width * Self.maximumImageSide / longest, height: size.height * Self.maximumImageSide / longest)
        }
        return size
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        if let custom = item.customView {
            var size = custom.bounds.size
            if size == .zero { size = custom.sizeThatFits(b.size) }
            custom.frame = CGRect(x: (b.width - size.width) / 2, y: (b.height - size.height) / 2, width: size.width, height: size.height)
        } else if let imageView {
            let size = imageSize(imageView)
            imageView.frame = CGRect(x: (b.width - size.width) / 2, y: (b.height - size.height) / 2, width: size.width, height: size.height)
        } else {
            label?.frame = b
        }
    }
}
