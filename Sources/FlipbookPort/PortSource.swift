import SwiftParser
import SwiftSyntax

/// One parsed file: its bytes, its syntax tree and line arithmetic on UTF-8 offsets.
///
/// Every rewrite is computed on the original tree and expressed as byte edits (`SourceEdit`),
/// so each reported line is the line in the file as the user wrote it.
struct PortSource {
    let path: String
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    private let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
        // iOS libraries are written in the Swift 5 language mode: parse as that compiler does,
        // so what it only warns about (`@available (*, unavailable)`) does not stop the port.
        var text = text
        self.tree = text.withUTF8 { Parser.parse(source: $0, swiftVersion: .v5) }
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.lineStarts = starts
    }

    // MARK: Positions

    func start(_ node: some SyntaxProtocol) -> Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }
    func end(_ node: some SyntaxProtocol) -> Int { node.endPositionBeforeTrailingTrivia.utf8Offset }
    func range(_ node: some SyntaxProtocol) -> Range<Int> { start(node)..<end(node) }

    /// The 1-based line holding `offset`.
    func line(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func line(_ node: some SyntaxProtocol) -> Int { line(of: start(node)) }

    /// The offset of the first character of 1-based `line` that is not a space or tab.
    func lineStartOffset(_ line: Int) -> Int {
        var i = lineStarts[max(0, min(line, lineStarts.count) - 1)]
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    func text(_ node: some SyntaxProtocol) -> String { text(range(node)) }

    // MARK: Lines

    func lineStart(of offset: Int) -> Int { lineStarts[line(of: offset) - 1] }

    /// The offset of the newline ending the line holding `offset` (or the end of the file).
    func lineEnd(of offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
        return i
    }

    /// The spaces and tabs that begin the line holding `offset`.
    func indentation(at offset: Int) -> String {
        var i = lineStart(of: offset)
        var out = ""
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            out.append(Character(UnicodeScalar(bytes[i])))
            i += 1
        }
        return out
    }

    func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// Whether the line starting at `lineStart` holds nothing but white space.
    func isBlankLine(startingAt lineStart: Int) -> Bool {
        lineStart < bytes.count && isBlank(lineStart..<lineEnd(of: lineStart))
    }

    /// The range to delete to remove `range` (a token or attribute) tidily: its whole line when
    /// it stands alone there, else it and the spaces that separated it from its neighbour.
    func removalRange(_ range: Range<Int>) -> Range<Int> {
        let ls = lineStart(of: range.lowerBound)
        let le = lineEnd(of: range.upperBound)
        let aloneBefore = isBlank(ls..<range.lowerBound)
        let aloneAfter = isBlank(range.upperBound..<le)
        if aloneBefore && aloneAfter { return ls..<min(le + 1, bytes.count) }
        if aloneAfter {
            var lo = range.lowerBound
            while lo > ls, bytes[lo - 1] == UInt8(ascii: " ") || bytes[lo - 1] == UInt8(ascii: "\t") { lo -= 1 }
            return lo..<le
        }
        var hi = range.upperBound
        while hi < le, bytes[hi] == UInt8(ascii: " ") || bytes[hi] == UInt8(ascii: "\t") { hi += 1 }
        return range.lowerBound..<hi
    }

    /// The whole lines of a declaration: the comment lines attached to it (no blank line between),
    /// its own lines and the newline ending its last line.
    func fullLines(of node: some SyntaxProtocol) -> Range<Int> {
        let triviaStart = node.position.utf8Offset
        var lo = lineStart(of: start(node))
        while lo > 0 {
            let previous = lineStart(of: lo - 1)
            guard previous >= triviaStart, !isBlankLine(startingAt: previous) else { break }
            lo = previous
        }
        let e = end(node)
        let le = lineEnd(of: e)
        let rest = text(e..<le).trimmingLeadingSpaces()
        if rest.isEmpty || rest.hasPrefix("//") { return lo..<min(le + 1, bytes.count) }
        return lo..<e
    }
}

extension String {
    func trimmingLeadingSpaces() -> Substring { drop { $0 == " " || $0 == "\t" } }

    /// The text with its first line's indentation `from` replaced by `to` on every line that
    /// starts with it; lines of white space only become empty.
    func reindented(from old: String, to new: String) -> String {
        guard old != new else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return "" }
            if line.hasPrefix(old) { return new + line.dropFirst(old.count) }
            return String(line)
        }.joined(separator: "\n")
    }
}

extension SyntaxProtocol {
    /// The last component of a called expression's name: `addTarget` for
    /// `button.addTarget(...)`, `UIPanGestureRecognizer` for `UIPanGestureRecognizer(...)`.
    var calledName: String? {
        if let ref = self.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let generic = self.as(GenericSpecializationExprSyntax.self) { return generic.expression.calledName }
        return nil
    }
}

extension PortSource {
    /// `range` (whole lines) widened so that removing it leaves no doubled blank line, no blank
    /// line just inside a brace and no blank line at the end of the file.
    func tidyLineDeletion(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        let previous = lo > 0 ? lineStart(of: lo - 1) : nil
        let previousBlank = previous.map { isBlankLine(startingAt: $0) } ?? true
        let previousOpens = previous.map { text($0..<lo).trimmed(of: " \t\n").hasSuffix("{") } ?? false
        let nextBlank = hi < bytes.count && isBlankLine(startingAt: hi)
        let nextCloses = hi < bytes.count && text(hi..<lineEnd(of: hi)).trimmed(of: " \t").hasPrefix("}")
        if nextBlank && (previousBlank || previousOpens) {
            hi = min(lineEnd(of: hi) + 1, bytes.count)
        } else if let previous, previousBlank, nextCloses || hi >= bytes.count {
            lo = previous
        }
        // The file did not end with a newline: neither does what is left.
        if hi >= bytes.count, bytes.last != UInt8(ascii: "\n"), lo > 0, bytes[lo - 1] == UInt8(ascii: "\n") { lo -= 1 }
        return lo..<hi
    }
}

extension SyntaxProtocol {
    /// This node and every node below it of type `T`, in source order.
    func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        var found: [T] = []
        var stack: [Syntax] = [Syntax(self)]
        while let node = stack.popLast() {
            if let t = node.as(T.self) { found.append(t) }
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return found
    }

    /// Every node of type `T` above this one, innermost first.
    func ancestors<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        var found: [T] = []
        var node = parent
        while let current = node {
            if let t = current.as(T.self) { found.append(t) }
            node = current.parent
        }
        return found
    }
}
