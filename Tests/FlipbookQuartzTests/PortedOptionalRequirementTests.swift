import Foundation
import Testing
import FlipbookQuartz

// An `@objc optional` method requirement returning a value, as `flipbook port` writes it: the iOS
// signature, a default that says it is one, and `?(…)` calls through `answer`.
private protocol DrawerSizing: AnyObject {
    func drawerHeight(bottomSafeArea: Double) -> Double
    func supportedStops() -> [Int]
}

extension DrawerSizing {
    func drawerHeight(bottomSafeArea: Double) -> Double { PortedOptionalRequirement.notImplemented(returning: 0) }
    func supportedStops() -> [Int] { PortedOptionalRequirement.notImplemented(returning: []) }
}

/// Written as on iOS: `-> Double`, not `Double?`.
private final class TallDrawer: DrawerSizing {
    func drawerHeight(bottomSafeArea: Double) -> Double { 300 + bottomSafeArea }
}

private final class PlainDrawer: DrawerSizing {}

/// Answers 0, the very value the default returns: still an answer.
private final class FlatDrawer: DrawerSizing {
    func drawerHeight(bottomSafeArea: Double) -> Double { 0 }
}

/// Its own height asks another drawer, whose default answers, and falls back.
private final class NestingDrawer: DrawerSizing {
    let inner: DrawerSizing
    init(inner: DrawerSizing) { self.inner = inner }
    func drawerHeight(bottomSafeArea: Double) -> Double {
        PortedOptionalRequirement.answer({ inner.drawerHeight(bottomSafeArea: bottomSafeArea) }) ?? 68
    }
}

private struct Refused: Error {}

struct PortedOptionalRequirementTests {
    @Test func anImplementedRequirementAnswersItsValue() {
        #expect(PortedOptionalRequirement.answer({ TallDrawer().drawerHeight(bottomSafeArea: 34) }) == 334)
    }

    @Test func aRequirementLeftToItsDefaultAnswersNil() {
        let drawer: DrawerSizing = PlainDrawer()
        #expect(PortedOptionalRequirement.answer({ drawer.drawerHeight(bottomSafeArea: 34) }) == nil)
        #expect(PortedOptionalRequirement.answer({ drawer.supportedStops() }) == nil)
        // The caller's fallback runs, as `?(…) ?? 68` did on iOS.
        #expect((PortedOptionalRequirement.answer({ drawer.drawerHeight(bottomSafeArea: 34) }) ?? 68) == 68)
        // Called directly, the default returns its placeholder.
        #expect(drawer.drawerHeight(bottomSafeArea: 34) == 0)
    }

    @Test func anImplementationAnsweringThePlaceholderIsStillAnAnswer() {
        #expect(PortedOptionalRequirement.answer({ FlatDrawer().drawerHeight(bottomSafeArea: 34) }) == 0)
    }

    @Test func aNilOptionalChainAnswersNil() {
        var drawer: DrawerSizing? = nil
        #expect(PortedOptionalRequirement.answer({ drawer?.drawerHeight(bottomSafeArea: 1) }) == nil)
        drawer = TallDrawer()
        #expect(PortedOptionalRequirement.answer({ drawer?.drawerHeight(bottomSafeArea: 1) }) == 301)
    }

    @Test func aNestedAnswerKeepsTheDefaultItReachedToItself() {
        // The inner drawer's default answers the inner `answer`; the outer call reached none.
        let drawer = NestingDrawer(inner: PlainDrawer())
        #expect(PortedOptionalRequirement.answer({ drawer.drawerHeight(bottomSafeArea: 0) }) == 68)
        #expect(PortedOptionalRequirement.answer({ NestingDrawer(inner: TallDrawer()).drawerHeight(bottomSafeArea: 0) }) == 300)
    }

    @Test func aThrowingCallRethrowsAndLeavesNoProbeBehind() {
        #expect(throws: Refused.self) {
            try PortedOptionalRequirement.answer({ () throws -> Double in throw Refused() })
        }
        // A default reached after the throw, outside any answer, changes nothing later.
        _ = PlainDrawer().drawerHeight(bottomSafeArea: 0)
        #expect(PortedOptionalRequirement.answer({ TallDrawer().drawerHeight(bottomSafeArea: 0) }) == 300)
    }

    @Test func concurrentAnswersDoNotSeeEachOthersDefaults() async {
        let answers = await withTaskGroup(of: (Int, Double?).self) { group in
            for i in 0..<200 {
                group.addTask {
                    let drawer: DrawerSizing = i.isMultiple(of: 2) ? TallDrawer() : PlainDrawer()
                    return (i, PortedOptionalRequirement.answer({ drawer.drawerHeight(bottomSafeArea: Double(i)) }))
                }
            }
            var all: [Int: Double?] = [:]
            for await (i, answer) in group { all[i] = answer }
            return all
        }
        for (i, answer) in answers {
            #expect(answer == (i.isMultiple(of: 2) ? 300 + Double(i) : nil))
        }
    }
}
