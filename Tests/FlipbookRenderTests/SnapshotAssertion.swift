import Foundation
import Testing
import TestSupport
@testable import FlipbookRender

/// The renderer's tests compare against goldens with TestSupport's `GoldenImage`
/// (references in `Tests/FlipbookRenderTests/__Snapshots__/`).
typealias SnapshotTolerance = GoldenImage.Tolerance
typealias Snapshot = GoldenImage
