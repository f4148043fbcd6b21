import Foundation

extension UIScrollView {
    /// What `register(_:forCell…ReuseIdentifier:)` keeps for `cellClass`: the class itself when it
    /// is a `Cell` subclass; otherwise `Cell`, with `diagnostic` reported once per `once` key.
    /// Shared by `UITableView` and `UICollectionView`.
    static func cellClass<Cell: UIView>(
        _ cellClass: AnyClass, subclassing base: Cell.Type, or diagnostic: @autoclosure () -> String, once: String
    ) -> Cell.Type {
        if let type = cellClass as? Cell.Type { return type }
        FlipbookDiagnostics.report(diagnostic(), once: once)
        return base
    }
}
