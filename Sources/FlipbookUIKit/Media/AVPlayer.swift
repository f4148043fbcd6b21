import Foundation

// The few AVFoundation and AVKit types that photo and video browsers reach for to show a video
// page: a player, its layer and the player controller. Flipbook decodes no video: a player
// keeps its item and its rate, its layer and controller show black, and the first `play()`
// is reported (docs/Divergences.md, "Video players"). `flipbook port` keeps a file whose only
// AVFoundation and AVKit names are these.

/// How a video fills its layer, AVFoundation's `AVLayerVideoGravity`.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
}

/// Timed media, AVFoundation's `AVAsset`: here only what an item was made from.
open class AVAsset: NSObject, @unchecked Sendable {
    // Unchecked: as Apple's SDK declares it; the asset stores nothing here. An open NSObject
    // subclass cannot be checked Sendable, and the main actor would not fit a value Apple lets
    // any thread read.
    public override init() { super.init() }
}

/// Media at a URL, AVFoundation's `AVURLAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    // Unchecked: as Apple's SDK declares it; its one stored property is a `let` of a Sendable type.
    /// Where the media is.
    public let url: URL
    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init()
    }
}

/// A media item to play, AVFoundation's `AVPlayerItem` (its URL and asset only).
open class AVPlayerItem: NSObject, @unchecked Sendable {
    // Unchecked: as Apple's SDK declares it; the item is immutable here.
    public let url: URL
    /// The asset the item plays: an `AVURLAsset` of `url`.
    public let asset: AVAsset
    public init(url URL: URL) {
        url = URL
        asset = AVURLAsset(url: URL)
    }
    public init(asset: AVAsset) {
        self.asset = asset
        url = (asset as? AVURLAsset)?.url ?? URL(fileURLWithPath: "/dev/null")
    }

    /// How long the item plays: indefinite, as AVFoundation reports it until an item has
    /// loaded (and for a live stream); nothing loads here.
    open var duration: CMTime { .indefinite }
}

extension NSNotification.Name {
    /// An item played to its end. Flipbook plays nothing, so it is never posted.
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
}

/// A player, AVFoundation's `AVPlayer`. It decodes nothing, but keeps a playhead: `rate` is 1
/// after `play()` and 0 after `pause()`, and while an item plays, `currentTime()` advances at
/// the rate on the media clock, from 0 or where `seek(to:)` put it. Time observers are called
/// as AVFoundation calls them (`AVPlayer+TimeObservers.swift`).
@preconcurrency @MainActor
open class AVPlayer: NSObject {
    /// The item being played.
    open private(set) var currentItem: AVPlayerItem?
    /// 1 while "playing", 0 while paused. A change moves the playhead on from where it is and
    /// calls the periodic observers.
    open var rate: Float = 0 {
        didSet {
            if !rate.isFinite {
                FlipbookDiagnostics.report("AVPlayer.rate set to \(rate); playing at rate 0 instead.", once: "AVPlayer.rate")
                rate = 0  // (no second didSet: an observer's own assignment does not call it)
            }
            guard rate != oldValue else { return }
            playhead.setRate(Double(rate), now: MediaClock.main.now)
            timeObservers.playbackChanged(self)
        }
    }
    /// Where the item is, in seconds, and since when at what rate.
    var playhead = Playhead()
    var timeObservers = TimeObservers()
    /// Whether the sound is off.
    open var isMuted = false
    /// The volume, 0 to 1.
    open var volume: Float = 1

    /// Whether a player can play, AVFoundation's `AVPlayer.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay = 1
        case failed = 2
    }

    /// `.readyToPlay` once the player has an item (AVFoundation reaches it when the item has
    /// loaded; nothing loads here), else `.unknown`. Never `.failed`.
    open var status: Status { currentItem == nil ? .unknown : .readyToPlay }
    /// Why the player failed: never set here.
    open var error: (any Error)? { nil }

    public override init() { super.init() }
    public init(url URL: URL) { currentItem = AVPlayerItem(url: URL) }
    public init(playerItem item: AVPlayerItem?) { currentItem = item }

    open func replaceCurrentItem(with item: AVPlayerItem?) {
        currentItem = item
        playhead.seek(to: 0, now: MediaClock.main.now)
        timeObservers.playbackChanged(self)
    }

    /// Starts "playing": Flipbook decodes no video, which is reported once.
    open func play() {
        FlipbookDiagnostics.report(
            "AVPlayer.play(): Flipbook decodes no video; the player's layer and controller show black.",
            once: "AVPlayer.play")
        rate = 1
    }

    open func pause() { rate = 0 }

    // MARK: Time (the playhead and observers: AVPlayer+TimeObservers.swift)

    /// The playhead's time (`CMTime` in timescale 600, QuickTime's movie timescale).
    open func currentTime() -> CMTime {
        CMTime(seconds: playhead.position(now: MediaClock.main.now), preferredTimescale: 600)
    }

    /// Moves the playhead to `time` (an invalid or non-numeric time is ignored; a negative one
    /// is 0) and calls the periodic observers.
    open func seek(to time: CMTime) { seek(to: time, completionHandler: { _ in }) }

    /// Moves the playhead, then calls `completionHandler` with `true` on the next frame (the
    /// seek finished; nothing interrupts it here).
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        guard time.isNumeric else {
            FlipbookDiagnostics.report("AVPlayer.seek(to:) got \(time), which is not a numeric time; ignored.", once: "AVPlayer.seek")
            MediaClock.main.schedule(after: 0) { completionHandler(false) }
            return
        }
        playhead.seek(to: max(0, time.seconds), now: MediaClock.main.now)
        timeObservers.playbackChanged(self)
        MediaClock.main.schedule(after: 0) { completionHandler(true) }
    }

    /// Seeks within tolerances: exactly here, as no frames constrain it.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) { seek(to: time) }

    open func seek(
        to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        seek(to: time, completionHandler: completionHandler)
    }

    /// Calls `block` every `interval` of the item's time while playing, and when playback
    /// starts, stops or jumps. Keep the returned object to remove it with `removeTimeObserver`.
    open func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void
    ) -> Any {
        let seconds = interval.seconds
        let observer = TimeObserver(interval: seconds.isFinite && seconds > 0 ? seconds : 0, block: block)
        if !(seconds.isFinite && seconds > 0) {
            FlipbookDiagnostics.report(
                "AVPlayer.addPeriodicTimeObserver(forInterval:) got \(interval); AVFoundation requires a positive numeric "
                    + "interval. The observer is called only when playback starts, stops or jumps.",
                once: "AVPlayer.addPeriodicTimeObserver")
        }
        timeObservers.add(observer, to: self)
        return observer
    }

    /// Stops an observer this player returned. One from another player is reported and left,
    /// where AVFoundation raises an exception.
    open func removeTimeObserver(_ observer: Any) {
        guard let o = observer as? TimeObserver, timeObservers.remove(o) else {
            FlipbookDiagnostics.report(
                "AVPlayer.removeTimeObserver(_:) was given an object this player did not return; AVFoundation raises an "
                    + "exception here. Ignored.",
                once: "AVPlayer.removeTimeObserver")
            return
        }
    }
}

/// A layer that shows a player's video, AVFoundation's `AVPlayerLayer`: black here.
open class AVPlayerLayer: CALayer {
    /// The player whose video the layer shows.
    open var player: AVPlayer? {
        didSet { showPlayer() }
    }

    /// Black while there is a player (set from the initialiser too, where `didSet` does not run).
    private func showPlayer() { backgroundColor = player == nil ? nil : CGColor(gray: 0, alpha: 1) }
    /// How the video fills the layer (default `.resizeAspect`).
    open var videoGravity: AVLayerVideoGravity = .resizeAspect
    /// Whether a frame is ready to show: never, as no video is decoded.
    open var isReadyForDisplay: Bool { false }

    public override init() { super.init() }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AVPlayerLayer { videoGravity = other.videoGravity }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A layer showing `player`.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
        showPlayer()
    }
}

/// A view controller that shows a player with playback controls, AVKit's
/// `AVPlayerViewController`: a black view here (docs/Divergences.md, "Video players").
@preconcurrency @MainActor
open class AVPlayerViewController: UIViewController {
    /// The player shown.
    open var player: AVPlayer?
    /// Whether the playback controls show (kept; none are drawn).
    open var showsPlaybackControls = true
    /// How the video fills the view.
    open var videoGravity: AVLayerVideoGravity = .resizeAspect

    open override func loadView() {
        let view = UIView()
        view.backgroundColor = .black
        self.view = view
    }
}
