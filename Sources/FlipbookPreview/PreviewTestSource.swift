import Flipbook
import Foundation

/// What "Copy as test" turns into a test: the session's scene, its touches at their frames, and
/// the frames the filmstrip shows (docs/Preview.md, "Copy as test").
public struct PreviewRecordedSession: Equatable, Sendable {
    /// How the test names the scene.
    public enum Scene: Equatable, Sendable {
        /// An `AppScene` type, `module.typePath` (e.g. FlipbookCatalog, CardFlipScene).
        case type(module: String, typePath: String)
        /// A `#Preview` of `module`, by the name `flipbook list` shows.
        case preview(module: String, name: String)
        /// No test can replay it; why.
        case unavailable(String)
    }

    /// A transition seen while the session was replayed: the frame it began at and the frame it
    /// was seen finished at (nil: still running at the end).
    public struct Transition: Equatable, Sendable {
        public var kind: String
        public var start: Int
        public var end: Int?
        /// "completed" or "cancelled" once it ended.
        public var result: String?
        public init(kind: String, start: Int, end: Int?, result: String? = nil) {
            self.kind = kind
            self.start = start
            self.end = end
            self.result = result
        }
    }

    public var sceneName: String
    public var scene: Scene
    public var device: String
    public var scale: Int
    public var inputs: [PreviewInput]
    /// Frames the user stopped at (paused, stepped or scrubbed to while paused, touched while paused).
    public var stops: [Int]
    public var transitions: [Transition]
    public var lastFrame: Int

    public init(
        sceneName: String, scene: Scene, device: String, scale: Int, inputs: [PreviewInput], stops: [Int],
        transitions: [Transition], lastFrame: Int
    ) {
        self.sceneName = sceneName
        self.scene = scene
        self.device = device
        self.scale = scale
        self.inputs = inputs
        self.stops = stops
        self.transitions = transitions
        self.lastFrame = lastFrame
    }
}

/// Writes a recorded session as Swift Testing source (docs/Preview.md, "Copy as test"): the
/// scene replayed by `SceneReplay` (FlipbookTesting) with the session's touches, a filmstrip at
/// the frames where the user stopped and where transitions began and ended, and the
/// `TransitionRecorder` history, both through swift-snapshot-testing (recorded on the first
/// run, compared after). A session with no touches gives the filmstrip only.
public enum PreviewTestSource {
    /// At most this many frames in a filmstrip (more are thinned evenly, first and last kept).
    public static let maxFilmstripFrames = 12

    /// The source, or why the session's scene cannot be replayed by a test.
    public static func make(_ session: PreviewRecordedSession) -> Result<String, PreviewTestSourceUnavailable> {
        let moduleName: String
        let replay: String
        let throwing: Bool
        switch session.scene {
        case .unavailable(let why):
            return .failure(PreviewTestSourceUnavailable(reason: why))
        case .type(let module, let path):
            moduleName = module
            replay = "SceneReplay(\(path).self, device: \(deviceExpression(session.device)), scale: \(session.scale)"
            throwing = false
        case .preview(let module, let name):
            moduleName = module
            replay = "try #require(SceneReplay(preview: \(literal(name)), device: \(deviceExpression(session.device)), scale: \(session.scale)"
            throwing = true
        }
        let frames = filmstripFrames(session)
        let touches = session.inputs
        var lines: [String] = []
        let touchCount = touches.count == 1 ? "1 touch event" : "\(touches.count) touch events"
        lines.append("// \"Copy as test\" in `flipbook preview`: \(session.sceneName) on \(session.device) at \(session.scale)x, \(touchCount).")
        if touches.isEmpty {
            lines.append("// The filmstrip shows the frames where you paused and where transitions began and ended.")
        } else {
            lines.append("// The touches are replayed on the scene's AppDriver at their frames; the filmstrip shows the")
            lines.append("// frames where you paused and where transitions began and ended, the history every transition call.")
        }
        lines.append("// In a test target that depends on FlipbookTesting: the first `swift test` records the references")
        lines.append("// (and fails, as swift-snapshot-testing does), the next ones compare against them.")
        lines.append("import Flipbook")
        lines.append("import FlipbookTesting")
        lines.append("import Testing")
        lines.append("@testable import \(moduleName)")
        lines.append("")
        lines.append("@Test(.freshRuntime) @MainActor func \(functionName(session.sceneName))()\(throwing ? " throws" : "") {")
        if touches.isEmpty {
            lines.append("    let replay = \(replay))\(throwing ? ")" : "")")
        } else {
            lines.append("    let replay = \(replay), touches: [")
            for input in touches {
                let p = input.pointer
                var call = "        .\(p.phase.rawValue)(\(p.finger), x: \(number(p.x)), y: \(number(p.y)), frame: \(input.frame)"
                if let t = p.time { call += ", time: \(number(t))" }
                lines.append(call + "),")
            }
            lines.append("    ])\(throwing ? ")" : "")")
            lines.append("    let recorder = TransitionRecorder(app: replay.driver)")
        }
        lines.append("    // \(describe(frames, session))")
        lines.append(
            "    assertSnapshot(of: replay.filmstrip(atFrames: [\(frames.map(String.init).joined(separator: ", "))]), as: .image(), named: \"filmstrip\")")
        if !touches.isEmpty {
            lines.append("    assertSnapshot(of: recorder.history.description, as: .lines, named: \"transitions\")")
        }
        lines.append("}")
        return .success(lines.joined(separator: "\n") + "\n")
    }

    /// The filmstrip's frames: where the user stopped, where transitions began, were half way and
    /// ended (the half-way frame shows the animation's pace: a changed duration or curve fails
    /// there), or the first and last frames when there is none of these; ascending, at most
    /// `maxFilmstripFrames`.
    public static func filmstripFrames(_ session: PreviewRecordedSession) -> [Int] {
        var set = Set(session.stops)
        for t in session.transitions {
            set.insert(t.start)
            if let end = t.end {
                set.insert(end)
                if end - t.start >= 2 { set.insert((t.start + end) / 2) }
            }
        }
        var frames = set.filter { $0 >= 0 && $0 <= session.lastFrame }.sorted()
        if frames.isEmpty { frames = session.lastFrame > 0 ? [0, session.lastFrame] : [0] }
        let limit = maxFilmstripFrames
        guard frames.count > limit else { return frames }
        return (0..<limit).map { frames[$0 * (frames.count - 1) / (limit - 1)] }
    }

    /// "Frames 90 (paused), 91 (dismissal began), 127 (dismissal ended)".
    static func describe(_ frames: [Int], _ session: PreviewRecordedSession) -> String {
        let stops = Set(session.stops)
        let parts = frames.map { f -> String in
            var why: [String] = []
            if stops.contains(f) { why.append("paused") }
            for t in session.transitions {
                if t.start == f { why.append("\(t.kind) began") }
                if let end = t.end, end - t.start >= 2, (t.start + end) / 2 == f { why.append("\(t.kind) half way") }
                if t.end == f { why.append("\(t.kind) \(t.result ?? "ended")") }
            }
            return why.isEmpty ? "\(f)" : "\(f) (\(why.joined(separator: ", ")))"
        }
        return "Frames at 60 fps: " + parts.joined(separator: ", ")
    }

    /// `.iPhoneSE` for "iphone-se", …; another device by its size.
    static func deviceExpression(_ name: String) -> String {
        switch name {
        case "iphone-se": return ".iPhoneSE"
        case "iphone-15": return ".iPhone15"
        case "ipad": return ".iPad"
        default: return ".iPhone15"
        }
    }

    /// "card-flip" → "cardFlipSession" (a valid identifier whatever the name).
    static func functionName(_ sceneName: String) -> String {
        var out = ""
        var upper = false
        for ch in sceneName {
            if ch.isASCII, ch.isLetter || ch.isNumber {
                if out.isEmpty, ch.isNumber { out = "scene" }
                out.append(upper && !out.isEmpty ? Character(ch.uppercased()) : ch)
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty { out = "scene" }
        return out + "Session"
    }

    /// The shortest text that reads back as `v` (finite: the timeline's values always are).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        return "\(v)"
    }

    /// A Swift string literal.
    static func literal(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    /// How a test names `type`, registered as `name`: an `AppScene` type by its module and type
    /// path, a `#Preview` by its module and name; else why it cannot be replayed.
    @MainActor
    public static func sceneReference(for type: any RenderScene.Type) -> PreviewRecordedSession.Scene {
        if let entry = PreviewCatalog.entries.first(where: {
            ObjectIdentifier(PreviewCatalog.sceneType(of: $0.registry)) == ObjectIdentifier(type)
        }) {
            let module = String(entry.registry.fileID.prefix { $0 != "/" })
            guard isIdentifier(module) else {
                return .unavailable("the #Preview at \(entry.location) is in no importable module ('\(module)')")
            }
            return .preview(module: module, name: entry.sceneName)
        }
        guard type is any AppScene.Type else {
            return .unavailable(
                "'\(type.name)' is not an AppScene: a test replays touches through an AppScene's AppDriver "
                    + "(make the scene an AppScene, docs/Preview.md \"Scenes\")")
        }
        let path = String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.count >= 2, path.allSatisfy(isIdentifier) else {
            return .unavailable("the scene type \(String(reflecting: type)) cannot be named from a test (make it a type at the top level of its module)")
        }
        return .type(module: path[0], typePath: path.dropFirst().joined(separator: "."))
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else {
            return false
        }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
    }
}

/// Why "Copy as test" is not offered for a scene.
public struct PreviewTestSourceUnavailable: Error, Equatable, Sendable {
    public var reason: String
}
