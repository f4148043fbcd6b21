import Foundation
import Testing
@testable import FlipbookUIKit

/// The batch-update planner on its own: no views, no clock (docs/Semantics.md, "Table views").
struct BatchUpdatePlanTests {
    private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    private func plan(
        _ u: BatchUpdate, _ old: [Int], _ new: [Int], _ words: BatchUpdateVocabulary = .collection
    ) -> BatchUpdatePlan? {
        try? BatchUpdatePlan.make(u, oldCounts: old, newCounts: new, vocabulary: words).get()
    }

    private func refusal(
        _ u: BatchUpdate, _ old: [Int], _ new: [Int], _ words: BatchUpdateVocabulary = .collection
    ) -> String? {
        if case .failure(let e) = BatchUpdatePlan.make(u, oldCounts: old, newCounts: new, vocabulary: words) { return e.message }
        return nil
    }

    @Test func survivorsKeepTheirOrderAroundAnInsertAndADelete() throws {
        let p = try #require(plan(BatchUpdate(insertedItems: [ip(0, 0)], deletedItems: [ip(0, 1)]), [5], [5]))
        #expect(p.oldToNew == [ip(0, 0): ip(0, 1), ip(0, 2): ip(0, 2), ip(0, 3): ip(0, 3), ip(0, 4): ip(0, 4)])
        #expect(p.inserted == [ip(0, 0)])
        #expect(p.deleted == [ip(0, 1)])
        #expect(p.reloaded.isEmpty && p.reloadedNew.isEmpty)
        #expect(p.sectionMap == [0: 0])
    }

    @Test func aMoveWithinASectionShiftsTheOthers() throws {
        let p = try #require(plan(BatchUpdate(movedItems: [(ip(0, 0), ip(0, 2))]), [3], [3]))
        #expect(p.oldToNew == [ip(0, 0): ip(0, 2), ip(0, 1): ip(0, 0), ip(0, 2): ip(0, 1)])
    }

    @Test func aMoveAcrossSectionsChangesBothCounts() throws {
        let p = try #require(plan(BatchUpdate(movedItems: [(ip(0, 0), ip(1, 0))]), [2, 2], [1, 3]))
        #expect(p.oldToNew == [ip(0, 0): ip(1, 0), ip(0, 1): ip(0, 0), ip(1, 0): ip(1, 1), ip(1, 1): ip(1, 2)])
        #expect(p.inserted.isEmpty && p.deleted.isEmpty)
    }

    @Test func insertedAndDeletedSectionsShiftTheSectionsThatStay() throws {
        let u = BatchUpdate(insertedSections: [0], deletedSections: [1])
        let p = try #require(plan(u, [2, 3, 4], [5, 2, 4]))
        #expect(p.sectionMap == [0: 1, 2: 2])
        #expect(p.inserted == Set((0..<5).map { ip(0, $0) }))
        #expect(p.deleted == Set((0..<3).map { ip(1, $0) }))
        #expect(p.oldToNew[ip(0, 1)] == ip(1, 1))
        #expect(p.oldToNew[ip(2, 3)] == ip(2, 3))
        #expect(p.oldToNew.count == 6)
    }

    @Test func aReloadedSectionIsReplacedWholeAndMayChangeItsCount() throws {
        let p = try #require(plan(BatchUpdate(reloadedSections: [1]), [2, 3], [2, 7]))
        #expect(p.sectionMap == [0: 0])
        #expect(p.reloaded == Set((0..<3).map { ip(1, $0) }))
        #expect(p.reloadedNew == Set((0..<7).map { ip(1, $0) }))
        #expect(p.oldToNew.keys.allSatisfy { $0.section == 0 })
    }

    @Test func aReloadedItemKeepsItsPlaceButIsMarked() throws {
        let p = try #require(plan(BatchUpdate(deletedItems: [ip(0, 0)], reloadedItems: [ip(0, 2)]), [3], [2]))
        #expect(p.oldToNew == [ip(0, 1): ip(0, 0), ip(0, 2): ip(0, 1)])
        #expect(p.reloaded == [ip(0, 2)])
        #expect(p.reloadedNew == [ip(0, 1)])
    }

    @Test func wrongCountsAreRefusedInUIKitsWords() {
        let u = BatchUpdate(insertedItems: [ip(0, 0)])
        #expect(refusal(u, [5], [7], .table) == "invalid number of rows in section 0. The number of rows contained in an existing section after the update (7) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)")
        #expect(refusal(u, [5], [7], .collection)?.hasPrefix("invalid number of items in section 0. The number of items contained") == true)
        #expect(refusal(BatchUpdate(deletedSections: [0]), [1, 1], [1, 1], .table) == "invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)")
    }

    @Test func pathsOutOfRangeAreRefused() {
        #expect(refusal(BatchUpdate(deletedItems: [ip(0, 20)]), [7], [6], .table) == "attempt to delete row 20 from section 0 which only contains 7 rows before the update")
        #expect(refusal(BatchUpdate(insertedItems: [ip(0, 9)]), [7], [8]) == "attempt to insert item 9 into section 0, but there are only 8 items in section 0 after the update")
        #expect(refusal(BatchUpdate(reloadedItems: [ip(1, 0)]), [7], [7]) == "attempt to reload item {1, 0}, which does not exist before the update")
        #expect(refusal(BatchUpdate(deletedSections: [3]), [1], [0]) == "attempt to delete section 3, but there are only 1 sections before the update")
        #expect(refusal(BatchUpdate(insertedSections: [4]), [1], [1, 1]) == "attempt to insert section 4, but there are only 2 sections after the update")
        #expect(refusal(BatchUpdate(movedItems: [(ip(0, 5), ip(0, 0))]), [3], [3]) == "attempt to move index path {0, 5}, which does not exist before the update")
    }

    @Test func aPathMovesOnceAndIsNotAlsoDeleted() {
        let twice = BatchUpdate(movedItems: [(ip(0, 0), ip(0, 1)), (ip(0, 0), ip(0, 2))])
        #expect(refusal(twice, [3], [3]) == "attempt to perform a move of index path {0, 0} more than once or together with a delete")
        let deleted = BatchUpdate(deletedItems: [ip(0, 0)], movedItems: [(ip(0, 0), ip(0, 1))])
        #expect(refusal(deleted, [3], [2]) != nil)
    }

    @Test func anEmptyUpdateMapsEveryItemToItself() throws {
        let p = try #require(plan(BatchUpdate(), [2, 0, 1], [2, 0, 1]))
        #expect(p.oldToNew == [ip(0, 0): ip(0, 0), ip(0, 1): ip(0, 1), ip(2, 0): ip(2, 0)])
        #expect(p.sectionMap == [0: 0, 1: 1, 2: 2])
    }
}
