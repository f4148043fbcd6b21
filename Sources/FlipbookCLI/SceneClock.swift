import FlipbookQuartz

/// Moves media time between rendered frames.
@MainActor
enum SceneClock {
    /// Advances the media clock by `seconds` (one frame of the export).
    static func advance(_ seconds: Double) {
        // MediaClock.main.advance(by: seconds) once the animation engine's clock is in FlipbookQuartz.
    }
}
