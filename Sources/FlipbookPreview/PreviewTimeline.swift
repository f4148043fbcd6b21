import Flipbook
import Foundation

/// One user input on a timeline: a finger event at a frame (applied after the scene reaches
/// that frame, before it is drawn).
public struct PreviewInput: Equatable, Sendable {
    public var frame: Int
    public var pointer: PreviewPointer
}

/// A scripted or user touch, for the marks on the page's scrubber (frames, inclusive).
public struct PreviewMark: Equatable, Sendable, Codable {
    /// What the touch was: a tap, a swipe (longer than 12 frames or more than three moves), or
    /// a finger still down.
    public enum Kind: String, Sendable, Codable { case tap, swipe, touch }
    public var start: Int
    public var end: Int
    public var kind: Kind
    public var user: Bool
}

/// One page's document: a scene on a device, the user's inputs, and the frames rendered so far.
///
/// The timeline is deterministic: frame `i` is the scene `i / 60` s after `start()` with every
/// input up to frame `i` applied, exactly what `flipbook render --fps 60` draws for frame `i`
/// when there are no user inputs (docs/Preview.md).
@preconcurrency @MainActor
public final class PreviewTimeline {
    public let sceneType: any RenderScene.Type
    public let device: DevicePreset
    public let scale: CGFloat
    /// The scene's own duration in seconds.
    public internal(set) var sceneDuration: Double
    /// The user's inputs, in order (frames never decrease).
    public private(set) var inputs: [PreviewInput] = []
    /// Bumped when inputs are dropped (a touch at an earlier frame rewrites what followed).
    private(set) var generation = 0
    /// Rendered frames by index (bounded, see `PreviewLimits.cachedFramesPerSession`).
    var cache: [Int: PreviewFrame] = [:]
    /// The scene's scripted touches, found while it runs.
    var scriptedMarks: [PreviewMark] = []
    /// Frames the user stopped at: paused at, stepped or scrubbed to while paused, touched while
    /// paused (the filmstrip of "Copy as test"; at most 64, the latest kept).
    private(set) var stops: [Int] = []

    /// Notes that the user stopped at `frame`.
    func noteStop(_ frame: Int) {
        guard !stops.contains(frame) else { return }
        stops.append(frame)
        if stops.count > 64 { stops.removeFirst(stops.count - 64) }
    }

    public init(sceneType: any RenderScene.Type, device: DevicePreset, scale: CGFloat, sceneDuration: Double) {
        self.sceneType = sceneType
        self.device = device
        self.scale = scale
        self.sceneDuration = sceneDuration
    }

    /// The last frame: the scene's duration, or one second past the last input, at most
    /// `PreviewLimits.maxTimelineSeconds`.
    public var lastFrame: Int {
        let fps = PreviewLimits.fps
        var end = Int((sceneDuration * fps).rounded())
        if let last = inputs.last { end = max(end, last.frame + Int(fps)) }
        return min(end, Int(PreviewLimits.maxTimelineSeconds * fps))
    }

    /// The marks: scripted touches, then the user's (down to up).
    public var marks: [PreviewMark] {
        var out = scriptedMarks
        var open: [Int: Int] = [:]
        var path: [Int: Double] = [:]
        for input in inputs {
            let p = input.pointer
            switch p.phase {
            case .down:
                open[p.finger] = input.frame
                path[p.finger] = 0
            case .move:
                path[p.finger, default: 0] += 1
            case .up, .cancel:
                if let s = open.removeValue(forKey: p.finger) {
                    out.append(PreviewMark(start: s, end: input.frame, kind: input.frame - s > 12 || (path[p.finger] ?? 0) > 3 ? .swipe : .tap, user: true))
                }
            }
        }
        for (_, s) in open { out.append(PreviewMark(start: s, end: s, kind: .touch, user: true)) }
        return out.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// Records `input`. Inputs after its frame are dropped (history is rewritten from there)
    /// and frames from its frame on are forgotten. Its time is clamped (`eventTime`). Returns
    /// true when inputs were dropped.
    @discardableResult
    func add(_ input: PreviewInput) -> Bool {
        var input = input
        var dropped = false
        if let i = inputs.firstIndex(where: { $0.frame > input.frame }) {
            inputs.removeSubrange(i...)
            generation += 1
            dropped = true
        }
        input.pointer.time = eventTime(input.pointer, at: input.frame)
        inputs.append(input)
        cache = cache.filter { $0.key < input.frame }
        return dropped
    }

    /// The time `pointer` is applied with at `frame`, in scene seconds (nil: the frame's own).
    /// A time is kept within `PreviewLimits.maxInputLag` before and `maxInputLead` after the
    /// frame's, and never before the finger's previous event (a stroke's times never go back);
    /// anything else (not finite, out of order, far in the future) is clamped and reported.
    func eventTime(_ pointer: PreviewPointer, at frame: Int) -> Double? {
        guard let given = pointer.time else { return nil }
        let fps = PreviewLimits.fps
        let frameTime = Double(frame) / fps
        var lower = frameTime - PreviewLimits.maxInputLag
        let upper = frameTime + PreviewLimits.maxInputLead
        if pointer.phase != .down, let previous = inputs.last(where: { $0.pointer.finger == pointer.finger }) {
            lower = max(lower, previous.pointer.time ?? Double(previous.frame) / fps)
        }
        lower = min(lower, upper)
        let report = { (what: String, used: Double) in
            FlipbookDiagnostics.report(
                "Preview: pointer \(pointer.phase.rawValue) (finger \(pointer.finger)) at frame \(frame) has time \(given) s, "
                    + "\(what); \(used) s is used.", once: "PreviewTimeline.eventTime.\(what)")
        }
        guard given.isFinite else {
            let used = min(max(frameTime, lower), upper)
            report("not finite", used)
            return used
        }
        if given < lower {
            report("before the finger's previous event or too long before its frame", lower)
            return lower
        }
        if given > upper {
            report("more than \(Int(PreviewLimits.maxInputLead)) s after its frame", upper)
            return upper
        }
        return given
    }

    /// Keeps the cache within its limit, dropping the frames farthest from `index`.
    func store(_ frame: PreviewFrame) {
        var frame = frame
        frame.pixels = nil  // 4 bytes a pixel: the cache keeps only the PNG
        cache[frame.index] = frame
        let limit = PreviewLimits.cachedFramesPerSession
        if cache.count > limit {
            let far = cache.keys.sorted { abs($0 - frame.index) > abs($1 - frame.index) }
            for k in far.prefix(cache.count - limit) { cache.removeValue(forKey: k) }
        }
    }
}

/// One rendered frame, encoded, with the scene's state at that moment.
public struct PreviewFrame: Sendable {
    public enum Encoding: String, Sendable { case png, raw }
    public var index: Int
    public var time: Double { Double(index) / PreviewLimits.fps }
    public var width: Int
    public var height: Int
    public var encoding: Encoding
    /// The frame as PNG (the same bytes `flipbook render` writes for it), or raw RGBA rows.
    public var bytes: [UInt8]
    /// The PNG bytes (empty for a raw frame).
    public var png: [UInt8] { encoding == .png ? bytes : [] }
    /// The renderer's premultiplied RGBA pixels when the frame was just rendered (nil for a
    /// frame from the cache), for `PreviewFrameEncoder`.
    public var pixels: [UInt8]?
    /// The scene's state when the frame was drawn (the frame header's `state`).
    public var state: PreviewSceneState
    /// `state` as JSON.
    public var stateJSON: String {
        get { (try? JSONEncoder().encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}" }
        set { if let s = try? JSONDecoder().decode(PreviewSceneState.self, from: Data(newValue.utf8)) { state = s } }
    }
    /// How many user inputs the frame includes.
    public var inputCount: Int
    /// Milliseconds spent stepping the scene, rendering and encoding.
    public var renderMilliseconds: Double
    public var encodeMilliseconds: Double
    /// The page's canvas: the frame's size at the timeline's scale. A moving frame drawn at half
    /// scale (`PreviewEngine.rawFrame(_:at:halfScale:)`) is smaller; its parts are stretched
    /// over the canvas.
    public var canvasWidth: Int? = nil
    public var canvasHeight: Int? = nil
}
