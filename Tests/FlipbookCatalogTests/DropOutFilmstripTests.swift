import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Golden filmstrips of the drop-out seed (iPhone 15, scale 1), in
/// `__Snapshots__/DropOut/`: five frames of the presentation and six of the dismissal.
@MainActor
@Suite(.freshRuntime) struct DropOutFilmstripTests {
    /// Seconds after Present: falling, first impact, bouncing, settling, at rest.
    static let presentationTimes: [CFTimeInterval] = [0.15, 0.33, 0.5, 0.8, 1.6]
    /// Seconds after Dismiss: hanging and swinging, then falling away after 2⅔ s, gone.
    static let dismissalTimes: [CFTimeInterval] = [0.1, 0.3, 0.7, 1.5, 2.75, 4.1]

    static func frames(_ driver: AppDriver, at times: [CFTimeInterval]) -> [RenderedImage] {
        let start = driver.time
        return driver.renderFrames(at: times.map { start + $0 }, scale: 1)
    }

    static func assertStrip(_ frames: [RenderedImage], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let strip = try #require(Filmstrip.join(frames), sourceLocation: sourceLocation)
        Filmstrip.assert(strip, named: "DropOut/\(name)", sourceLocation: sourceLocation)
    }

    @Test func presentationFilmstrip() throws {
        let (driver, presenting) = DropOutFlowTests.makeApp()
        driver.tap(presenting.button)
        try Self.assertStrip(Self.frames(driver, at: Self.presentationTimes), "drop-out-present")
    }

    @Test func dismissalFilmstrip() throws {
        let (driver, presenting) = DropOutFlowTests.makeApp()
        driver.tap(presenting.button)
        driver.advance(by: 2)
        let modal = try #require(presenting.lastModal)
        driver.tap(modal.button)
        try Self.assertStrip(Self.frames(driver, at: Self.dismissalTimes), "drop-out-dismiss")
    }
}
