// FlipbookTesting: what a user's test target needs to test view-controller transitions
// written against Flipbook.
//
// - `.freshRuntime`: a Swift Testing trait that isolates tests sharing `MediaClock.main`.
// - Snapshot strategies for swift-snapshot-testing (`assertSnapshot(of: view, as: .image)`,
//   `.filmstrip(at:scale:)` for an `AppDriver`), drawn by Flipbook's `LayerRenderer`.
// - `TransitionRecorder`: the history of a custom transition, call by call, with clock times.
//
// SnapshotTesting is re-exported, so `import FlipbookTesting` is the one import a test file
// needs besides `import Flipbook` and `import Testing`. See docs/Testing.md.
@_exported import SnapshotTesting
import Flipbook
