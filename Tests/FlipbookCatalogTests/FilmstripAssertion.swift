import Flipbook
import Foundation
import Testing
import TestSupport

/// Golden filmstrips for the catalog's apps: several frames side by side in one PNG,
/// compared with TestSupport's `GoldenImage` (references in `__Snapshots__/` beside the tests).
enum Filmstrip {
    static func join(_ frames: [RenderedImage]) -> RenderedImage? { GoldenImage.filmstrip(frames) }

    /// At most `pixelFraction` of the pixels may differ by more than `channel` (0…255).
    static func assert(
        _ image: RenderedImage, named name: String, channel: Int = 2, pixelFraction: Double = 0.001,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        GoldenImage.assert(
            image, named: name, tolerance: .init(channel: channel, pixelFraction: pixelFraction),
            filePath: filePath, sourceLocation: sourceLocation)
    }
}
