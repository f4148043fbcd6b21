// TestSupport: recorders and helpers shared by the test targets. It re-exports
// FlipbookTesting (the `.freshRuntime` trait, snapshot strategies, `TransitionRecorder`),
// so the test targets that import TestSupport see it as before.
@_exported import FlipbookTesting
import Flipbook
