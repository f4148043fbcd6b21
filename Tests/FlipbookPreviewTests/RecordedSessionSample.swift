// "Copy as test" in `flipbook preview`: card-flip on iphone-se at 1x, 8 touch events.
// The touches are replayed on the scene's AppDriver at their frames; the filmstrip shows the
// frames where you paused and where transitions began and ended, the history every transition call.
// In a test target that depends on FlipbookTesting: the first `swift test` records the references
// (and fails, as swift-snapshot-testing does), the next ones compare against them.
import Flipbook
import FlipbookTesting
import Testing
@testable import FlipbookCatalog

@Test(.freshRuntime) @MainActor func cardFlipSession() {
    let replay = SceneReplay(CardFlipScene.self, device: .iPhoneSE, scale: 1, touches: [
        .down(0, x: 3.0, y: 333.0, frame: 90, time: 1.5),
        .move(0, x: 30.0, y: 333.0, frame: 90, time: 1.52),
        .move(0, x: 60.0, y: 333.0, frame: 90, time: 1.54),
        .move(0, x: 90.0, y: 333.0, frame: 90, time: 1.56),
        .move(0, x: 120.0, y: 333.0, frame: 90, time: 1.58),
        .move(0, x: 150.0, y: 333.0, frame: 90, time: 1.6),
        .move(0, x: 180.0, y: 333.0, frame: 90, time: 1.62),
        .up(0, x: 180.0, y: 333.0, frame: 90, time: 1.6400000000000001),
    ])
    let recorder = TransitionRecorder(app: replay.driver)
    // Frames at 60 fps: 30 (presentation began), 48 (presentation half way), 66 (presentation completed), 90 (paused, dismissal began), 100 (dismissal half way), 110 (dismissal completed)
    assertSnapshot(of: replay.filmstrip(atFrames: [30, 48, 66, 90, 100, 110]), as: .image(), named: "filmstrip")
    assertSnapshot(of: recorder.history.description, as: .lines, named: "transitions")
}
