import Foundation

/// A message from the page, validated (docs/Preview.md lists them).
public enum PreviewClientMessage: Equatable, Sendable {
    case load(scene: String, device: String?, scale: Int?)
    case play
    case pause
    case restart
    case step(frames: Int)
    case seek(time: Double)
    case speed(Double)
    case pointer(PreviewPointer)
    case ack(frame: Int)
    case record
    /// "Copy as test": the session as Swift Testing source (`PreviewTestSource`).
    case copyTest
    /// How big the page shows the frame, in device pixels (CSS size × devicePixelRatio).
    case view(width: Double, height: Double)
}

/// One pointer event from the page, in the device window's points.
public struct PreviewPointer: Equatable, Sendable {
    public enum Phase: String, Sendable, Codable { case down, move, up, cancel }
    public var phase: Phase
    public var finger: Int
    public var x: Double
    public var y: Double
    /// When the event happened, in the scene's seconds (the page maps its `event.timeStamp`:
    /// docs/Preview.md, "Event times"); nil: at the time of the frame it is applied at. Clamped
    /// when the input is added (`PreviewTimeline.add`).
    public var time: Double? = nil
}

/// Why a message was refused; its text goes back to the page as an `error` reply.
public struct PreviewMessageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var type: String?
    public var description: String { message }
}

extension PreviewClientMessage {
    /// The speeds the page offers (1×, ½×, ¼×, 1/10×) and a few more; others are refused.
    public static let allowedSpeeds: [Double] = [2, 1, 0.5, 0.25, 0.1]

    /// Parses and validates one text message. Never traps: everything wrong is an error.
    public static func parse(_ text: String) throws(PreviewMessageError) -> PreviewClientMessage {
        let bytes = text.utf8.count
        guard bytes <= PreviewLimits.maxMessageBytes else {
            throw PreviewMessageError(message: "message too large: \(bytes) bytes (limit \(PreviewLimits.maxMessageBytes))")
        }
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), case .object(let object) = json
        else { throw PreviewMessageError(message: "not a JSON object (or a number out of range)") }
        guard case .string(let type)? = object["type"] else {
            throw PreviewMessageError(message: "missing string field 'type'")
        }
        func fail(_ m: String) -> PreviewMessageError { PreviewMessageError(message: "\(type): \(m)", type: type) }
        func number(_ key: String) throws(PreviewMessageError) -> Double {
            guard let raw = object[key] else { throw fail("missing field '\(key)'") }
            guard case .number(let d) = raw else { throw fail("field '\(key)' must be a number") }
            guard d.isFinite else { throw fail("field '\(key)' must be finite") }
            guard abs(d) <= PreviewLimits.maxMagnitude else { throw fail("field '\(key)' is out of range (|\(key)| ≤ \(Int(PreviewLimits.maxMagnitude)))") }
            return d
        }
        func integer(_ key: String) throws(PreviewMessageError) -> Int {
            let d = try number(key)
            guard d == d.rounded() else { throw fail("field '\(key)' must be a whole number") }
            return Int(d)
        }
        func string(_ key: String, optional: Bool = false) throws(PreviewMessageError) -> String? {
            guard let raw = object[key], raw != .null else {
                if optional { return nil }
                throw fail("missing field '\(key)'")
            }
            guard case .string(let s) = raw, !s.isEmpty, s.count <= 64 else { throw fail("field '\(key)' must be a short string") }
            return s
        }
        func only(_ keys: Set<String>) throws(PreviewMessageError) {
            let extra = Set(object.keys).subtracting(keys.union(["type"]))
            guard extra.isEmpty else { throw fail("unknown field(s): \(extra.sorted().joined(separator: ", "))") }
        }
        switch type {
        case "load":
            try only(["scene", "device", "scale"])
            let scale: Int? = object["scale"] == nil ? nil : try integer("scale")
            if let scale, ![1, 2, 3].contains(scale) { throw fail("scale must be 1, 2 or 3") }
            return .load(scene: try string("scene")!, device: try string("device", optional: true), scale: scale)
        case "play": try only([]); return .play
        case "pause": try only([]); return .pause
        case "restart": try only([]); return .restart
        case "record": try only([]); return .record
        case "copyTest": try only([]); return .copyTest
        case "step":
            try only(["frames"])
            let n = try integer("frames")
            guard n != 0, abs(n) <= 600 else { throw fail("frames must be between -600 and 600, not 0") }
            return .step(frames: n)
        case "seek":
            try only(["time"])
            let t = try number("time")
            guard t >= 0 else { throw fail("time must not be negative") }
            return .seek(time: t)
        case "speed":
            try only(["value"])
            let v = try number("value")
            guard allowedSpeeds.contains(where: { abs($0 - v) < 1e-9 }) else {
                throw fail("speed must be one of \(allowedSpeeds.map { "\($0)" }.joined(separator: ", "))")
            }
            return .speed(v)
        case "view":
            try only(["width", "height"])
            let w = try number("width"), h = try number("height")
            guard w > 0, h > 0 else { throw fail("width and height must be positive") }
            return .view(width: w, height: h)
        case "ack":
            try only(["frame"])
            return .ack(frame: try integer("frame"))
        case "pointer":
            try only(["phase", "id", "x", "y", "time"])
            guard let p = PreviewPointer.Phase(rawValue: try string("phase")!) else {
                throw fail("phase must be down, move, up or cancel")
            }
            let id = try integer("id")
            guard (0..<64).contains(id) else { throw fail("id must be between 0 and 63") }
            let time: Double? = object["time"] == nil ? nil : try number("time")
            return .pointer(PreviewPointer(phase: p, finger: id, x: try number("x"), y: try number("y"), time: time))
        default:
            throw PreviewMessageError(message: "unknown message type '\(type.prefix(40))'", type: String(type.prefix(40)))
        }
    }
}

/// Any JSON value, decoded strictly (a number is never a Bool, nor the reverse).
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }
}
