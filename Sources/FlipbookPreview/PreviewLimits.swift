/// The live preview server's limits (documented in docs/Preview.md).
public enum PreviewLimits {
    /// Largest client message the server reads and answers (bigger ones get an error reply).
    public static let maxMessageBytes = 8 * 1024
    /// Largest WebSocket message at all: bigger ones close the connection (protocol limit).
    public static let maxWebSocketMessageBytes = 64 * 1024
    /// Pages served at once; one more gets an error and is closed.
    public static let maxSessions = 8
    /// Frames sent while playing that the page has not acknowledged yet; beyond this, frames
    /// are skipped (never queued).
    public static let framesInFlight = 2
    /// Text replies (errors, status) waiting to be written per page; older ones are dropped.
    public static let maxQueuedReplies = 64
    /// Encoded frames a session keeps for scrubbing back.
    public static let cachedFramesPerSession = 180
    /// The longest timeline (seconds), however late the user's last touch.
    public static let maxTimelineSeconds: Double = 120
    /// Fingers down at once.
    public static let maxFingers = 10
    /// Largest coordinate (points) or time (seconds) accepted in a message.
    public static let maxMagnitude: Double = 100_000
    /// The preview's frame rate: the timeline is `flipbook render --fps 60`'s.
    public static let fps: Double = 60
}
