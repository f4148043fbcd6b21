import Foundation

/// An Interface Builder archive, UIKit's `UINib`. Flipbook has no nibs (Linux has no Interface
/// Builder files): a nib can be named, so code that registers or loads one compiles, but
/// instantiating it reports and gives nothing. Build the views in code (docs/Divergences.md, "Nibs").
@preconcurrency @MainActor
open class UINib: NSObject {
    /// Keys of the `options` dictionary, UIKit's `UINib.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// The nib's name.
    let name: String

    /// A nib named `name` in `bundle` (never found in Flipbook).
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }

    /// A nib from archived data (never readable in Flipbook).
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        self.name = "<data>"
        super.init()
    }

    /// The nib's top-level objects: none, reported.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        UINib.reportMissing(name)
        return []
    }

    static func reportMissing(_ name: String) {
        FlipbookDiagnostics.report(
            "nib '\(name)': nibs are not provided in Flipbook (no Interface Builder files on Linux); nothing is loaded. "
                + "Build the view in code.", once: "nib.\(name)")
    }
}

extension Bundle {
    /// UIKit's nib loading: reported, nil (Flipbook has no nibs).
    @preconcurrency @MainActor
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        UINib.reportMissing(name)
        return nil
    }
}

// Registering a nib for reuse: code that does so compiles; the registration is reported and
// makes nothing, so dequeuing that identifier reports too (build the cell class and register it).
extension UICollectionView {
    /// UIKit's nib registration for cells: reported; nothing is registered.
    public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        UINib.reportMissing(nib?.name ?? identifier)
    }

    /// UIKit's nib registration for supplementary views: reported; nothing is registered.
    public func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        UINib.reportMissing(nib?.name ?? identifier)
    }
}

extension UITableView {
    /// UIKit's nib registration for cells: reported; nothing is registered.
    public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        UINib.reportMissing(nib?.name ?? identifier)
    }

    /// UIKit's nib registration for header and footer views: reported; nothing is registered.
    public func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        UINib.reportMissing(nib?.name ?? identifier)
    }
}
