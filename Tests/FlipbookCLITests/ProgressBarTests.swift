import Testing
@testable import FlipbookTool

/// The progress bar as a user sees it: what is drawn, and when.
@Suite struct ProgressBarTests {
    final class Screen: @unchecked Sendable { var writes: [String] = [] }

    @Test func drawsOnlyWhenTheBarGrowsAndEndsTheLine() {
        let screen = Screen()
        var bar = ProgressBar(label: "Rendering x", enabled: true, write: { screen.writes.append($0) })
        for done in 1...60 { bar.update(done, 60) }
        // The empty bar at the first frame, then 30 cells over 60 frames: one draw every second
        // frame, the last ending the line.
        #expect(screen.writes.count == 31)
        #expect(screen.writes.first == "\rRendering x " + String(repeating: "░", count: 30) + " 1/60 frames")
        #expect(screen.writes[1] == "\rRendering x " + "█" + String(repeating: "░", count: 29) + " 2/60 frames")
        #expect(screen.writes.last == "\rRendering x " + String(repeating: "█", count: 30) + " 60/60 frames\n")
    }

    @Test func drawsNothingWhenDisabledOrEmpty() {
        let screen = Screen()
        var off = ProgressBar(label: "x", enabled: false, write: { screen.writes.append($0) })
        off.update(1, 1)
        var empty = ProgressBar(label: "x", enabled: true, write: { screen.writes.append($0) })
        empty.update(0, 0)
        #expect(screen.writes.isEmpty)
    }

    @Test func clampsCountsOutOfRange() {
        let screen = Screen()
        var bar = ProgressBar(label: "x", enabled: true, write: { screen.writes.append($0) })
        bar.update(-3, 10)
        bar.update(15, 10)
        #expect(screen.writes == ["\rx " + String(repeating: "░", count: 30) + " 0/10 frames",
                                  "\rx " + String(repeating: "█", count: 30) + " 10/10 frames\n"])
    }
}
