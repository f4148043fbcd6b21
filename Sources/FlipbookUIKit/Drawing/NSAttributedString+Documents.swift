import Foundation

// UIKit's document reading (`NSAttributedString(data:options:documentAttributes:)`), which
// libraries use to show a short HTML string in a label. Flipbook keeps the text and drops the
// markup: plain text and HTML are read (tags removed, `<br>` and block ends as line breaks, the
// common entities decoded); RTF is not (docs/Divergences.md, "Attributed strings from HTML").

extension NSAttributedString {
    /// A document format, UIKit's `NSAttributedString.DocumentType`.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let plain = DocumentType(rawValue: "NSPlainText")
        public static let rtf = DocumentType(rawValue: "NSRTF")
        public static let rtfd = DocumentType(rawValue: "NSRTFD")
        public static let html = DocumentType(rawValue: "NSHTML")
    }

    /// A key of the reading options, UIKit's `NSAttributedString.DocumentReadingOptionKey`.
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
        public static let defaultAttributes = DocumentReadingOptionKey(rawValue: "DefaultAttributes")
    }

    /// A key of the document attributes, UIKit's `NSAttributedString.DocumentAttributeKey`.
    public struct DocumentAttributeKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let documentType = DocumentAttributeKey(rawValue: "DocumentType")
        public static let characterEncoding = DocumentAttributeKey(rawValue: "CharacterEncoding")
    }

    /// Why a document could not be read.
    public struct DocumentReadingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `data` as the `documentType` option says (plain text when there is none). HTML
    /// keeps its text only; the `defaultAttributes` option's attributes cover the whole string.
    /// RTF, or bytes that are not text in the encoding, throw.
    public convenience init(
        data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
        documentAttributes dict: UnsafeMutablePointer<NSDictionary?>?
    ) throws {
        let type = options[.documentType] as? DocumentType ?? .plain
        var encoding = String.Encoding.utf8
        if let raw = options[.characterEncoding] as? UInt { encoding = String.Encoding(rawValue: raw) }
        if let raw = options[.characterEncoding] as? String.Encoding { encoding = raw }
        guard type == .plain || type == .html else {
            throw DocumentReadingError(description: "Flipbook reads plain text and HTML only, not \(type.rawValue)")
        }
        guard let text = String(data: data, encoding: encoding) else {
            throw DocumentReadingError(description: "the data is not text in encoding \(encoding)")
        }
        let string = type == .html ? Self.textOfHTML(text) : text
        let attributes = options[.defaultAttributes] as? [NSAttributedString.Key: Any] ?? [:]
        // UIKit's `AutoreleasingUnsafeMutablePointer` is Objective-C's; `&dictionary` passes here too.
        dict?.pointee = [DocumentAttributeKey.documentType.rawValue: type.rawValue] as NSDictionary
        self.init(string: string, attributes: attributes)
    }

    /// The text of an HTML fragment: tags, comments, `<head>`, `<style>` and `<script>` removed,
    /// `<br>` and the ends of paragraphs, headings, list items and divisions as line breaks,
    /// runs of white space as one space (as a browser shows them), entities decoded.
    static func textOfHTML(_ html: String) -> String {
        var out = ""
        var i = html.startIndex
        var skipping: String?  // inside <head>, <style> or <script>: until its end tag
        let breaking: Set<String> = ["br", "/p", "/div", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/li", "/tr", "p", "div", "li"]
        var pendingSpace = false
        func emit(_ s: String) {
            if pendingSpace, !out.isEmpty, out.last != "\n" { out += " " }
            pendingSpace = false
            out += s
        }
        while i < html.endIndex {
            let c = html[i]
            if c == "<" {
                guard let close = html[i...].firstIndex(of: ">") else { break }
                let inside = html[html.index(after: i)..<close]
                if inside.hasPrefix("!--"), let end = html.range(of: "-->", range: i..<html.endIndex) {
                    i = end.upperBound
                    continue
                }
                var tag = inside.drop { $0.isWhitespace }
                let isEnd = tag.first == "/"
                if isEnd { tag = tag.dropFirst() }
                let name = (isEnd ? "/" : "") + tag.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if let skip = skipping {
                    if name == "/" + skip { skipping = nil }
                } else if ["head", "style", "script"].contains(name) {
                    skipping = name
                } else if breaking.contains(name), !out.isEmpty, out.last != "\n" {
                    out += "\n"
                    pendingSpace = false
                }
                i = html.index(after: close)
                continue
            }
            if skipping != nil {
                i = html.index(after: i)
                continue
            }
            if c.isWhitespace {
                pendingSpace = true
                i = html.index(after: i)
                continue
            }
            if c == "&", let semicolon = html[i...].prefix(10).firstIndex(of: ";") {
                let entity = String(html[html.index(after: i)..<semicolon])
                if let decoded = Self.decodeEntity(entity) {
                    emit(decoded)
                    i = html.index(after: semicolon)
                    continue
                }
            }
            emit(String(c))
            i = html.index(after: i)
        }
        while out.last == "\n" { out.removeLast() }
        return out
    }

    static func decodeEntity(_ entity: String) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return "\u{00A0}"
        case "hellip": return "…"
        case "mdash": return "—"
        case "ndash": return "–"
        default:
            if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let v = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(v)
            {
                return String(Character(scalar))
            }
            if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(v) {
                return String(Character(scalar))
            }
            return nil
        }
    }
}
