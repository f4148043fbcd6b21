import Foundation

/// A controller whose view is a collection view, UIKit's `UICollectionViewController`: it is the
/// collection view's data source and delegate, clears the selection when it appears
/// (`clearsSelectionOnViewWillAppear`) and declares the data source, collection delegate and
/// scroll delegate methods `open` with the protocols' defaults (no items, an empty cell), so
/// subclasses `override` them as on iOS. Flow-layout delegate methods are not among them, as on
/// iOS: a subclass adopts `UICollectionViewDelegateFlowLayout` itself.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private var layout: UICollectionViewLayout?
    private var storedCollectionView: UICollectionView?

    /// Whether `viewWillAppear` deselects the selected items (default true).
    open var clearsSelectionOnViewWillAppear = true
    /// Whether a long press reorders items (kept; Flipbook has no reordering gesture).
    open var installsStandardGestureForInteractiveMovement = false
    /// Whether a push between two collection view controllers animates the layout change
    /// (kept; Flipbook pushes them as any other controllers: docs/Divergences.md).
    open var useLayoutToLayoutNavigationTransitions = false

    /// A controller whose collection view lays out with `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The layout the controller was made with (the collection view's once it exists).
    open var collectionViewLayout: UICollectionViewLayout {
        if let view = storedCollectionView { return view.collectionViewLayout }
        return layout ?? missingLayout()
    }

    /// The collection view (the controller's view unless `view` was set to something else).
    open var collectionView: UICollectionView! {
        get {
            loadViewIfNeeded()
            return storedCollectionView
        }
        set {
            storedCollectionView = newValue
            newValue?.dataSource = self
            newValue?.delegate = self
            if let newValue { view = newValue }
        }
    }

    open override func loadView() {
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: layout ?? missingLayout())
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.dataSource = self
        collection.delegate = self
        storedCollectionView = collection
        view = collection
    }

    /// UIKit raises when a collection view controller made without a layout loads its view;
    /// Flipbook reports it and lays out with a default flow layout.
    private func missingLayout() -> UICollectionViewLayout {
        FlipbookDiagnostics.report(
            "\(type(of: self)) was made without a layout: a UICollectionView must be initialized with a non-nil layout "
                + "(UIKit raises here). Use init(collectionViewLayout:); Flipbook uses a UICollectionViewFlowLayout.",
            once: "collectionViewController.noLayout.\(ObjectIdentifier(self))")
        let flow = UICollectionViewFlowLayout()
        layout = flow
        return flow
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let collection = storedCollectionView else { return }
        for indexPath in collection.indexPathsForSelectedItems ?? [] { collection.deselectItem(at: indexPath, animated: animated) }
    }

    // MARK: UICollectionViewDataSource

    /// Default 0.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// Default: an empty cell (subclasses that have items override it).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.missingSupplementaryView(kind: kind, at: indexPath)
    }

    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    open func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    // MARK: UICollectionViewDelegate

    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }

    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}

    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}

    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }

    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }

    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}

    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}

    open func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}

    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}

    open func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}

    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}

    // MARK: UIScrollViewDelegate

    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}

    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}

    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}

    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}

    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}

    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}

    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}

    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }

    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}

    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}

    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }

    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}

    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}

    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
}
