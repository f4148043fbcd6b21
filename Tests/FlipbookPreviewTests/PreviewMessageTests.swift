import Foundation
import Testing
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
