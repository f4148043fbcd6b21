import Flipbook
import Foundation

// What the server sends a page: the protocol's one schema (docs/Preview.md, "Protocol" points
// here). Text messages are JSON objects whose `type` names them; a frame is a binary message,
// its JSON header (`PreviewFrameHeader`) then its parts' bytes. Every message is one of these
// types, encoded by `JSONEncoder`; `PreviewMessageTests` encode and decode each.

/// The `type` of a message from the server.
public enum PreviewServerMessageType: String, Codable, Sendable {
    case hello, notice, timeline, status, error, recorded, frame, testSource
}

/// A text message from the server.
public protocol PreviewServerMessage: Codable, Sendable {
    var type: PreviewServerMessageType { get }
}

extension PreviewServerMessage {
    /// The message as the JSON text the page is sent (keys sorted, so the text is stable).
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a finite number, a string, a Bool or made of them: encoding cannot fail.
        guard let data = try? encoder.encode(self) else { return #"{"type":"\#(type.rawValue)"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Sent once, when the page connects: what it can load and the server's limits.
public struct PreviewHello: PreviewServerMessage, Equatable {
    public struct Scene: Codable, Sendable, Equatable {
        public var name: String
        public var summary: String
    }
    public struct Device: Codable, Sendable, Equatable {
        public var name: String
        /// In points.
        public var width: Double
        public var height: Double
    }
    public struct Defaults: Codable, Sendable, Equatable {
        public var scene: String
        public var device: String
        public var scale: Int
    }
    public struct Limits: Codable, Sendable, Equatable {
        public var maxMessageBytes: Int
        public var maxSessions: Int
        public var framesInFlight: Int
        public var bytesInFlight: Int
        public var fps: Double
        public var speeds: [Double]
    }
    public var type = PreviewServerMessageType.hello
    public var session: Int
    public var scenes: [Scene]
    public var devices: [Device]
    /// The notice every page shows now (absent: none).
    public var notice: PreviewNotice?
    public var defaults: Defaults
    public var limits: Limits
}

/// A notice for every page (`--watch`: "building", "build-error", "reloading", …; "none"
/// clears it).
public struct PreviewNotice: PreviewServerMessage, Equatable {
    public var type = PreviewServerMessageType.notice
    public var kind: String
    public var message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Clears the notice on the page.
    public static let cleared = PreviewNotice(kind: "none", message: "")
}

/// The page's document: the scene, its length and the marks on the scrubber. Sent after a load
/// and after every touch-down, lift or cancel (the marks and the length change).
public struct PreviewTimelineMessage: PreviewServerMessage, Equatable {
    public struct Points: Codable, Sendable, Equatable {
        public var width: Double
        public var height: Double
    }
    public var type = PreviewServerMessageType.timeline
    public var scene: String
    public var device: String
    public var scale: Int
    public var fps: Double
    public var lastFrame: Int
    public var sceneDuration: Double
    /// The device's size in points.
    public var points: Points
    public var marks: [PreviewMark]
    public var session: Int
    /// Why "Copy as test" is not offered for this scene (absent: it is).
    public var testUnavailable: String?
}

/// "Copy as test"'s answer: the session as Swift Testing source, or why there is none.
public struct PreviewTestSourceMessage: PreviewServerMessage, Equatable {
    public var type = PreviewServerMessageType.testSource
    public var scene: String
    /// The test's source (absent when unavailable).
    public var source: String?
    /// Why no test can be written for this scene (absent when there is a source).
    public var unavailable: String?
    /// The touch events replayed and the filmstrip's frames.
    public var touches: Int
    public var frames: [Int]
    public var session: Int
}

/// Whether the session plays, how fast, and where (after play, pause, step, speed, record,
/// reaching the end).
public struct PreviewStatus: PreviewServerMessage, Equatable {
    public var type = PreviewServerMessageType.status
    public var playing: Bool
    public var speed: Double
    public var frame: Int
    public var session: Int
}

/// A message refused or a request that failed.
public struct PreviewErrorReply: PreviewServerMessage, Equatable {
    public var type = PreviewServerMessageType.error
    public var message: String
    /// The `type` of the message refused (absent when unknown).
    public var `for`: String?
    public var session: Int
}

/// A recording is ready.
public struct PreviewRecorded: PreviewServerMessage, Equatable {
    public var type = PreviewServerMessageType.recorded
    /// Where the page downloads it.
    public var url: String
    /// Where the server wrote it.
    public var path: String
    public var frames: Int
}

/// A frame's JSON header (docs/Preview.md, "Frames"): what the frame shows and how it is
/// encoded, and the session's counters at that moment.
public struct PreviewFrameHeader: PreviewServerMessage, Equatable {
    /// Why the frame was sent.
    public enum Reason: String, Codable, Sendable {
        /// A scene was loaded; a restart, step or seek moved the position.
        case load, restart, step, seek
        /// Playing (the last frame played is the exact PNG).
        case play
        /// Paused with an inexact picture on the page: the exact PNG.
        case pause
        /// A touch changed the scene.
        case input
        /// Paused and untouched for `PreviewSession.settleDelay`: the exact PNG.
        case settle
    }

    public var type = PreviewServerMessageType.frame
    // How the frame is sent (filled by the pipeline once encoded).
    public var encoding = PreviewWireEncoding.png
    /// Whether the page shows the server's pixels exactly once the frame is drawn.
    public var exact = true
    public var parts: [PreviewFramePart] = []
    public var encodeMs = 0.0
    /// How long the frame waited for the encoder.
    public var encoderWaitMs = 0.0
    /// Scenes the server has rebuilt from the start so far, for every page (a replay: scrubbing
    /// back, or a touch that rewrote history). Pages playing side by side cause none.
    public var replays = 0
    // What it shows.
    public var frame: Int
    /// The scene's time (`frame / fps`).
    public var time: Double
    public var lastFrame: Int
    /// The canvas size (pixels at the timeline's scale).
    public var width: Int
    public var height: Int
    /// How many of the user's inputs the frame includes.
    public var inputs: Int
    // The session.
    public var playing: Bool
    public var speed: Double
    public var reason: Reason
    /// Played frames passed over so far: the page had too much in flight, the server was late,
    /// the encoder was behind; and played frames drawn behind the wall clock.
    public var skipped: Int
    public var late: Int
    public var behind: Int
    public var caughtUp: Int
    public var inFlight: Int
    /// The last round trip (frame handed to the outbox to its acknowledgement); -1 before the first.
    public var rttMs: Double
    public var renderMs: Double
    /// The server's time (since the session began) the frame was made for.
    public var wallMs: Double
    public var session: Int
    public var state: PreviewSceneState

    /// `v` in milliseconds, to a hundredth.
    static func ms(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// The frame message's head: its length (4 bytes, big-endian), then the header's JSON.
    func head() -> [UInt8] {
        let h = Array(jsonText().utf8)
        let n = UInt32(h.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)] + h
    }
}

/// How a frame's parts are encoded, as the header names it: "png" (the exact whole frame),
/// "raw", "jpeg" (whole frames) or "rects" (only the rectangles that changed).
public enum PreviewWireEncoding: String, Codable, Sendable {
    case png, raw, jpeg, rects
}

extension PreviewFramePart: Codable {
    /// On the wire a part is `[x, y, width, height, format, length]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        try c.encode(width)
        try c.encode(height)
        try c.encode(format)
        try c.encode(length)
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(
            x: try c.decode(Int.self), y: try c.decode(Int.self), width: try c.decode(Int.self), height: try c.decode(Int.self),
            format: try c.decode(Format.self), length: try c.decode(Int.self))
    }
}
