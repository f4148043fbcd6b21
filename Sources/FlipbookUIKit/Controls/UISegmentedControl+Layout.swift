import Foundation

// The segmented control's sizing, segment views, colours and hit-testing: what its layout,
// drawing and touch tracking (in UISegmentedControl.swift) are built from.
extension UISegmentedControl {
    /// The width a segment's content needs, padding included.
    func contentWidth(_ index: Int) -> CGFloat {
        let item = items[index]
        var width: CGFloat = 0
        if let image = item.image {
            width = image.size.width
        } else if let title = item.title, !title.isEmpty {
            // Measured in the wider of the normal and selected fonts, so selecting does not resize.
            let label = UILabel()
            label.text = title
            label.font = font(selected: false)
            width = label.intrinsicContentSize.width
            label.font = font(selected: true)
            width = max(width, label.intrinsicContentSize.width)
        }
        return width + 2 * Self.segmentPadding
    }

    /// The segments' widths for a control `totalWidth` wide (nil: their natural widths).
    func segmentWidths(totalWidth: CGFloat?) -> [CGFloat] {
        let contents = items.indices.map { contentWidth($0) }
        let widest = contents.indices.filter { items[$0].width == 0 }.map { contents[$0] }.max() ?? 0
        var natural = items.indices.map { i -> CGFloat in
            if items[i].width > 0 { return items[i].width }
            return apportionsSegmentWidthsByContent ? contents[i] : widest
        }
        guard let totalWidth else { return natural }
        let automatic = items.indices.filter { items[$0].width == 0 }
        guard !automatic.isEmpty else { return natural }
        let fixed = items.indices.filter { items[$0].width > 0 }.reduce(CGFloat(0)) { $0 + items[$1].width }
        let available = max(0, totalWidth - fixed)
        if apportionsSegmentWidthsByContent {
            let sum = automatic.reduce(CGFloat(0)) { $0 + natural[$1] }
            let extra = (available - sum) / CGFloat(automatic.count)
            for i in automatic { natural[i] = max(0, natural[i] + extra) }
        } else {
            for i in automatic { natural[i] = available / CGFloat(automatic.count) }
        }
        return natural
    }

    func segmentsDidChange() {
        rebuildSegments()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    func rebuildSegments() {
        while segmentViews.count > items.count { segmentViews.removeLast().removeFromSuperview() }
        while segmentViews.count < items.count {
            let v = SegmentView(frame: .zero)
            segmentViews.append(v)
            addSubview(v)
        }
        let dividerCount = max(0, items.count - 1)
        while dividers.count > dividerCount { dividers.removeLast().removeFromSuperview() }
        while dividers.count < dividerCount {
            let d = UIView(frame: .zero)
            d.isUserInteractionEnabled = false
            dividers.append(d)
            insertSubview(d, aboveSubview: track)
        }
        applyColors()
    }

    func attributes(for state: UIControl.State) -> [NSAttributedString.Key: Any] {
        var merged = titleAttributes[UIControl.State.normal.rawValue] ?? [:]
        if state != .normal, let own = titleAttributes[state.rawValue] { merged.merge(own) { _, new in new } }
        return merged
    }

    func font(selected: Bool) -> UIFont {
        if let font = attributes(for: selected ? .selected : .normal)[.font] as? UIFont { return font }
        return UIFont.systemFont(ofSize: Self.titleSize, weight: selected ? .semibold : .regular)
    }

    func applyColors() {
        track.isHidden = backgroundColor != nil
        track.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        pill.backgroundColor =
            selectedSegmentTintColor ?? UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1) : .white }
        for d in dividers { d.backgroundColor = UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.3) }
        for (i, v) in segmentViews.enumerated() where i < items.count {
            let item = items[i]
            let selected = showsPill && i == _selectedSegmentIndex
            let state: UIControl.State = !(isEnabled && item.isEnabled) ? .disabled : (selected ? .selected : .normal)
            let attrs = attributes(for: state)
            var color = (attrs[.foregroundColor] as? UIColor) ?? .label
            if state == .disabled, titleAttributes[UIControl.State.disabled.rawValue]?[.foregroundColor] == nil {
                color = color.withAlphaComponent(0.3)
            }
            v.label.text = item.image == nil ? item.title : nil
            v.label.font = font(selected: selected)
            v.label.textColor = color
            if let image = item.image {
                v.imageView.image = image.renderingMode == .alwaysOriginal ? image : image.withRenderingMode(.alwaysTemplate)
                v.imageView.tintColor = color
            } else {
                v.imageView.image = nil
            }
            v.alpha = highlightedSegment == i && !selected ? 0.6 : 1
        }
        setNeedsLayout()
    }

    /// The segments' frames in the bounds.
    func segmentFrames() -> [CGRect] {
        var x = bounds.minX
        return segmentWidths(totalWidth: bounds.width).map { w in
            defer { x += w }
            return CGRect(x: x, y: bounds.minY, width: w, height: bounds.height)
        }
    }

    /// The segment under `x` (clamped to the first and last), nil without segments.
    func segment(atX x: CGFloat) -> Int? {
        let frames = segmentFrames()
        guard !frames.isEmpty else { return nil }
        return frames.firstIndex { x < $0.maxX } ?? frames.count - 1
    }
}
