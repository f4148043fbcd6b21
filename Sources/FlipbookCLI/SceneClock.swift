import FlipbookQuartz

/// Moves media time between rendered frames.
@MainActor
enum SceneClock {
    /// Advances `MediaClock.main` by `seconds` (one frame of the export), firing display links
    /// and animation callbacks on the way, as the running app would see.
    static func advance(_ seconds: Double) {
        MediaClock.main.advance(by: seconds)
    }
}
