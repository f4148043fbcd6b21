import Foundation
import Testing
import Flipbook
@testable import FlipbookPreview

/// Every client message is validated; what is wrong becomes an error reply, never a trap.
@Suite struct PreviewMessageTests {
    @Test func validMessagesParse() throws {
        #expect(try PreviewClientMessage.parse(#"{"type":"play"}"#) == .play)
        #expect(try PreviewClientMessage.parse(#"{"type":"seek","time":1.25}"#) == .seek(time: 1.25))
        #expect(try PreviewClientMessage.parse(#"{"type":"step","frames":-1}"#) == .step(frames: -1))
        #expect(try PreviewClientMessage.parse(#"{"type":"speed","value":0.1}"#) == .speed(0.1))
        #expect(try PreviewClientMessage.parse(#"{"type":"ack","frame":12}"#) == .ack(frame: 12))
        #expect(try PreviewClientMessage.parse(#"{"type":"view","width":412,"height":733.5}"#) == .view(width: 412, height: 733.5))
        #expect(
            try PreviewClientMessage.parse(#"{"type":"load","scene":"card-flip","device":"iphone-se","scale":3}"#)
                == .load(scene: "card-flip", device: "iphone-se", scale: 3))
        #expect(
            try PreviewClientMessage.parse(#"{"type":"pointer","phase":"move","id":2,"x":10.5,"y":-3}"#)
                == .pointer(PreviewPointer(phase: .move, finger: 2, x: 10.5, y: -3)))
        #expect(
            try PreviewClientMessage.parse(#"{"type":"pointer","phase":"up","id":0,"x":1,"y":2,"time":1.2345}"#)
                == .pointer(PreviewPointer(phase: .up, finger: 0, x: 1, y: 2, time: 1.2345)))
    }

    /// Each bad message and the start of the error it must give.
    static let bad: [(String, String)] = [
        ("", "not a JSON object"),
        ("[1,2]", "not a JSON object"),
        ("{\"type\":\"play\"", "not a JSON object"),
        ("{\"type\":\"seek\",\"time\":NaN}", "not a JSON object"),
        ("{\"type\":\"seek\",\"time\":1e400}", "not a JSON object"),
        ("{}", "missing string field 'type'"),
        ("{\"type\":7}", "missing string field 'type'"),
        ("{\"type\":\"explode\"}", "unknown message type 'explode'"),
        ("{\"type\":\"seek\"}", "seek: missing field 'time'"),
        ("{\"type\":\"seek\",\"time\":\"1\"}", "seek: field 'time' must be a number"),
        ("{\"type\":\"seek\",\"time\":true}", "seek: field 'time' must be a number"),
        ("{\"type\":\"seek\",\"time\":-1}", "seek: time must not be negative"),
        ("{\"type\":\"seek\",\"time\":1e300}", "seek: field 'time' is out of range"),
        ("{\"type\":\"step\",\"frames\":0.5}", "step: field 'frames' must be a whole number"),
        ("{\"type\":\"step\",\"frames\":0}", "step: frames must be between"),
        ("{\"type\":\"speed\",\"value\":3}", "speed: speed must be one of"),
        ("{\"type\":\"play\",\"extra\":1}", "play: unknown field(s): extra"),
        ("{\"type\":\"pointer\",\"phase\":\"hover\",\"id\":1,\"x\":0,\"y\":0}", "pointer: phase must be"),
        ("{\"type\":\"pointer\",\"phase\":\"down\",\"id\":99,\"x\":0,\"y\":0}", "pointer: id must be"),
        ("{\"type\":\"pointer\",\"phase\":\"down\",\"id\":1,\"x\":1e9,\"y\":0}", "pointer: field 'x' is out of range"),
        ("{\"type\":\"pointer\",\"phase\":\"down\",\"id\":1,\"y\":0}", "pointer: missing field 'x'"),
        ("{\"type\":\"pointer\",\"phase\":\"down\",\"id\":1,\"x\":0,\"y\":0,\"time\":\"now\"}", "pointer: field 'time' must be a number"),
        ("{\"type\":\"pointer\",\"phase\":\"down\",\"id\":1,\"x\":0,\"y\":0,\"time\":1e300}", "pointer: field 'time' is out of range"),
        ("{\"type\":\"load\",\"scene\":\"\"}", "load: field 'scene' must be a short string"),
        ("{\"type\":\"load\",\"scene\":\"x\",\"scale\":4}", "load: scale must be 1, 2 or 3"),
        ("{\"type\":\"view\",\"width\":0,\"height\":10}", "view: width and height must be positive"),
        ("{\"type\":\"view\",\"width\":10}", "view: missing field 'height'"),
        ("{\"type\":\"view\",\"width\":10,\"height\":1e9}", "view: field 'height' is out of range"),
    ]

    @Test(arguments: bad.indices) func badMessagesAreRefusedWithAReason(_ i: Int) {
        let (text, reason) = Self.bad[i]
        do {
            let m = try PreviewClientMessage.parse(text)
            Issue.record("accepted \(text) as \(m)")
        } catch {
            #expect(error.message.hasPrefix(reason), "\(text): \(error.message)")
        }
    }

    @Test func oversizedMessagesAreRefused() {
        let text = #"{"type":"play","pad":""# + String(repeating: "x", count: PreviewLimits.maxMessageBytes) + #""}"#
        #expect(throws: PreviewMessageError.self) { try PreviewClientMessage.parse(text) }
        do { _ = try PreviewClientMessage.parse(text) } catch { #expect(error.message.hasPrefix("message too large")) }
    }

    // MARK: The server's messages (one schema: PreviewServerMessage.swift)

    /// `message` as the page reads it (a JSON object), and decoded back to its type.
    static func roundTrip<M: PreviewServerMessage & Equatable>(_ message: M) throws -> [String: Any] {
        let text = message.jsonText()
        let back = try JSONDecoder().decode(M.self, from: Data(text.utf8))
        #expect(back == message, "\(text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func helloEncodesAndDecodes() throws {
        let hello = PreviewHello(
            session: 3, scenes: [.init(name: "card-flip", summary: "A card")], devices: [.init(name: "iphone-se", width: 375, height: 667)],
            notice: nil, defaults: .init(scene: "card-flip", device: "iphone-se", scale: 2),
            limits: .init(maxMessageBytes: 8192, maxSessions: 8, framesInFlight: 6, bytesInFlight: 131072, fps: 60, speeds: [1, 0.5]))
        let json = try Self.roundTrip(hello)
        #expect(json["type"] as? String == "hello")
        #expect(json["session"] as? Int == 3)
        #expect((json["scenes"] as? [[String: Any]])?.first?["summary"] as? String == "A card")
        #expect((json["devices"] as? [[String: Any]])?.first?["width"] as? Double == 375)
        #expect((json["defaults"] as? [String: Any])?["scale"] as? Int == 2)
        #expect((json["limits"] as? [String: Any])?["speeds"] as? [Double] == [1, 0.5])
        #expect(json["notice"] == nil)  // absent: no notice
        var noticed = hello
        noticed.notice = PreviewNotice(kind: "building", message: "Building…")
        let withNotice = try Self.roundTrip(noticed)
        #expect((withNotice["notice"] as? [String: Any])?["kind"] as? String == "building")
    }

    @Test func noticeTimelineStatusErrorAndRecordedEncodeAndDecode() throws {
        let notice = try Self.roundTrip(PreviewNotice(kind: "build-error", message: "x.swift:1: error"))
        #expect(notice["type"] as? String == "notice" && notice["kind"] as? String == "build-error")
        #expect(try Self.roundTrip(PreviewNotice.cleared)["kind"] as? String == "none")

        let timeline = PreviewTimelineMessage(
            scene: "card-flip", device: "iphone-se", scale: 2, fps: 60, lastFrame: 150, sceneDuration: 2.5,
            points: .init(width: 375, height: 667),
            marks: [.init(start: 29, end: 30, kind: .tap, user: false), .init(start: 90, end: 100, kind: .swipe, user: true)], session: 1)
        let t = try Self.roundTrip(timeline)
        #expect(t["type"] as? String == "timeline" && t["lastFrame"] as? Int == 150)
        let marks = try #require(t["marks"] as? [[String: Any]])
        #expect(marks.map { $0["kind"] as? String } == ["tap", "swipe"])
        #expect(marks.map { $0["user"] as? Bool } == [false, true])
        #expect((t["points"] as? [String: Any])?["height"] as? Double == 667)

        let status = try Self.roundTrip(PreviewStatus(playing: true, speed: 0.25, frame: 12, session: 2))
        #expect(status["type"] as? String == "status" && status["playing"] as? Bool == true && status["speed"] as? Double == 0.25)

        let error = try Self.roundTrip(PreviewErrorReply(message: "seek: missing field 'time'", for: "seek", session: 2))
        #expect(error["type"] as? String == "error" && error["for"] as? String == "seek")
        let unknown = try Self.roundTrip(PreviewErrorReply(message: "not a JSON object", for: nil, session: 2))
        #expect(unknown["for"] == nil)

        let recorded = try Self.roundTrip(PreviewRecorded(url: "/recordings/1/a.mp4", path: "/tmp/a.mp4", frames: 151))
        #expect(recorded["type"] as? String == "recorded" && recorded["frames"] as? Int == 151)
    }

    @Test func aFrameHeaderEncodesAndDecodes() throws {
        var state = PreviewSceneState()
        state.screens = ["DeckViewController"]
        var header = PreviewFrameHeader(
            frame: 45, time: 0.75, lastFrame: 150, width: 750, height: 1334, inputs: 3, playing: true, speed: 1,
            reason: .input, skipped: 1, late: 2, behind: 3, caughtUp: 4, inFlight: 2, rttMs: 12.5, renderMs: 3.25, wallMs: 800,
            session: 1, state: state)
        header.encoding = .rects
        header.exact = false
        header.parts = [PreviewFramePart(x: 0, y: 10, width: 20, height: 30, format: .jpeg, length: 400)]
        let json = try Self.roundTrip(header)
        #expect(json["type"] as? String == "frame" && json["encoding"] as? String == "rects" && json["reason"] as? String == "input")
        // A part is [x, y, width, height, format, length], as the page unpacks it.
        let part = try #require((json["parts"] as? [[Any]])?.first)
        #expect(part.count == 6 && part[4] as? String == "jpeg" && part[5] as? Int == 400)
        #expect((json["state"] as? [String: Any])?["screens"] as? [String] == ["DeckViewController"])
        // On the wire: the header's length (4 bytes, big-endian), then the header.
        let head = header.head()
        let n = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        #expect(n == head.count - 4)
        #expect(try JSONDecoder().decode(PreviewFrameHeader.self, from: Data(head.dropFirst(4))) == header)
        // Every reason and encoding the page knows.
        #expect(Set(["load", "restart", "step", "seek", "play", "pause", "input", "settle"].compactMap { PreviewFrameHeader.Reason(rawValue: $0) }).count == 8)
        #expect(["png", "raw", "jpeg", "rects"].compactMap { PreviewWireEncoding(rawValue: $0) }.count == 4)
    }

    @Test func outboxDropsFramesAndBoundsReplies() {
        let box = PreviewOutbox()
        for i in 0..<5 { box.send(frame: [UInt8(i)]) }
        for i in 0..<(PreviewLimits.maxQueuedReplies + 10) { box.send(text: "\(i)") }
        var texts: [String] = []
        var frames: [[UInt8]] = []
        while let item = box.next() {
            switch item {
            case .text(let t): texts.append(t)
            case .frame(let head, let body): frames.append(head + body)
            }
        }
        #expect(frames == [[4]])
        #expect(box.droppedFrames == 4)
        #expect(texts.count == PreviewLimits.maxQueuedReplies)
        #expect(texts.first == "10")
    }
}
