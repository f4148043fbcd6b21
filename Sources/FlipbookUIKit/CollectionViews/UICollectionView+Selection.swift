import Foundation
import FlipbookGeometry

extension UICollectionView {
    /// The selected items, in the order they were selected; nil when none is selected.
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedIndexPaths.isEmpty ? nil : selectedIndexPaths
    }

    /// Selects the item at `indexPath` (nil deselects everything) without asking the delegate,
    /// deselecting the others unless `allowsMultipleSelection`, and scrolls to it.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedIndexPaths { setSelected(false, at: path) }
            return
        }
        guard checkIndexPath(indexPath, in: "selectItem(at:animated:scrollPosition:)") else { return }
        if !allowsMultipleSelection {
            for path in selectedIndexPaths where path != indexPath { setSelected(false, at: path) }
        }
        setSelected(true, at: indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath` without asking the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard checkIndexPath(indexPath, in: "deselectItem(at:animated:)") else { return }
        setSelected(false, at: indexPath)
    }

    func setSelected(_ selected: Bool, at path: IndexPath) {
        if selected {
            if !selectedIndexPaths.contains(path) { selectedIndexPaths.append(path) }
        } else {
            selectedIndexPaths.removeAll { $0 == path }
        }
        visibleCellsByIndexPath[path]?.isSelected = selected
    }

    // MARK: Touches: highlight on touch down, select on touch up (docs/Semantics.md)

    func collectionTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, let touch = touches.first,
            let path = indexPathForItem(at: touch.location(in: self)), visibleCellsByIndexPath[path] != nil
        else { return }
        let delegate = collectionDelegate
        guard delegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        highlightedIndexPath = path
        visibleCellsByIndexPath[path]?.isHighlighted = true
        delegate?.collectionView(self, didHighlightItemAt: path)
    }

        func collectionTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedIndexPath else { return }
        highlightedIndexPath = nil
        let delegate = collectionDelegate
        let stillInside = touches.first.map { indexPathForItem(at: $0.location(in: self)) == path } ?? false
        let isSelected = selectedIndexPaths.contains(path)
        var select = false
        var deselect = false
        if stillInside && isValid(path) {
            if isSelected && allowsMultipleSelection {
                deselect = delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true
            } else {
                select = delegate?.collectionView(self, shouldSelectItemAt: path) ?? true
            }
        }
        visibleCellsByIndexPath[path]?.isHighlighted = false
        delegate?.collectionView(self, didUnhighlightItemAt: path)
        if deselect {
            setSelected(false, at: path)
            delegate?.collectionView(self, didDeselectItemAt: path)
        } else if select {
            if !allowsMultipleSelection {
                for other in selectedIndexPaths where other != path {
                    setSelected(false, at: other)
                    delegate?.collectionView(self, didDeselectItemAt: other)
                }
            }
            setSelected(true, at: path)
            delegate?.collectionView(self, didSelectItemAt: path)
        }
    }

    func collectionTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedIndexPath else { return }
        highlightedIndexPath = nil
        visibleCellsByIndexPath[path]?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }
}
