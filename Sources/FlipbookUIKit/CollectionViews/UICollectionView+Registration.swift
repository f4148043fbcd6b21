import Foundation

extension UICollectionView {
    /// A cell class and the closure that configures it for an item, UIKit's
    /// `UICollectionView.CellRegistration`: make it once (outside the cell provider) and pass it
    /// to `dequeueConfiguredReusableCell(using:for:item:)`.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void
        let handler: Handler
        let reuseIdentifier: String

        public init(handler: @escaping Handler) {
            self.handler = handler
            reuseIdentifier = "CellRegistration<\(String(reflecting: Cell.self))>"
        }
    }

    /// A supplementary view class, its kind and the closure that configures it, UIKit's
    /// `UICollectionView.SupplementaryRegistration`.
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = @MainActor (_ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath) -> Void
        let handler: Handler
        let elementKind: String
        let reuseIdentifier: String

        public init(elementKind: String, handler: @escaping Handler) {
            self.handler = handler
            self.elementKind = elementKind
            reuseIdentifier = "SupplementaryRegistration<\(String(reflecting: Supplementary.self))>"
        }
    }

    /// A cell made or reused for `registration`, configured by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        if cellClasses[registration.reuseIdentifier] == nil {
            cellClasses[registration.reuseIdentifier] = Cell.self
        }
        let dequeued = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
        let cell: Cell
        if let typed = dequeued as? Cell {
            cell = typed
        } else {
            FlipbookDiagnostics.report(
                "UICollectionView.dequeueConfiguredReusableCell: the queued cell is not a \(Cell.self); making a new one.",
                once: "UICollectionView.registrationType")
            cell = Cell(registeredFrame: dequeued.frame)
            cell.reuseIdentifier = registration.reuseIdentifier
            cell.cameFromDequeue = true
        }
        if let item {
            registration.handler(cell, indexPath, item)
        } else {
            FlipbookDiagnostics.report(
                "UICollectionView.dequeueConfiguredReusableCell: item is nil at \(Self.describe(indexPath)); the cell is not configured.",
                once: "UICollectionView.registrationNilItem")
        }
        return cell
    }

    /// A supplementary view made or reused for `registration`, configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let key = "\(registration.elementKind)/\(registration.reuseIdentifier)"
        if supplementaryClassesByName[key] == nil { supplementaryClassesByName[key] = Supplementary.self }
        let dequeued = dequeueReusableSupplementaryView(
            ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
        let view = dequeued as? Supplementary ?? {
            let made = Supplementary(registeredFrame: dequeued.frame)
            made.reuseIdentifier = registration.reuseIdentifier
            made.cameFromDequeue = true
            return made
        }()
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
