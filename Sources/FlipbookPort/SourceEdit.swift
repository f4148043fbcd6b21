/// A byte-range replacement in a file's original text.
///
/// A *container* edit (a moved member's deletion, a removed extension) replaces a range whose
/// inner edits are carried elsewhere (into the moved text) or are moot: inner edits are dropped
/// when the file is assembled.
struct SourceEdit {
    var range: Range<Int>
    var replacement: String
    var isContainer = false

    static func insert(_ text: String, at offset: Int) -> SourceEdit { SourceEdit(range: offset..<offset, replacement: text) }
    static func delete(_ range: Range<Int>, container: Bool = false) -> SourceEdit {
        SourceEdit(range: range, replacement: "", isContainer: container)
    }
}

enum EditApplier {
    /// `bytes[range]` with the edits that lie inside `range` applied; container edits hide the
    /// edits inside them. Containers are applied only when `includeContainers`.
    static func apply(_ edits: [SourceEdit], to bytes: [UInt8], in range: Range<Int>? = nil, includeContainers: Bool = true)
        -> String
    {
        var map = OffsetMap()
        return apply(edits, to: bytes, in: range, includeContainers: includeContainers, map: &map)
    }

    /// The whole file with every edit applied, and where each original offset went.
    static func applyMapped(_ edits: [SourceEdit], to bytes: [UInt8]) -> (text: String, map: OffsetMap) {
        var map = OffsetMap()
        let text = apply(edits, to: bytes, in: nil, includeContainers: true, map: &map)
        return (text, map)
    }

    private static func apply(
        _ edits: [SourceEdit], to bytes: [UInt8], in range: Range<Int>?, includeContainers: Bool, map: inout OffsetMap
    ) -> String {
        let whole = range ?? 0..<bytes.count
        let inside = edits.enumerated().filter { _, e in
            whole.lowerBound <= e.range.lowerBound && e.range.upperBound <= whole.upperBound
                && (includeContainers || !e.isContainer)
        }
        let containers = inside.filter { $0.element.isContainer }
        let kept = inside.filter { i, e in
            !containers.contains { j, c in
                guard j != i else { return false }
                if e.range.isEmpty { return c.range.lowerBound < e.range.lowerBound && e.range.lowerBound < c.range.upperBound }
                if e.isContainer && c.range == e.range { return j < i }
                return c.range.lowerBound <= e.range.lowerBound && e.range.upperBound <= c.range.upperBound
            }
        }
        // Insertions before replacements starting at the same offset; otherwise in the order made.
        let ordered = kept.sorted { a, b in
            (a.element.range.lowerBound, a.element.range.isEmpty ? 0 : 1, a.offset)
                < (b.element.range.lowerBound, b.element.range.isEmpty ? 0 : 1, b.offset)
        }
        var out: [UInt8] = []
        out.reserveCapacity(whole.count)
        var cursor = whole.lowerBound
        for (_, e) in ordered {
            var range = e.range
            if range.lowerBound < cursor {
                // Overlaps an edit already applied. Two removals that share the spaces between
                // them (`@objc optional` losing both words) both happen: the rest of this one
                // is removed, and a line left blank by them goes. Anything else is dropped.
                guard e.replacement.isEmpty, range.upperBound > cursor else { continue }
                range = cursor..<range.upperBound
                map.applied.append((old: range, new: out.count, length: 0))
                cursor = range.upperBound
                let lineStart = (out.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
                let blankSoFar = out[lineStart...].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                if blankSoFar, cursor < whole.upperBound, bytes[cursor] == UInt8(ascii: "\n") {
                    out.removeSubrange(lineStart...)
                    cursor += 1
                }
                continue
            }
            out += bytes[cursor..<range.lowerBound]
            let replacement = Array(e.replacement.utf8)
            map.applied.append((old: range, new: out.count, length: replacement.count))
            out += replacement
            cursor = range.upperBound
        }
        out += bytes[cursor..<whole.upperBound]
        return String(decoding: out, as: UTF8.self)
    }
}

/// Where the original offsets of a file went when its edits were applied.
struct OffsetMap {
    /// Each applied edit, in file order: the original range it replaced, where its replacement
    /// starts in the new text and how long it is.
    var applied: [(old: Range<Int>, new: Int, length: Int)] = []

    /// The offset in the new text of original offset `offset`: shifted by the edits before it
    /// (text inserted exactly there comes before it); inside a replaced range, the start of the
    /// replacement.
    func newOffset(_ offset: Int) -> Int {
        var shift = 0
        for (old, new, length) in applied {
            if old.lowerBound > offset { break }
            if !old.isEmpty && offset < old.upperBound { return new }
            shift = new + length - old.upperBound
        }
        return offset + shift
    }
}
