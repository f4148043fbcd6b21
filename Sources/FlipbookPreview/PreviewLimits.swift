/// The live preview server's limits (documented in docs/Preview.md).
public enum PreviewLimits {
    /// Largest client message the server reads and answers (bigger ones get an error reply).
    public static let maxMessageBytes = 8 * 1024
    /// Largest WebSocket message at all: bigger ones close the connection (protocol limit).
    public static let maxWebSocketMessageBytes = 64 * 1024
    /// Pages served at once; one more gets an error and is closed.
    public static let maxSessions = 8
    /// Flow control (docs/Preview.md, "Limits"): a played or touched frame is sent only while
    /// the page has fewer than `framesInFlight` frames and fewer than `bytesInFlight` bytes of
    /// frames unacknowledged (or nothing at all); otherwise played frames are skipped and a
    /// touched frame waits for the next acknowledgement, never queued. The page acknowledges a
    /// frame once it has drawn it. Several small frames may be in flight at once, so a round
    /// trip longer than a frame costs no frames; big ones are limited by their bytes.
    public static let framesInFlight = 6
    /// See `framesInFlight`.
    public static let bytesInFlight = 128 * 1024
    /// A frame answering a touch is sent only while fewer than this many frames are
    /// unacknowledged (and within `bytesInFlight`): when the page is slow, the touched frame
    /// waits for an acknowledgement and then shows every touch that came meanwhile, instead of
    /// queuing behind older frames (input latency before frame rate).
    public static let touchFramesInFlight = 2
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
    /// A page showing the frame at no more than this share of its pixels (across and down, in
    /// device pixels: the page reports its size with a `view` message) is sent its moving
    /// frames' JPEG parts at half resolution: a quarter of the pixels to encode, send and
    /// decode, losing at most a sixth of the detail the screen can show, and only while the
    /// scene moves (the exact frame follows as soon as it stands still). docs/Preview.md.
    public static let halfResolutionDisplayShare = 0.6
    /// The preview's frame rate: the timeline is `flipbook render --fps 60`'s.
    public static let fps: Double = 60
    /// How far a pointer event's time may lie before the time of the frame it is applied at
    /// (the page shows frames a little late), in seconds; earlier times are clamped.
    public static let maxInputLag: Double = 1
    /// How far it may lie after it (a drag made while paused runs on the page's clock from the
    /// frame shown), in seconds; later times are clamped.
    public static let maxInputLead: Double = 30
    /// The gallery's thumbnails: widths in pixels a page may ask for (clamped), worker processes
    /// drawing at once, thumbnails a worker draws before it is replaced (bounding its memory),
    /// and the longest a thumbnail may take before its worker is ended, in seconds.
    public static let thumbnailWidths = 40...800
    public static let thumbnailWorkers = 2
    public static let thumbnailsPerWorker = 100
    public static let thumbnailTimeout: Double = 20
    /// Previews a page of the gallery shows at once (the page asks only for those thumbnails).
    public static let galleryPageSize = 60
}
