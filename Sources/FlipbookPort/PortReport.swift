/// One rewrite `flipbook port` made, printed as `path:line: kind: description`.
public struct PortChange: Sendable, Hashable {
    /// What kind of rewrite it was; the raw value is the word printed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case importBlock = "import"
        case platformGate = "platform gate"
        case selector = "selector"
        case attribute = "attribute"
        case optionalRequirement = "optional requirement"
        case optionalCall = "optional call"
        case respondsTo = "responds(to:)"
        case overrideMoved = "override moved"
        case layerInitializer = "layer initializer"
        case time = "time"
        case keyPath = "key path"
        case swizzle = "swizzle"
        case legacyName = "Swift 4.2 name"
        case randomNumbers = "random numbers"
        case extensionOverride = "extension override"
        case keyValueObserving = "key-value observing"
        case nibMethod = "nib method"
        case appleBundle = "Apple bundle"
        case attributeSpacing = "attribute spacing"
        case anyObjectCall = "AnyObject call"
        case linuxFoundation = "Linux Foundation"
        case sharedApplication = "shared application"
        case delegateProxy = "delegate proxy"
        case metatypeInit = "metatype construction"
        case registeredInitializer = "registered initializer"
        case moduleQualifier = "module qualifier"
        case combineGate = "Combine gate"
        case existentialGeneric = "existential generic"
    }

    public var path: String
    /// The line in the file as it was before porting (1-based).
    public var line: Int
    public var kind: Kind
    public var description: String
    /// The line in the ported file (1-based): where the compiler will point. Equal to `line`
    /// until the porter has placed the file's edits.
    public var portedLine: Int

    public init(path: String, line: Int, kind: Kind, description: String, portedLine: Int? = nil) {
        self.path = path
        self.line = line
        self.kind = kind
        self.description = description
        self.portedLine = portedLine ?? line
    }

    /// `path:line: kind: description`, with the line as it was before porting.
    public var formatted: String { "\(path):\(line): \(kind.rawValue): \(description)" }

    /// `path:line: kind: description`, with the line in the ported file and, when it moved,
    /// the line before porting.
    public var formattedPorted: String {
        "\(path):\(portedLine): \(kind.rawValue): \(description)\(PortReport.wasLine(line, portedLine))"
    }
}

/// One spot `flipbook port` could not port, printed as `path:line: not ported: reason`, or a
/// warning about ported code worth a look, printed as `path:line: warning: reason` (a warning
/// is not left by hand and does not make the run fail).
public struct PortIssue: Sendable, Hashable {
    public var path: String
    /// The line in the file as it was before porting (1-based).
    public var line: Int
    public var reason: String
    /// Advice about code that was ported (or needs no port), not work left by hand.
    public var isWarning: Bool
    /// The line in the ported file (1-based).
    public var portedLine: Int

    public init(path: String, line: Int, reason: String, isWarning: Bool = false, portedLine: Int? = nil) {
        self.path = path
        self.line = line
        self.reason = reason
        self.isWarning = isWarning
        self.portedLine = portedLine ?? line
    }

    var label: String { isWarning ? "warning" : "not ported" }

    /// `path:line: not ported: reason` (or `warning:`), with the line as it was before porting.
    public var formatted: String { "\(path):\(line): \(label): \(reason)" }

    /// The same with the line in the ported file and, when it moved, the line before porting.
    public var formattedPorted: String { "\(path):\(portedLine): \(label): \(reason)\(PortReport.wasLine(line, portedLine))" }
}

/// The outcome of porting one file: its new text and what was done or left.
public struct PortOutput: Sendable, Equatable {
    public var path: String
    public var original: String
    public var text: String
    public var changes: [PortChange]
    public var issues: [PortIssue]
    /// False when the file did not parse: it is left as it was and `issues` says where.
    public var parsed: Bool

    public var isChanged: Bool { text != original }

    /// The spots left by hand (issues that are not warnings).
    public var leftByHand: [PortIssue] { issues.filter { !$0.isWarning } }
    /// The warnings: advice, not work left.
    public var warnings: [PortIssue] { issues.filter(\.isWarning) }

    public init(path: String, original: String, text: String, changes: [PortChange], issues: [PortIssue], parsed: Bool) {
        self.path = path
        self.original = original
        self.text = text
        self.changes = changes
        self.issues = issues
        self.parsed = parsed
    }
}

/// The printed report: every change, every spot left by hand, and a summary line.
public enum PortReport {
    /// The report's lines in path order, then line order; changes are left out when `quiet`.
    /// Lines are those of the ported files (where the compiler will point), each followed by
    /// its line before porting when that differs; with `originalLines` (`--check`, which writes
    /// nothing) they are the files' lines as they are.
    public static func lines(for outputs: [PortOutput], quiet: Bool, originalLines: Bool = false) -> [String] {
        var entries: [(path: String, line: Int, order: Int, text: String)] = []
        for output in outputs {
            if !quiet {
                for c in output.changes {
                    entries.append(
                        (c.path, originalLines ? c.line : c.portedLine, entries.count, originalLines ? c.formatted : c.formattedPorted))
                }
            }
            for i in output.issues {
                entries.append(
                    (i.path, originalLines ? i.line : i.portedLine, entries.count, originalLines ? i.formatted : i.formattedPorted))
            }
        }
        entries.sort { ($0.path, $0.line, $0.order) < ($1.path, $1.line, $1.order) }
        return entries.map(\.text)
    }

    /// `N files, N changes, N left by hand`, and `, N warnings` when there are any.
    public static func summary(for outputs: [PortOutput]) -> String {
        let changes = outputs.reduce(0) { $0 + $1.changes.count }
        let left = outputs.reduce(0) { $0 + $1.leftByHand.count }
        let warnings = outputs.reduce(0) { $0 + $1.warnings.count }
        return "\(count(outputs.count, "file")), \(count(changes, "change")), \(left) left by hand"
            + (warnings > 0 ? ", \(count(warnings, "warning"))" : "")
    }

    /// ` (line N before porting)` when the line moved, else nothing.
    static func wasLine(_ line: Int, _ portedLine: Int) -> String {
        line == portedLine ? "" : " (line \(line) before porting)"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
