import CCairo
import FlipbookGeometry
import Foundation

/// Core Text's font-manager scopes. Flipbook registers every font for the process (`.process`);
/// the others are accepted and read the same way.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0
    case process = 1
    case persistent = 2
    case session = 3
    public static var user: CTFontManagerScope { .persistent }
}

/// Makes `font` available by its family name to text drawn afterwards (`UIFont(name:size:)`),
/// as Core Text's function does: the bytes are written to a file in the process's temporary
/// folder and handed to fontconfig. Returns false, with an error, when fontconfig refuses the
/// file (and on platforms where Flipbook's text does not use fontconfig).
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    FontRegistration.register(font.bytes, error: error)
}

/// Forgets nothing: fontconfig cannot remove an application font. Returns true for a font that
/// was registered (so code that unregisters on teardown goes on), false otherwise.
@discardableResult
public func CTFontManagerUnregisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    FontRegistration.wasRegistered(font.bytes, error: error)
}

/// Registers the font file at `fontURL` (`scope` is read as `.process`).
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    guard let provider = CGDataProvider(url: fontURL), let font = CGFont(provider) else {
        FontRegistration.fail(error, code: 105, "the file at \((fontURL as URL).path) is not a readable font")
        return false
    }
    return CTFontManagerRegisterGraphicsFont(font, error)
}

/// The fonts this process registered, and a generation the text renderer compares with the one
/// its thread's font map last saw (docs/Divergences.md, "Fonts").
enum FontRegistration {
    private struct State {
        var registered: Set<Data> = []
        var generation = 0
        var folder: URL?
    }
    private static let state = LockedValue(State())

    /// Bumped after each registration; 0 until the first.
    static var generation: Int { state.withLock { $0.generation } }

    static func register(_ bytes: Data, error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
        #if os(Linux)
        return state.withLock { state in
            if state.registered.contains(bytes) {
                fail(error, code: 105, "the font is already registered")
                return false
            }
            do {
                let folder = try state.folder ?? {
                    let url = FileManager.default.temporaryDirectory
                        .appendingPathComponent("flipbook-fonts-\(ProcessInfo.processInfo.processIdentifier)")
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                    return url
                }()
                state.folder = folder
                let file = folder.appendingPathComponent("font-\(state.registered.count).ttf")
                try bytes.write(to: file)
                guard FcConfigAppFontAddFile(nil, file.path) != 0 else {
                    fail(error, code: 105, "fontconfig could not read the font")
                    return false
                }
            } catch let writeError {
                fail(error, code: 105, "the font could not be written for fontconfig: \(writeError.localizedDescription)")
                return false
            }
            state.registered.insert(bytes)
            state.generation += 1
            return true
        }
        #else
        fail(error, code: 105, "registering fonts needs fontconfig, which Flipbook's text uses on Linux only")
        return false
        #endif
    }

    static func wasRegistered(_ bytes: Data, error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
        let known = state.withLock { $0.registered.contains(bytes) }
        if !known { fail(error, code: 201, "the font is not registered") }
        return known
    }

    /// Core Text's error domain and codes (105: already registered or invalid, 201: not registered).
    static func fail(_ error: UnsafeMutablePointer<Unmanaged<CFError>?>?, code: Int, _ message: String) {
        error?.pointee = Unmanaged.passRetained(
            NSError(domain: "com.apple.CoreText.CTFontManagerErrorDomain", code: code,
                    userInfo: [NSLocalizedDescriptionKey: message]))
    }

    /// Makes this thread's pango font map forget what it cached before the latest registration.
    static func refreshFontMapIfNeeded(seen: inout Int) {
        let now = generation
        guard now != seen else { return }
        seen = now
        #if os(Linux)
        if let map = pango_cairo_font_map_get_default() {
            // On Linux pango's cairo font map is a fontconfig one (an opaque `PangoFcFontMap`).
            pango_fc_font_map_config_changed(OpaquePointer(map))
        }
        #endif
    }
}
