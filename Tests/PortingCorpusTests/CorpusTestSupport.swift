// What the corpus's XCTest cases share: a clean clock before each test and golden filmstrips
// compared through TestSupport's `GoldenImage` (the references are in __Snapshots__ beside
// this file; FLIPBOOK_RECORD_SNAPSHOTS=1 records them, and the test fails saying so).
import XCTest
import Flipbook
import TestSupport

enum Corpus {
    /// What `.freshRuntime` does around a Swift Testing test: nothing an earlier test left
    /// animating or scheduled reaches this one.
    static func resetClock() {
        MediaClock.main.reset()
        UIApplication.shared.discardTransientStateForTesting()
        AppRuntime.current.frameScale = nil
    }

    /// Lays `frames` left to right and compares them with `__Snapshots__/<name>.png`.
    static func assertFilmstrip(_ frames: [RenderedImage], named name: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        guard let strip = GoldenImage.filmstrip(frames) else {
            return XCTFail("\(name): the frames differ in size", file: file, line: line)
        }
        if let failure = GoldenImage.check(strip, named: name, tolerance: .init(channel: 2, pixelFraction: 0.001),
                                           filePath: "\(file)") {
            XCTFail(failure, file: file, line: line)
        }
    }
}
