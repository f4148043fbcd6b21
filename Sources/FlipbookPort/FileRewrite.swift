import SwiftSyntax

/// What the rewriters decide for one file: byte edits on its original text, the changes to
/// report and the spots left by hand. Each rewriter is a visitor that adds to it.
final class FileRewrite {
    let source: PortSource
    private(set) var edits: [SourceEdit] = []
    private(set) var changes: [PortChange] = []
    private(set) var issues: [PortIssue] = []
    private var issueKeys: Set<String> = []
    /// Calls a rewriter has ported (or reported) whole: later passes leave them and what is inside.
    private(set) var handled: Set<SyntaxIdentifier> = []

    init(source: PortSource) { self.source = source }

    var path: String { source.path }

    func add(_ edit: SourceEdit) { edits.append(edit) }

    func markHandled(_ node: some SyntaxProtocol) { handled.insert(node.id) }

    /// Text a rewriter replaces whole (a swizzle's lookups): what later passes would report in it
    /// is no longer there.
    private(set) var claimed: [Range<Int>] = []

    func claim(_ range: Range<Int>) { claimed.append(range) }

    /// Declarations a rewriter removes whole: the changes other passes would report inside them
    /// are not made (their edits go with the removal).
    private var removedWhole: [Range<Int>] = []

    /// Removes the declaration lines `range` (already widened) whose node spans `node`: claims
    /// it and drops the changes later reported inside it.
    func removeWhole(_ range: Range<Int>, node: Range<Int>) {
        add(.delete(range, container: true))
        claim(node)
        removedWhole.append(node)
    }

    func replace(_ node: some SyntaxProtocol, with text: String) {
        add(SourceEdit(range: source.range(node), replacement: text))
    }

    /// Removes a token or attribute, with the line it stood alone on or the space after it.
    func remove(_ range: Range<Int>) { add(.delete(source.removalRange(range))) }

    func change(_ kind: PortChange.Kind, line: Int, _ description: String) {
        changes.append(PortChange(path: path, line: line, kind: kind, description: description))
    }

    func change(_ kind: PortChange.Kind, at node: some SyntaxProtocol, _ description: String) {
        let start = source.start(node)
        guard !removedWhole.contains(where: { $0.contains(start) && start != $0.lowerBound }) else { return }
        change(kind, line: source.line(node), description)
    }

    /// Reports a spot left by hand (or, with `warning`, advice that is not work left); the same
    /// reason is reported once per line.
    func issue(line: Int, _ reason: String, warning: Bool = false) {
        guard issueKeys.insert("\(line)\u{0}\(reason)").inserted else { return }
        issues.append(PortIssue(path: path, line: line, reason: reason, isWarning: warning))
    }

    func issue(at node: some SyntaxProtocol, _ reason: String, warning: Bool = false) {
        let start = source.start(node)
        guard !claimed.contains(where: { $0.contains(start) }) else { return }
        issue(line: source.line(node), reason, warning: warning)
    }

    /// Reports advice about code that needs no port: printed as a warning, not left by hand.
    func warning(at node: some SyntaxProtocol, _ reason: String) { issue(at: node, reason, warning: true) }
}

extension FileRewrite {
    /// The indentation of a class's members: its first member's, else the class's and four spaces.
    func memberIndentation(of node: ClassDeclSyntax) -> String {
        node.memberBlock.members.first.map { source.indentation(at: source.start($0)) }
            ?? source.indentation(at: source.start(node)) + "    "
    }

    /// Inserts `text` (members, each line starting with a newline) just before the class's
    /// closing brace: at the start of the brace's line when it stands alone there.
    func insertAtEndOfBody(of node: ClassDeclSyntax, _ text: String) {
        let brace = source.start(node.memberBlock.rightBrace)
        let braceLine = source.lineStart(of: brace)
        if source.isBlank(braceLine..<brace) {
            add(.insert(text, at: braceLine))
        } else {
            add(.insert(text + source.indentation(at: source.start(node)), at: brace))
        }
    }
}

extension SyntaxProtocol {
    /// The source text without its surrounding trivia, on one line (for reports).
    var oneLine: String {
        trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmed(of: " \t") }
            .joined(separator: " ")
    }
}

extension StringProtocol {
    func trimmed(of set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
