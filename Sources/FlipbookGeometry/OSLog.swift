import Foundation

#if !canImport(os)
// The `os` module's unified-logging entry points (`os_log`, `OSLog`, `OSLogType`), which iOS code
// calls from anywhere, animation code included. Linux has no `os` module; `flipbook port` gates the
// import (`#if canImport(os)`) and these take its place. Messages go to standard error, one line
// each, at the levels the unified log keeps by default (docs/Divergences.md, "os_log").

/// A log's level, the `os` module's `OSLogType`.
public struct OSLogType: Equatable, RawRepresentable, Sendable {
    public let rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let `default` = OSLogType(0x00)
    public static let info = OSLogType(0x01)
    public static let debug = OSLogType(0x02)
    public static let error = OSLogType(0x10)
    public static let fault = OSLogType(0x11)

    /// The name the unified log prints for the level.
    var name: String {
        switch self {
        case .info: "Info"
        case .debug: "Debug"
        case .error: "Error"
        case .fault: "Fault"
        default: "Default"
        }
    }
}

/// A log handle, the `os` module's `OSLog`: a subsystem and a category, or `disabled`.
public final class OSLog: NSObject, @unchecked Sendable {  // immutable after init
    /// The log categories the system gives meaning to.
    public struct Category: RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }

    let subsystem: String
    let category: String
    let isDisabled: Bool

    private init(subsystem: String, category: String, disabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.isDisabled = disabled
    }

    public convenience init(subsystem: String, category: String) {
        self.init(subsystem: subsystem, category: category, disabled: false)
    }

    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue, disabled: false)
    }

    /// The log that drops every message.
    public static let disabled = OSLog(subsystem: "", category: "", disabled: true)
    /// The process's default log.
    public static let `default` = OSLog(subsystem: "", category: "", disabled: false)

    /// Whether the log keeps messages of `type`: the unified log's defaults, where `.info` and
    /// `.debug` messages are not kept unless a profile enables them.
    public func isEnabled(type: OSLogType) -> Bool {
        !isDisabled && type != .info && type != .debug
    }

    /// Signposts are not recorded on Linux.
    public var signpostsEnabled: Bool { false }

    /// The line `os_log` writes for a message of `type`: `[subsystem:category] Level: message`.
    func line(_ message: String, type: OSLogType) -> String {
        let source = subsystem.isEmpty && category.isEmpty ? "" : "[\(subsystem):\(category)] "
        return "\(source)\(type.name): \(message)"
    }

    /// `format` with its arguments, as the unified log shows it. The `{public}`, `{private}` and
    /// other `{…}` annotations between `%` and the conversion are dropped; every value is shown
    /// (the log redacts dynamic values only outside a debugging session).
    static func render(_ format: String, _ arguments: [any CVarArg]) -> String {
        var plain = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            plain += rest[..<percent]
            plain.append("%")
            rest = rest[rest.index(after: percent)...]
            if rest.first == "{", let close = rest.firstIndex(of: "}") {
                rest = rest[rest.index(after: close)...]
            }
        }
        plain += rest
        return arguments.isEmpty && !plain.contains("%") ? plain : String(format: plain, arguments: arguments)
    }

    func write(_ message: StaticString, type: OSLogType, _ arguments: [any CVarArg]) {
        guard isEnabled(type: type) else { return }
        let text = line(Self.render(message.description, arguments), type: type) + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Logs a message, the `os` module's `os_log(_:dso:log:type:_:)`.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, type: OSLogType = .default,
    _ args: any CVarArg...
) {
    log.write(message, type: type, args)
}

/// Logs a message, the level first: the `os` module's `os_log(_:dso:log:_:_:)`.
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {
    log.write(message, type: type, args)
}

#endif
