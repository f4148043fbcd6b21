import Foundation

/// Core Graphics' data provider: bytes a font or an image is read from. Flipbook reads the whole
/// file or data at creation (`nil` when a file cannot be read).
public final class CGDataProvider: Sendable {
    let bytes: Data

    /// A provider of `data`'s bytes.
    public init?(data: CFData) {
        bytes = Data(referencing: data)
    }

    /// A provider of the file at `url`; nil when it cannot be read.
    public init?(url: CFURL) {
        guard let path = (url as URL).isFileURL ? (url as URL).path : nil,
            let contents = FileManager.default.contents(atPath: path)
        else { return nil }
        bytes = contents
    }

    /// A provider of the file at the path `filename`; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)) as NSURL)
    }

    /// The provider's bytes.
    public var data: CFData? { bytes as NSData }
}

/// Core Graphics' font: a TrueType or OpenType font read from a data provider, which
/// `CTFontManagerRegisterGraphicsFont` makes available to `UIFont(name:size:)` by its family
/// name. Flipbook checks that the bytes start like a font file (TrueType, OpenType, or a font
/// collection) and keeps them; it does not parse the font's tables.
public final class CGFont: Sendable {
    /// The font file's bytes (empty for a font named with `init(_:)` of a name).
    public let bytes: Data
    /// The name a font was made with by name; nil for one read from a file.
    private let name: String?

    /// A font from `provider`'s bytes; nil when they are not a TrueType, OpenType or collection file.
    public init?(_ provider: CGDataProvider) {
        guard Self.looksLikeAFont(provider.bytes) else { return nil }
        bytes = provider.bytes
        name = nil
    }

    /// The font named `name` (a PostScript or full name, `"Helvetica-Bold"`): a text layer given
    /// it draws in the font of that name (pango's match for it); nil for an empty name.
    public init?(_ name: CFString) {
        let string = String(name)
        guard !string.isEmpty else { return nil }
        bytes = Data()
        self.name = string
    }

    /// The PostScript name of a font made by name; nil for one read from a file (its tables
    /// are not parsed).
    public var postScriptName: CFString? { name.map { NSString(string: $0) } }
    /// The full name of a font made by name; nil for one read from a file.
    public var fullName: CFString? { postScriptName }

    /// The first four bytes of a font file: 0x00010000 or "true" (TrueType), "OTTO" (OpenType
    /// with CFF outlines), "ttcf" (a collection).
    static func looksLikeAFont(_ data: Data) -> Bool {
        guard data.count >= 12 else { return false }
        let tag = Array(data.prefix(4))
        return tag == [0, 1, 0, 0] || tag == Array("true".utf8) || tag == Array("OTTO".utf8) || tag == Array("ttcf".utf8)
    }
}
