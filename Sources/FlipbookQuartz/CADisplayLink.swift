import Foundation
import FlipbookGeometry

/// A range of frame rates, Core Animation's `CAFrameRateRange`.
public struct CAFrameRateRange: Sendable, Hashable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// A timer synchronised with the display, Core Animation's `CADisplayLink`.
///
/// Target/selector cannot exist without the Objective-C runtime, so Flipbook's display link
/// takes a closure. It starts firing once added (`add(to:forMode:)`: any run loop, and a mode
/// the main run loop runs in: default, common or tracking; a link added only for a mode it
/// never runs in, a custom or empty one, never fires, as on iOS), on every frame of the clock of the runtime it was made in (`runtime`, the
/// current one when it was made, whichever runtime is bound when it is added; or every n-th frame for a lower
/// `preferredFramesPerSecond` / `preferredFrameRateRange.preferred`), in the order links were
/// added, after the frame's scheduled actions and before its animation callbacks.
/// In the handler, `timestamp` is the frame's time and `targetTimestamp` the next frame's.
@preconcurrency @MainActor
public final class CADisplayLink: NSObject {
    /// Cleared by `invalidate()`, which releases a target as iOS does.
    @preconcurrency private var handler: (@MainActor (CADisplayLink) -> Void)?
    /// The time of the frame being handled, seconds of media time.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame the link will fire for.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between display frames (1 / the clock's frame rate).
    public var duration: CFTimeInterval { runtime.clock.frameDuration }
    /// The runtime the link was made in: it fires on this runtime's clock (the current one if
    /// that runtime is gone; held weakly, as the runtime's clock holds the added link).
    package var runtime: AppRuntime { madeIn ?? AppRuntime.current }
    private weak var madeIn: AppRuntime?
    public var isPaused = false
    /// 0 (default) means the display's rate.
    public var preferredFramesPerSecond: Int = 0
    public var preferredFrameRateRange: CAFrameRateRange = .default
    /// How many display frames pass between firings (deprecated since iOS 10 for
    /// `preferredFramesPerSecond`, which wins when set); 1 by default, values below 1 read as 1.
    @available(iOS, deprecated: 10.0, message: "use preferredFramesPerSecond")
    public var frameInterval: Int {
        get { storedFrameInterval }
        set { storedFrameInterval = max(1, newValue) }
    }
    private var storedFrameInterval = 1
    private var isAdded = false
    private var lastFire: CFTimeInterval?

    /// A link that calls `handler` once per frame after it is added to a run loop.
    @preconcurrency public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
        madeIn = AppRuntime.current
    }

    /// A link that fires on `runtime`'s clock (a scroll view's motion, a dynamic animator: on
    /// their owner's app).
    @preconcurrency package init(runtime: AppRuntime, handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
        madeIn = runtime
    }

    /// `CADisplayLink(target: self, selector: #selector(step(_:)))` ported (docs/Porting.md):
    /// `selector` receives the target and the link. As on iOS, the link holds its target
    /// strongly until `invalidate()`.
    @preconcurrency public convenience init<Target: AnyObject>(
        target: Target, selector: @escaping @MainActor (Target, CADisplayLink) -> Void
    ) {
        self.init { link in selector(target, link) }
    }

    /// `CADisplayLink(target: self, selector: #selector(step))` ported: `selector` receives the
    /// target only.
    @preconcurrency public convenience init<Target: AnyObject>(target: Target, selector: @escaping @MainActor (Target) -> Void) {
        self.init { _ in selector(target) }
    }

    /// The modes the link was added for (raw values).
    private var modes: Set<String> = []

    /// The modes the main run loop runs in: default, the common modes, and tracking
    /// (`UITrackingRunLoopMode`, while a scroll view tracks a finger; Flipbook, which has no
    /// separate tracking phase, fires those links on every frame, as it always did).
    nonisolated static let runModes: Set<String> = [
        RunLoop.Mode.default.rawValue, RunLoop.Mode.common.rawValue, "UITrackingRunLoopMode",
    ]

    /// Starts the link on the virtual clock, which drives every link of any run loop. It fires
    /// only once added for a mode the main run loop runs in (`runModes`): a link added only for
    /// another mode (a blur view passes an empty mode to mean "never") is added but idle.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        modes.insert(mode.rawValue)
        guard !isAdded else { return }
        runtime.checkBound("A CADisplayLink")
        isAdded = true
        runtime.clock.engine.displayLinks.append(self)
    }

    /// Accepted for API parity; the link keeps firing until `invalidate()`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        invalidate()
    }

    /// Stops the link for good.
    public func invalidate() {
        handler = nil
        guard isAdded else { return }
        isAdded = false
        runtime.clock.engine.displayLinks.removeAll { $0 === self }
    }

    /// The time between firings, or nil to fire on every frame.
    private var interval: CFTimeInterval? {
        let frame = runtime.clock.frameDuration
        var fps = Double(preferredFrameRateRange.preferred ?? 0)
        if fps <= 0 || !fps.isFinite { fps = Double(preferredFramesPerSecond) }
        if fps <= 0, storedFrameInterval > 1 { return Double(storedFrameInterval) * frame }
        guard fps > 0, 1 / fps > frame * 1.5 else { return nil }
        // Whole numbers of display frames, as the hardware can only skip frames.
        let frames = max(((1 / fps) / frame).rounded(), 1)
        return frames * frame
    }

    func fireIfDue(clock: MediaClock) {
        guard isAdded, !isPaused, !modes.isDisjoint(with: Self.runModes) else { return }
        let step = interval ?? clock.frameDuration
        if interval != nil, let last = lastFire, clock.now - last < step - clock.frameDuration / 2 { return }
        lastFire = clock.now
        timestamp = clock.now
        targetTimestamp = clock.now + step
        handler?(self)
    }
}
