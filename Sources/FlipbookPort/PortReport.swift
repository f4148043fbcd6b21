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
    }

    public var path: String
    /// The line in the file as it was before porting (1-based).
    public var line: Int
    public var kind: Kind
    public var description: String

    public init(path: String, line: Int, kind: Kind, description: String) {
        self.path = path
        self.line = line
        self.kind = kind
        self.description = description
    }

    public var formatted: String { "\(path):\(line): \(kind.rawValue): \(description)" }
}

/// One spot `flipbook port` could not port, printed as `path:line: not ported: reason`.
public struct PortIssue: Sendable, Hashable {
    public var path: String
    /// The line in the file as it was before porting (1-based).
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var formatted: String { "\(path):\(line): not ported: \(reason)" }
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
    public static func lines(for outputs: [PortOutput], quiet: Bool) -> [String] {
        var entries: [(path: String, line: Int, order: Int, text: String)] = []
        for output in outputs {
            if !quiet {
                for c in output.changes { entries.append((c.path, c.line, entries.count, c.formatted)) }
            }
            for i in output.issues { entries.append((i.path, i.line, entries.count, i.formatted)) }
        }
        entries.sort { ($0.path, $0.line, $0.order) < ($1.path, $1.line, $1.order) }
        return entries.map(\.text)
    }

    /// `N files, N changes, N left by hand`.
    public static func summary(for outputs: [PortOutput]) -> String {
        let changes = outputs.reduce(0) { $0 + $1.changes.count }
        let left = outputs.reduce(0) { $0 + $1.issues.count }
        return "\(count(outputs.count, "file")), \(count(changes, "change")), \(left) left by hand"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
