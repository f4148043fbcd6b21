import Foundation
import FlipbookGeometry

/// Supplies a collection view's sections, items and views, UIKit's `UICollectionViewDataSource`.
/// `numberOfItemsInSection` and `cellForItemAt` are required; the rest are optional, as in
/// Apple's protocol (default: one section, no supplementary views, no moving).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// A cell from `dequeueReusableCell(withReuseIdentifier:for:)`, configured for `indexPath`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// A view from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

/// Marks the default supplementary view Flipbook uses when a data source has none to give.
final class MissingSupplementaryView: UICollectionReusableView {}

/// The defaults stand for "not implemented": a data-source proxy (`DelegateForwarding`) hands
/// the call to its forwarding delegate first.
extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        forwarded(as: UICollectionViewDataSource.self) { $0.numberOfSections(in: collectionView) } ?? 1
    }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        forwarded(as: UICollectionViewDataSource.self) {
            $0.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
        }
            ?? collectionView.missingSupplementaryView(kind: kind, at: indexPath)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        forwarded(as: UICollectionViewDataSource.self) { $0.collectionView(collectionView, canMoveItemAt: indexPath) }
            ?? false
    }
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        forwarded(as: UICollectionViewDataSource.self) {
            $0.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
        }
    }
}

/// Hears about selection, highlighting and display in a collection view, UIKit's
/// `UICollectionViewDelegate`. Every member is optional.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, shouldHighlightItemAt: indexPath) }
            ?? true
    }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, didHighlightItemAt: indexPath) }
    }
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, didUnhighlightItemAt: indexPath) }
    }
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, shouldSelectItemAt: indexPath) }
            ?? true
    }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, shouldDeselectItemAt: indexPath) }
            ?? true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, didSelectItemAt: indexPath) }
    }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        forwarded(as: UICollectionViewDelegate.self) { $0.collectionView(collectionView, didDeselectItemAt: indexPath) }
    }
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        forwarded(as: UICollectionViewDelegate.self) {
            $0.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
        }
    }
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        forwarded(as: UICollectionViewDelegate.self) {
            $0.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
        }
    }
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {
        forwarded(as: UICollectionViewDelegate.self) {
            $0.collectionView(
                collectionView, willDisplaySupplementaryView: view, forElementKind: elementKind, at: indexPath)
        }
    }
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        forwarded(as: UICollectionViewDelegate.self) {
            $0.collectionView(
                collectionView, didEndDisplayingSupplementaryView: view, forElementOfKind: elementKind, at: indexPath)
        }
    }
}

/// Per-section and per-item values for a `UICollectionViewFlowLayout`, UIKit's
/// `UICollectionViewDelegateFlowLayout`. Every member is optional; the defaults return the
/// layout's own properties.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int) -> CGSize
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(collectionView, layout: collectionViewLayout, sizeForItemAt: indexPath)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(
                collectionView, layout: collectionViewLayout, minimumInteritemSpacingForSectionAt: section)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForHeaderInSection: section)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        forwarded(as: UICollectionViewDelegateFlowLayout.self) {
            $0.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForFooterInSection: section)
        }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}
