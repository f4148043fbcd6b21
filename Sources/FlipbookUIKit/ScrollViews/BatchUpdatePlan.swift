import Foundation

/// What one batch update of a table or collection view asks for (docs/Semantics.md, "Table
/// views"): deletions and reloads in the old index space, insertions in the new one, moves
/// from old to new. Item index paths have two indexes (section, row or item).
struct BatchUpdate: Sendable {
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []

    var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && insertedItems.isEmpty
            && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }
}

/// The words of UIKit's "Invalid update" messages: "row" and "table view" for a table,
/// "item" and "collection view" for a collection view.
struct BatchUpdateVocabulary: Sendable, Equatable {
    let item: String
    let view: String

    static let table = BatchUpdateVocabulary(item: "row", view: "table view")
    static let collection = BatchUpdateVocabulary(item: "item", view: "collection view")
}

/// A batch update UIKit refuses: its message, without the "Invalid update: " prefix.
struct InvalidBatchUpdate: Error, Equatable, Sendable {
    let message: String
}

/// How one batch update maps the old items onto the new ones: a pure function of the old and
/// new counts and the update, shared by `UITableView` and `UICollectionView`.
///
/// The counts are checked as UIKit checks them: every deleted, reloaded or moved-from path
/// must exist before the update, every inserted or moved-to path after it, a path moves at
/// most once and is not also deleted, and every section that stays (and is not reloaded) must
/// hold its old count minus deletions plus insertions, plus moves in from and minus moves out
/// to other sections. A reloaded section is a deletion and an insertion of the whole section:
/// its counts may change and none of its items maps. The items that stay keep their order
/// around the inserted, deleted and moved ones.
struct BatchUpdatePlan: Equatable, Sendable {
    /// Old index path → new, for every item that stays: moved items and reloaded items included
    /// (a reloaded item keeps its place but gets a new cell); not the items of reloaded sections.
    var oldToNew: [IndexPath: IndexPath] = [:]
    /// New index paths that arrive: inserted items and every item of an inserted section.
    var inserted: Set<IndexPath> = []
    /// Old index paths that leave: deleted items and every item of a deleted section.
    var deleted: Set<IndexPath> = []
    /// Old index paths reloaded: reloaded items and every item of a reloaded section.
    var reloaded: Set<IndexPath> = []
    /// New index paths of the reloaded items and of every item of a reloaded section.
    var reloadedNew: Set<IndexPath> = []
    /// Old section → new, for the sections that stay and are not reloaded.
    var sectionMap: [Int: Int] = [:]

    /// The plan for `update` from `oldCounts` to `newCounts` (items per section), or UIKit's
    /// reason for refusing it, worded for a table or a collection view.
    static func make(
        _ update: BatchUpdate, oldCounts: [Int], newCounts: [Int], vocabulary words: BatchUpdateVocabulary
    ) -> Result<BatchUpdatePlan, InvalidBatchUpdate> {
        do {
            return .success(try plan(update, oldCounts: oldCounts, newCounts: newCounts, words))
        } catch {
            return .failure(error)
        }
    }

    private static func plan(
        _ u: BatchUpdate, oldCounts: [Int], newCounts: [Int], _ words: BatchUpdateVocabulary
    ) throws(InvalidBatchUpdate) -> BatchUpdatePlan {
        let planner = Planner(u: u, oldCounts: oldCounts, newCounts: newCounts, item: words.item, view: words.view)
        try planner.checkSections()
        let sections = planner.pairSections()
        try planner.checkItemPaths()
        let moves = try planner.pairMoves()
        try planner.checkCounts(of: sections)
        return planner.map(sections, moves)
    }
}

extension BatchUpdatePlan {
    /// The sections that stay: the old ones not deleted, in order, onto the new ones not inserted.
    fileprivate struct SectionPairing {
        let survivingOld: [Int]
        let newSectionOfOld: [Int: Int]
    }

    /// The moves, checked: new path → old, and the old paths moved from.
    fileprivate struct Moves {
        var movedTo: [IndexPath: IndexPath] = [:]
        var movedFrom = Set<IndexPath>()
    }

    /// One planning's stages, in the order UIKit checks: sections, then each item path, then
    /// the moves, then the counts of the sections that stay; last, the map.
    fileprivate struct Planner {
        let u: BatchUpdate
        let oldCounts: [Int]
        let newCounts: [Int]
        let item: String
        let view: String

        private func fail(_ message: String) -> InvalidBatchUpdate { InvalidBatchUpdate(message: message) }
        private func exists(_ p: IndexPath, in counts: [Int]) -> Bool {
            p.count == 2 && counts.indices.contains(p.section) && p.item >= 0 && p.item < counts[p.section]
        }
        private func count(of p: IndexPath, in counts: [Int]) -> Int {
            p.count == 2 && counts.indices.contains(p.section) ? counts[p.section] : 0
        }
        private func describe(_ p: IndexPath) -> String { p.count == 2 ? "{\(p.section), \(p.item)}" : "\(p)" }

        /// Deleted and reloaded sections exist before, inserted ones after, and the number of
        /// sections adds up.
        func checkSections() throws(InvalidBatchUpdate) {
            for s in u.deletedSections where !oldCounts.indices.contains(s) {
                throw fail("attempt to delete section \(s), but there are only \(oldCounts.count) sections before the update")
            }
            for s in u.reloadedSections where !oldCounts.indices.contains(s) {
                throw fail("attempt to reload section \(s), but there are only \(oldCounts.count) sections before the update")
            }
            let expectedSections = oldCounts.count - u.deletedSections.count + u.insertedSections.count
            guard expectedSections == newCounts.count else {
                throw fail(
                    "invalid number of sections. The number of sections contained in the \(view) after the update (\(newCounts.count)) must be equal to the number of sections contained in the \(view) before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(u.insertedSections.count) inserted, \(u.deletedSections.count) deleted)")
            }
            for s in u.insertedSections where !newCounts.indices.contains(s) {
                throw fail("attempt to insert section \(s), but there are only \(newCounts.count) sections after the update")
            }
        }

        func pairSections() -> SectionPairing {
            let survivingOld = oldCounts.indices.filter { !u.deletedSections.contains($0) }
            let survivingNew = newCounts.indices.filter { !u.insertedSections.contains($0) }
            var newSectionOfOld: [Int: Int] = [:]
            for (o, n) in zip(survivingOld, survivingNew) { newSectionOfOld[o] = n }
            return SectionPairing(survivingOld: survivingOld, newSectionOfOld: newSectionOfOld)
        }

        /// Deleted and reloaded items exist before the update, inserted ones after it.
        func checkItemPaths() throws(InvalidBatchUpdate) {
            for p in u.deletedItems where !exists(p, in: oldCounts) {
                throw fail(
                    "attempt to delete \(item) \(p.count == 2 ? p.item : -1) from section \(p.count >= 1 ? p[0] : -1) which only contains \(count(of: p, in: oldCounts)) \(item)s before the update")
            }
            for p in u.reloadedItems where !exists(p, in: oldCounts) {
                throw fail("attempt to reload \(item) \(describe(p)), which does not exist before the update")
            }
            for p in u.insertedItems where !exists(p, in: newCounts) {
                let s = p.count >= 1 ? p[0] : -1
                throw fail(
                    "attempt to insert \(item) \(p.count == 2 ? p.item : -1) into section \(s), but there are only \(count(of: p, in: newCounts)) \(item)s in section \(s) after the update")
            }
        }

        /// Each move from a path that exists before to one that exists after, at most once a
        /// path, and not from a deleted path.
        func pairMoves() throws(InvalidBatchUpdate) -> Moves {
            let deletedItems = Set(u.deletedItems)
            var moves = Moves()
            for (a, b) in u.movedItems {
                guard exists(a, in: oldCounts) else {
                    throw fail("attempt to move index path \(describe(a)), which does not exist before the update")
                }
                guard exists(b, in: newCounts) else {
                    throw fail("attempt to move index path \(describe(a)) to index path \(describe(b)), which does not exist after the update")
                }
                guard !moves.movedFrom.contains(a), moves.movedTo[b] == nil, !deletedItems.contains(a) else {
                    throw fail("attempt to perform a move of index path \(describe(a)) more than once or together with a delete")
                }
                moves.movedFrom.insert(a)
                moves.movedTo[b] = a
            }
            return moves
        }

        /// Every section that stays (and is not reloaded) holds its old count minus deletions
        /// plus insertions, plus moves in and minus moves out.
        func checkCounts(of sections: SectionPairing) throws(InvalidBatchUpdate) {
            for o in sections.survivingOld where !u.reloadedSections.contains(o) {
                guard let n = sections.newSectionOfOld[o] else { continue }
                let deleted = u.deletedItems.filter { $0.section == o }.count
                let inserted = u.insertedItems.filter { $0.section == n }.count
                let movedOut = u.movedItems.filter { $0.from.section == o && $0.to.section != n }.count
                let movedIn = u.movedItems.filter { $0.to.section == n && $0.from.section != o }.count
                guard newCounts[n] == oldCounts[o] - deleted + inserted + movedIn - movedOut else {
                    throw fail(
                        "invalid number of \(item)s in section \(n). The number of \(item)s contained in an existing section after the update (\(newCounts[n])) must be equal to the number of \(item)s contained in that section before the update (\(oldCounts[o])), plus or minus the number of \(item)s inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(item)s moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)")
                }
            }
        }

        /// The plan of a checked update.
        func map(_ sections: SectionPairing, _ moves: Moves) -> BatchUpdatePlan {
            let deletedItems = Set(u.deletedItems)
            let insertedItems = Set(u.insertedItems)
            var plan = BatchUpdatePlan()
            for (b, a) in moves.movedTo { plan.oldToNew[a] = b }
            for o in sections.survivingOld {
                guard let n = sections.newSectionOfOld[o] else { continue }
                if u.reloadedSections.contains(o) {
                    for i in 0..<oldCounts[o] { plan.reloaded.insert(IndexPath(item: i, section: o)) }
                    for i in 0..<newCounts[n] { plan.reloadedNew.insert(IndexPath(item: i, section: n)) }
                    continue
                }
                plan.sectionMap[o] = n
                let oldItems = (0..<oldCounts[o]).lazy.map { IndexPath(item: $0, section: o) }
                    .filter { !deletedItems.contains($0) && !moves.movedFrom.contains($0) }
                let newItems = (0..<newCounts[n]).lazy.map { IndexPath(item: $0, section: n) }
                    .filter { !insertedItems.contains($0) && moves.movedTo[$0] == nil }
                for (a, b) in zip(oldItems, newItems) { plan.oldToNew[a] = b }
            }
            for s in u.insertedSections {
                for i in 0..<newCounts[s] { plan.inserted.insert(IndexPath(item: i, section: s)) }
            }
            plan.inserted.formUnion(insertedItems)
            for s in u.deletedSections {
                for i in 0..<oldCounts[s] { plan.deleted.insert(IndexPath(item: i, section: s)) }
            }
            plan.deleted.formUnion(deletedItems)
            for p in u.reloadedItems {
                guard let n = plan.oldToNew[p] else { continue }  // also deleted, or in a reloaded section
                plan.reloaded.insert(p)
                plan.reloadedNew.insert(n)
            }
            return plan
        }
    }
}
