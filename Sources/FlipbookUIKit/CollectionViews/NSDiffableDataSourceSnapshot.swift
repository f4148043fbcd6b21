import Foundation
import FlipbookQuartz

/// The state of a diffable data source's sections and items, UIKit's
/// `NSDiffableDataSourceSnapshot`: a value you build (append sections, then items) and hand to
/// `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`.
///
/// Misuse UIKit raises for (items with no section, duplicate identifiers, identifiers not in
/// the snapshot) is reported through `FlipbookDiagnostics` and the offending call does
/// nothing for the offending identifiers.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    private var sections: [SectionIdentifierType] = []
    private var itemsBySection: [[ItemIdentifierType]] = []
    private var sectionOfItem: [ItemIdentifierType: Int] = [:]
    private var reloadedItems: [ItemIdentifierType] = []
    private var reconfiguredItems: [ItemIdentifierType] = []
    private var reloadedSections: [SectionIdentifierType] = []

    public init() {}

    // MARK: Reading

    public var numberOfItems: Int { itemsBySection.reduce(0) { $0 + $1.count } }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        guard let index = sections.firstIndex(of: identifier) else {
            Self.report("numberOfItems(inSection:): section \(identifier) is not in the snapshot")
            return 0
        }
        return itemsBySection[index].count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let index = sections.firstIndex(of: identifier) else {
            Self.report("itemIdentifiers(inSection:): section \(identifier) is not in the snapshot")
            return []
        }
        return itemsBySection[index]
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier] else { return nil }
        let before = itemsBySection[..<section].reduce(0) { $0 + $1.count }
        return itemsBySection[section].firstIndex(of: identifier).map { before + $0 }
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// The index path of `identifier` (Flipbook helper used by the data source).
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let item = itemsBySection[section].firstIndex(of: identifier) else {
            return nil
        }
        return IndexPath(item: item, section: section)
    }

    /// The item at `indexPath`, or nil when out of range.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, itemsBySection.indices.contains(indexPath.section),
            itemsBySection[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemsBySection[indexPath.section][indexPath.item]
    }

    /// The item counts per section.
    var counts: [Int] { itemsBySection.map(\.count) }

    // MARK: Items

    /// Appends items to `sectionIdentifier` (the last section when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let section: Int
        if let sectionIdentifier {
            guard let index = sections.firstIndex(of: sectionIdentifier) else {
                Self.report("appendItems(_:toSection:): invalid section identifier \(sectionIdentifier); it is not in the snapshot")
                return
            }
            section = index
        } else {
            guard !sections.isEmpty else {
                Self.report("There are currently no sections in the data source. Please add a section first.")
                return
            }
            section = sections.count - 1
        }
        let fresh = unique(identifiers, api: "appendItems(_:toSection:)")
        for id in fresh { sectionOfItem[id] = section }
        itemsBySection[section].append(contentsOf: fresh)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, next: beforeIdentifier, offset: 0, api: "insertItems(_:beforeItem:)")
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, next: afterIdentifier, offset: 1, api: "insertItems(_:afterItem:)")
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], next: ItemIdentifierType, offset: Int, api: String) {
        guard let section = sectionOfItem[next], let index = itemsBySection[section].firstIndex(of: next) else {
            Self.report("\(api): item \(next) is not in the snapshot")
            return
        }
        let fresh = unique(identifiers, api: api)
        for id in fresh { sectionOfItem[id] = section }
        itemsBySection[section].insert(contentsOf: fresh, at: index + offset)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var bySection: [Int: Set<ItemIdentifierType>] = [:]
        for id in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: id) else {
                Self.report("deleteItems(_:): item \(id) is not in the snapshot")
                continue
            }
            bySection[section, default: []].insert(id)
        }
        for (section, ids) in bySection { itemsBySection[section].removeAll { ids.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sections = []
        itemsBySection = []
        sectionOfItem = [:]
        reloadedItems = []
        reconfiguredItems = []
        reloadedSections = []
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, offset: 0, api: "moveItem(_:beforeItem:)")
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, offset: 1, api: "moveItem(_:afterItem:)")
    }

    private mutating func move(_ identifier: ItemIdentifierType, next: ItemIdentifierType, offset: Int, api: String) {
        guard identifier != next else {
            Self.report("\(api): cannot move item \(identifier) relative to itself")
            return
        }
        guard let from = sectionOfItem[identifier], sectionOfItem[next] != nil else {
            Self.report("\(api): item \(sectionOfItem[identifier] == nil ? identifier : next) is not in the snapshot")
            return
        }
        itemsBySection[from].removeAll { $0 == identifier }
        let to = sectionOfItem[next]!
        let index = itemsBySection[to].firstIndex(of: next)! + offset
        itemsBySection[to].insert(identifier, at: index)
        sectionOfItem[identifier] = to
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItems.append(contentsOf: itemsInSnapshot(identifiers, api: "reloadItems(_:)"))
    }

    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItems.append(contentsOf: itemsInSnapshot(identifiers, api: "reconfigureItems(_:)"))
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in uniqueSections(identifiers, api: "appendSections(_:)") {
            sections.append(id)
            itemsBySection.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, offset: 0, api: "insertSections(_:beforeSection:)")
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, offset: 1, api: "insertSections(_:afterSection:)")
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], next: SectionIdentifierType, offset: Int, api: String) {
        guard let index = sections.firstIndex(of: next) else {
            Self.report("\(api): section \(next) is not in the snapshot")
            return
        }
        let fresh = uniqueSections(identifiers, api: api)
        sections.insert(contentsOf: fresh, at: index + offset)
        itemsBySection.insert(contentsOf: fresh.map { _ in [] }, at: index + offset)
        reindex()
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers {
            guard let index = sections.firstIndex(of: id) else {
                Self.report("deleteSections(_:): section \(id) is not in the snapshot")
                continue
            }
            sections.remove(at: index)
            itemsBySection.remove(at: index)
        }
        reindex()
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, offset: 0)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, offset: 1)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, next: SectionIdentifierType, offset: Int) {
        guard identifier != next, let from = sections.firstIndex(of: identifier), sections.contains(next) else {
            Self.report("moveSection: section \(identifier) or \(next) is not in the snapshot (or they are the same)")
            return
        }
        let items = itemsBySection.remove(at: from)
        sections.remove(at: from)
        let to = sections.firstIndex(of: next)! + offset
        sections.insert(identifier, at: to)
        itemsBySection.insert(items, at: to)
        reindex()
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSections.append(contentsOf: identifiers.filter { sections.contains($0) })
    }

    public mutating func reconfigureSections(_ identifiers: [SectionIdentifierType]) { reloadSections(identifiers) }

    // MARK: Helpers

    /// Forgets the reload and reconfigure marks (after an apply has used them).
    mutating func clearReloads() {
        reloadedItems = []
        reconfiguredItems = []
        reloadedSections = []
    }

    private mutating func reindex() {
        sectionOfItem = [:]
        for (section, items) in itemsBySection.enumerated() { for id in items { sectionOfItem[id] = section } }
    }

    private func unique(_ identifiers: [ItemIdentifierType], api: String) -> [ItemIdentifierType] {
        var seen = Set<ItemIdentifierType>()
        var fresh: [ItemIdentifierType] = []
        var duplicates: [ItemIdentifierType] = []
        for id in identifiers {
            if sectionOfItem[id] != nil || !seen.insert(id).inserted { duplicates.append(id) } else { fresh.append(id) }
        }
        if !duplicates.isEmpty {
            Self.report(
                "\(api): supplied item identifiers are not unique. Duplicate identifiers: {(\(duplicates.prefix(5).map { "\($0)" }.joined(separator: ", ")))}; the duplicates are skipped")
        }
        return fresh
    }

    private func uniqueSections(_ identifiers: [SectionIdentifierType], api: String) -> [SectionIdentifierType] {
        var seen = Set(sections)
        var fresh: [SectionIdentifierType] = []
        for id in identifiers {
            if seen.insert(id).inserted { fresh.append(id) } else {
                Self.report("\(api): supplied section identifiers are not unique. Duplicate identifier: \(id); skipped")
            }
        }
        return fresh
    }

    /// The identifiers of items in the snapshot; each other one is reported and skipped.
    private func itemsInSnapshot(_ identifiers: [ItemIdentifierType], api: String) -> [ItemIdentifierType] {
        identifiers.filter { id in
            guard sectionOfItem[id] != nil else {
                Self.report("\(api): item \(id) is not in the snapshot")
                return false
            }
            return true
        }
    }

    private static func report(_ message: String) {
        FlipbookDiagnostics.reportFromAnyContext("NSDiffableDataSourceSnapshot: \(message).")
    }
}
