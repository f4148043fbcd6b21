import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UICollectionView {
    /// Runs `prepare()` when the layout was invalidated or the bounds size changed in a way
    /// the layout cares about, then takes the content size from it.
    func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        if layout.owningCollectionView !== self { layout.owningCollectionView = self }
        if let prepared = preparedBoundsSize, prepared != bounds.size, !layout.needsPrepare, askedBoundsSize != bounds.size {
            if layout.shouldInvalidateLayout(forBoundsChange: bounds) { layout.needsPrepare = true }
        }
        askedBoundsSize = nil
        guard layout.needsPrepare else { return }
        preparedBoundsSize = bounds.size
        layout.prepareIfNeeded()
        var size = layout.collectionViewContentSize
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            FlipbookDiagnostics.report(
                "UICollectionView: the layout \(type(of: layout)) returned a non-finite or negative collectionViewContentSize \(size); using zero for the bad dimension.",
                once: "UICollectionView.badContentSize")
            size = CGSize(
                width: size.width.isFinite && size.width >= 0 ? size.width : 0,
                height: size.height.isFinite && size.height >= 0 ? size.height : 0)
        }
        if contentSize != size { contentSize = size }
    }

    /// UIKit asks the layout about every change of the bounds, scrolling included, before the
    /// change takes effect: inside `shouldInvalidateLayout(forBoundsChange:)` the collection
    /// view's `bounds` (and `contentOffset`) still answer the old values, so a layout can
    /// measure how far a scroll moves (UIKit Dynamics layouts drag their items by that much).
    /// Accepted: the layout is invalidated with `invalidationContext(forBoundsChange:)`.
    func askLayoutAboutBoundsChange(to newBounds: CGRect) {
        guard newBounds != bounds, !isAskingLayoutAboutBounds, preparedBoundsSize != nil,
            newBounds.origin.x.isFinite, newBounds.origin.y.isFinite,
            newBounds.size.width.isFinite, newBounds.size.height.isFinite
        else { return }
        let layout = collectionViewLayout
        guard layout.owningCollectionView === self else { return }
        isAskingLayoutAboutBounds = true
        defer { isAskingLayoutAboutBounds = false }
        if newBounds.size != bounds.size { askedBoundsSize = newBounds.size }
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
        }
    }

    /// Brings the visible cells up to date before a query, as UIKit does when asked for cells
    /// right after a reload.
    func layoutIfNeededForQuery() {
        if collectionViewLayout.needsPrepare || cachedCounts == nil { updateVisibleElements(animatingFrom: nil) }
    }

    /// Makes the displayed cells and supplementary views match the layout's elements in the
    /// bounds: cells that left are queued for reuse, new ones come from the data source.
    /// `animatingFrom` (batch updates) gives the frames items start from.
    func updateVisibleElements(animatingFrom start: UpdateAnimationStart?) {
        guard !isUpdating else { return }
        isUpdating = true
        defer { isUpdating = false }
        prepareLayoutIfNeeded()
        let wanted = wantedElements(in: bounds)
        let delegate = collectionDelegate
        retireCells(notIn: wanted.cells, start: start, delegate: delegate)
        updateDecorationViews(wanted.decorations)
        retireSupplementaryViews(notIn: wanted.supplementary, delegate: delegate)
        // Supplementary views, then cells, in index-path order.
        showSupplementaryViews(wanted.supplementary, start: start, delegate: delegate)
        showCells(wanted.cells, start: start, delegate: delegate)
    }

    /// The layout's elements in a rectangle, by kind.
    struct WantedElements {
        var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var supplementary: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
        var decorations: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
    }

    /// The layout's elements in `rect`; cells for items that do not exist are reported (once)
    /// and left out.
    private func wantedElements(in rect: CGRect) -> WantedElements {
        var wanted = WantedElements()
        var reportedRange = false
        for attributes in collectionViewLayout.layoutAttributesForElements(in: rect) ?? [] {
            switch attributes.representedElementCategory {
            case .cell:
                guard isValid(attributes.indexPath) else {
                    if !reportedRange {
                        reportedRange = true
                        FlipbookDiagnostics.report(
                            "UICollectionView: the layout \(type(of: collectionViewLayout)) returned attributes for item \(Self.describe(attributes.indexPath)), which does not exist; ignored.",
                            once: "UICollectionView.layoutRange")
                    }
                    continue
                }
                wanted.cells[attributes.indexPath] = attributes
            case .supplementaryView:
                guard let kind = attributes.representedElementKind else { continue }
                wanted.supplementary[SupplementaryKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            case .decorationView:
                guard let kind = attributes.representedElementKind else { continue }
                wanted.decorations[SupplementaryKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            }
        }
        return wanted
    }

    /// Cells that left the bounds go back to the queue. During a batch update (`start` given)
    /// a surviving cell whose new place is out of view first moves there with the update's
    /// animation and is queued when it ends (docs/Semantics.md "Cells and updates").
    private func retireCells(
        notIn wanted: [IndexPath: UICollectionViewLayoutAttributes], start: UpdateAnimationStart?,
        delegate: UICollectionViewDelegate?
    ) {
        for path in visibleCellsByIndexPath.keys.sorted() where wanted[path] == nil {
            guard let cell = visibleCellsByIndexPath.removeValue(forKey: path) else { continue }
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
            if start != nil, let target = departureAttributes(for: cell, movingTo: path) {
                applyGeometry(target, to: cell)
                disappearingViews.append(cell)
                departingDuringUpdate.append(cell)
            } else {
                enqueue(cell, kind: "cell")
            }
        }
    }

    /// Supplementary views that left the bounds go back to the queue.
    private func retireSupplementaryViews(
        notIn wanted: [SupplementaryKey: UICollectionViewLayoutAttributes], delegate: UICollectionViewDelegate?
    ) {
        for key in visibleSupplementaryViews.keys.sorted() where wanted[key] == nil {
            guard let view = visibleSupplementaryViews.removeValue(forKey: key) else { continue }
            delegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
            enqueue(view, kind: key.kind)
        }
    }

    /// Moves the supplementary views already shown; makes and shows the new ones.
    private func showSupplementaryViews(
        _ wanted: [SupplementaryKey: UICollectionViewLayoutAttributes], start: UpdateAnimationStart?,
        delegate: UICollectionViewDelegate?
    ) {
        for key in wanted.keys.sorted() {
            guard let attributes = wanted[key] else { continue }
            if let view = visibleSupplementaryViews[key] {
                applyIfChanged(attributes, to: view)
                continue
            }
            guard let view = madeOutsideUpdate(start, { makeSupplementaryView(kind: key.kind, at: key.indexPath) }) else { continue }
            visibleSupplementaryViews[key] = view
            show(view, with: attributes, start: start?.supplementaryStart(key, final: attributes))
            delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
        }
    }

    /// Moves the cells already shown; makes and shows the new ones.
    private func showCells(
        _ wanted: [IndexPath: UICollectionViewLayoutAttributes], start: UpdateAnimationStart?,
        delegate: UICollectionViewDelegate?
    ) {
        for path in wanted.keys.sorted() {
            guard let attributes = wanted[path] else { continue }
            if let cell = visibleCellsByIndexPath[path] {
                applyIfChanged(attributes, to: cell)
                continue
            }
            guard let cell = madeOutsideUpdate(start, { makeCell(at: path) }) else { continue }
            visibleCellsByIndexPath[path] = cell
            show(cell, with: attributes, start: start?.cellStart(path, final: attributes))
            delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
    }

    /// `make()`; during a batch update (`start` given) outside any animation, so a new view's
    /// first geometry does not become the start of the update's animation.
    private func madeOutsideUpdate<View>(_ start: UpdateAnimationStart?, _ make: () -> View?) -> View? {
        guard start != nil else { return make() }
        var made: View?
        UIView.performWithoutAnimation { made = make() }
        return made
    }

    /// Where a surviving cell that leaves the bounds in a batch update goes: its new place in
    /// the layout; nil when that is not usable (the cell is queued at once).
    private func departureAttributes(
        for cell: UICollectionViewCell, movingTo newPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        if let given = collectionViewLayout.layoutAttributesForItem(at: newPath), given.hasValidGeometry {
            return given
        }
        return nil
    }

    /// Shows, moves and queues the decoration views the layout placed in the bounds. They are
    /// made from the class registered with the layout's `register(_:forDecorationViewOfKind:)`
    /// (an unregistered kind is reported and skipped) and sit behind the cells at equal `zIndex`.
    private func updateDecorationViews(_ wanted: [SupplementaryKey: UICollectionViewLayoutAttributes]) {
        for key in visibleDecorationViews.keys.sorted() where wanted[key] == nil {
            guard let view = visibleDecorationViews.removeValue(forKey: key) else { continue }
            enqueue(view, kind: "decoration")
        }
        for key in wanted.keys.sorted() {
            guard let attributes = wanted[key] else { continue }
            if let view = visibleDecorationViews[key] {
                applyIfChanged(attributes, to: view)
                continue
            }
            let view: UICollectionReusableView
            if let reused = takeDecorationFromPool(key.kind) {
                view = reused
                view.prepareForReuse()
            } else if let type = collectionViewLayout.decorationClasses[key.kind] {
                var made: UICollectionReusableView?
                UIView.performWithoutAnimation { made = type.init(registeredFrame: .zero) }
                view = made!
                view.reuseIdentifier = key.kind
            } else {
                FlipbookDiagnostics.report(
                    "UICollectionView: the layout \(type(of: collectionViewLayout)) placed a decoration view of kind \(key.kind) but no class is registered for it (register(_:forDecorationViewOfKind:)); not shown.",
                    once: "UICollectionView.unregisteredDecoration.\(key.kind)")
                continue
            }
            visibleDecorationViews[key] = view
            if view.superview !== self {
                insertSubview(view, at: backgroundView == nil ? 0 : 1)
            }
            view.isHidden = false
            UIView.performWithoutAnimation {
                self.applyGeometry(attributes, to: view)
                view.layoutIfNeeded()
            }
            apply(attributes, to: view)
        }
    }

    private func takeDecorationFromPool(_ kind: String) -> UICollectionReusableView? {
        guard var pool = reusePool["decoration/\(kind)"], !pool.isEmpty else { return nil }
        let view = pool.removeLast()
        reusePool["decoration/\(kind)"] = pool
        return view
    }

    /// Adds `view` (if needed) and shows it with `attributes`; with `start`, it first takes
    /// the start attributes outside any animation so the surrounding animation moves it.
    private func show(
        _ view: UICollectionReusableView, with attributes: UICollectionViewLayoutAttributes,
        start: UICollectionViewLayoutAttributes?
    ) {
        if view.superview !== self {
            addSubview(view)
        }
        if let start, start.hasValidGeometry {
            UIView.performWithoutAnimation {
                self.applyGeometry(start, to: view)
                view.layoutIfNeeded()
            }
        } else {
            // Applied when it was dequeued and unchanged since: what `cellForItemAt` did to the
            // view (an anchor point moved to where the layout put it) stays.
            let applied = isApplied(attributes, to: view)
            UIView.performWithoutAnimation {
                if !applied { self.applyGeometry(attributes, to: view) }
                view.layoutIfNeeded()
            }
            if applied { return }
        }
        apply(attributes, to: view)
    }

    /// Applies `attributes` (checked) to `view`, then lets the view apply custom ones. A copy
    /// is kept, as UIKit keeps one: a layout that changes its cached attributes in place must
    /// not change what was applied.
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        guard checkedGeometry(attributes) else {
            view.isHidden = true
            return
        }
        applyGeometry(attributes, to: view)
        view.appliedAttributes = attributes.copy() as? UICollectionViewLayoutAttributes
        view.apply(attributes)
    }

    /// For a view already shown: UIKit applies attributes only when they differ (`isEqual(_:)`)
    /// from the ones applied last, so what the app did to a cell since (a transform or an
    /// anchor point set in `scrollViewDidScroll`, as carousel libraries do) stays while it
    /// scrolls (docs/Semantics.md, "Collection views").
    func applyIfChanged(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        if isApplied(attributes, to: view) { return }
        apply(attributes, to: view)
    }

    /// Whether `attributes` equal (`isEqual(_:)`) the ones last applied to `view`.
    func isApplied(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) -> Bool {
        view.appliedAttributes?.isEqual(attributes) == true
    }

    /// Sets bounds, centre, transform, alpha, z-order and hidden state from `attributes`.
    func applyGeometry(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        guard attributes.hasValidGeometry else { return }
        let newBounds = CGRect(origin: view.bounds.origin, size: attributes.size)
        if view.bounds != newBounds { view.bounds = newBounds }
        if view.center != attributes.center { view.center = attributes.center }
        if !CATransform3DEqualToTransform(view.transform3D, attributes.transform3D) { view.transform3D = attributes.transform3D }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        let z = CGFloat(attributes.zIndex)
        if view.layer.zPosition != z { view.layer.zPosition = z }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
    }

    /// Asks the data source for the cell at `path`, checking it came from dequeue.
    private func makeCell(at path: IndexPath) -> UICollectionViewCell {
        guard let dataSource else { return UICollectionViewCell(frame: .zero) }
        var cell = dataSource.collectionView(self, cellForItemAt: path)
        if !cell.cameFromDequeue {
            FlipbookDiagnostics.report(
                "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath: (item \(Self.describe(path))); showing it anyway.",
                once: "UICollectionView.cellNotDequeued")
        }
        if let other = visibleCellsByIndexPath.first(where: { $0.value === cell })?.key, other != path {
            FlipbookDiagnostics.report(
                "UICollectionView: the data source returned the cell already shown for item \(Self.describe(other)) for item \(Self.describe(path)); showing a blank cell instead.",
                once: "UICollectionView.cellReturnedTwice")
            cell = UICollectionViewCell(frame: .zero)
        }
        cell.cameFromDequeue = false
        cell.isSelected = selectedIndexPaths.contains(path)
        return cell
    }

    /// Asks the data source for a supplementary view, checking its kind and origin.
    private func makeSupplementaryView(kind: String, at path: IndexPath) -> UICollectionReusableView {
        guard let dataSource else { return missingSupplementaryView(kind: kind, at: path) }
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path)
        if !view.cameFromDequeue && !(view is MissingSupplementaryView) {
            FlipbookDiagnostics.report(
                "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind), \(Self.describe(path))) was not retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:; showing it anyway.",
                once: "UICollectionView.supplementaryNotDequeued")
        }
        if view.cameFromDequeue, let dequeuedAs = view.dequeuedKind, dequeuedAs != kind {
            FlipbookDiagnostics.report(
                "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind), \(Self.describe(path))) was dequeued as a view of kind \(dequeuedAs), not \(kind); showing it anyway.",
                once: "UICollectionView.supplementaryWrongKind")
        }
        if visibleCellsByIndexPath.values.contains(where: { $0 === view })
            || visibleSupplementaryViews.values.contains(where: { $0 === view })
        {
            FlipbookDiagnostics.report(
                "UICollectionView: the view returned for the supplementary element (\(kind), \(Self.describe(path))) is already shown elsewhere; showing an empty view instead.",
                once: "UICollectionView.supplementaryInUse")
            return MissingSupplementaryView(frame: .zero)
        }
        view.cameFromDequeue = false
        return view
    }

    /// What Flipbook shows when a layout asks for a supplementary view the data source does not
    /// provide (UIKit raises): an empty view, reported.
    public func missingSupplementaryView(kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        FlipbookDiagnostics.report(
            "UICollectionView: the layout asked for a supplementary view of kind \(kind) at \(Self.describe(indexPath)) but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:); showing an empty view.",
            once: "UICollectionView.missingSupplementary.\(kind)")
        return MissingSupplementaryView(frame: .zero)
    }
}

/// Where elements start when a batch update animates them: their frames before the update,
/// and the layout's initial attributes for inserted ones.
@preconcurrency @MainActor
struct UpdateAnimationStart {
    /// Old frames of items still present, keyed by their new index path.
    var survivingFrames: [IndexPath: UICollectionViewLayoutAttributes]
    var inserted: Set<IndexPath>
    unowned var collectionView: UICollectionView

    func cellStart(_ path: IndexPath, final: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes? {
        if let old = survivingFrames[path] { return old }
        if let initial = collectionView.collectionViewLayout.initialLayoutAttributesForAppearingItem(at: path) {
            return initial
        }
        let faded = final.copy() as! UICollectionViewLayoutAttributes
        faded.alpha = 0
        return faded
    }

    func supplementaryStart(
        _ key: UICollectionView.SupplementaryKey, final: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes? {
        collectionView.collectionViewLayout.initialLayoutAttributesForAppearingSupplementaryElement(
            ofKind: key.kind, at: key.indexPath)
    }
}
