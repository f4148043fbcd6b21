import Foundation
import Testing

@testable import FlipbookGeometry

/// `os_log` on Linux (Sources/FlipbookGeometry/OSLog.swift): the format's `{…}` annotations are
/// dropped, the values shown, and the levels kept are the unified log's defaults.
@Suite struct OSLogTests {
    @Test func annotationsAreDroppedAndValuesShown() {
        #expect(OSLog.render("%{public}@", ["state changed: full -> tip"]) == "state changed: full -> tip")
        #expect(OSLog.render("%{private}@ at %{public}d, %.1f", ["panel", 3, 2.25]) == "panel at 3, 2.2")
        #expect(OSLog.render("no values, 100%% done", []) == "no values, 100% done")
        #expect(OSLog.render("plain", []) == "plain")
    }

    @Test func levelsKeptByDefault() {
        let log = OSLog(subsystem: "com.example", category: "Panel")
        #expect(log.isEnabled(type: .default) && log.isEnabled(type: .error) && log.isEnabled(type: .fault))
        #expect(!log.isEnabled(type: .info) && !log.isEnabled(type: .debug))
        #expect(!OSLog.disabled.isEnabled(type: .fault))
        #expect(OSLog.default.isEnabled(type: .error))
    }

    @Test func lineNamesTheLogAndLevel() {
        let log = OSLog(subsystem: "com.example", category: .pointsOfInterest)
        #expect(log.line("moved", type: .error) == "[com.example:PointsOfInterest] Error: moved")
        #expect(OSLog.default.line("moved", type: .default) == "Default: moved")
    }

    /// Both argument orders compile, as in the `os` module.
    @Test func bothCallFormsCompile() {
        os_log("%{public}@", log: .disabled, type: .debug, "x")
        os_log(.info, log: .disabled, "%d", 1)
        os_log("plain", log: .disabled)
    }
}
