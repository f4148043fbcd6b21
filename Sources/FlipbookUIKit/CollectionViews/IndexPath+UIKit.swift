import Foundation

/// UIKit's additions to `IndexPath` (`UICollectionView`'s item and `UITableView`'s row):
/// a two-index path, section first.
///
/// Reading `section`/`item` of a path with fewer indexes returns 0 rather than trapping
/// (docs/Divergences.md, "Collection views"); every collection-view API checks paths it is
/// handed and reports ones out of range through `FlipbookDiagnostics`.
extension IndexPath {
    /// A path to `item` in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// A path to `row` in `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section index (the first index).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue, 0]) } }
    }

    /// The item index within the section (the second index).
    public var item: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) } }
    }

    /// The row index within the section (the second index; the table-view name of `item`).
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}

/// The same additions on Foundation's class, UIKit's `NSIndexPath (UITableView)` and
/// `(UICollectionViewAdditions)` categories: code from before Swift 3's `IndexPath` still reads
/// `(indexPath as NSIndexPath).row`.
extension NSIndexPath {
    /// A path to `row` in `section`.
    public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }
    /// A path to `item` in `section`.
    public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }

    /// The section index (the first index; 0 for an empty path).
    public var section: Int { length > 0 ? index(atPosition: 0) : 0 }
    /// The row index within the section (the second index; 0 for a shorter path).
    public var row: Int { length > 1 ? index(atPosition: 1) : 0 }
    /// The item index within the section (the collection-view name of `row`).
    public var item: Int { row }
}
