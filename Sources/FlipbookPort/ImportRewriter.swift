import SwiftSyntax

/// The Apple UI imports (`UIKit`, `QuartzCore`, `CoreGraphics`, …) become one block that still
/// compiles on iOS:
///
///     #if canImport(UIKit)
///     import UIKit
///     #else
///     import Flipbook
///     #endif
///
/// A file with no such import (it saw UIKit through its module) gets the block after its last
/// import. A file that already imports Flipbook is left as it is.
struct ImportRewriter {
    /// Modules whose API Flipbook provides (`import UIKit` brings them all on iOS).
    static let appleUIModules: Set<String> = ["UIKit", "QuartzCore", "CoreGraphics", "ObjectiveC", "CoreAnimation"]
    /// Frameworks Flipbook does not provide (docs/Porting.md, "What stays out of reach").
    static let unprovidedModules: Set<String> = [
        "AVFoundation", "AVKit", "CoreImage", "Metal", "MetalKit", "SwiftUI", "SpriteKit", "SceneKit",
        "GLKit", "OpenGLES", "ARKit", "RealityKit", "WebKit", "MapKit", "Photos", "PhotosUI", "SafariServices",
        "MessageUI", "StoreKit", "CoreMotion", "CoreLocation", "GameplayKit", "CoreHaptics", "Accelerate",
        // Sound, media and the rest of the SDK: no Linux counterpart.
        "AudioToolbox", "AudioUnit", "CoreAudio", "AVFAudio", "MediaPlayer", "CoreMedia", "CoreVideo", "VideoToolbox",
        "CoreMIDI", "ImageIO", "MobileCoreServices", "CoreServices", "UniformTypeIdentifiers", "UserNotifications",
        "UserNotificationsUI", "Contacts", "ContactsUI", "EventKit", "EventKitUI", "CoreData", "CloudKit", "CoreML",
        "Vision", "VisionKit", "NaturalLanguage", "Speech", "HealthKit", "HomeKit", "LocalAuthentication",
        "AuthenticationServices", "Security", "CryptoKit", "CommonCrypto", "SystemConfiguration", "CoreTelephony",
        "CoreBluetooth", "CoreNFC", "Network", "NetworkExtension", "MultipeerConnectivity", "GameKit", "PassKit",
        "QuickLook", "QuickLookThumbnailing", "PDFKit", "PencilKit", "ReplayKit", "LinkPresentation", "CoreSpotlight",
        "Intents", "IntentsUI", "CallKit", "WidgetKit", "ActivityKit", "BackgroundTasks", "AppTrackingTransparency",
        "AdSupport", "iAd", "Social", "Accounts", "AddressBook", "AddressBookUI", "AssetsLibrary", "Messages",
        "WatchConnectivity", "CarPlay", "ExternalAccessory", "Combine", "CoreText",
    ]

    /// Frameworks Flipbook does not provide of which it still provides a few functions
    /// (`AVMakeRect` from AVFoundation): a file that uses nothing else of the framework keeps
    /// compiling with only its import gated, as does a file that uses nothing of it at all. A
    /// name is the framework's by `frameworkPrefixes`.
    /// Frameworks whose provided names live in a Flipbook module of their own, which `import
    /// Flipbook` does not bring (the web view needs FoundationNetworking's `URLRequest`).
    static let standInModules: [String: String] = ["WebKit": "FlipbookWebKit"]

    static let partlyProvided: [String: Set<String>] = [
        // `AVMakeRect`, and the video player a photo browser shows a video page with
        // (Sources/FlipbookUIKit/Media/AVPlayer.swift: it shows black).
        // (`AV` names are told by prefix alone: a file importing both sees AVKit's controller too.)
        "AVFoundation": [
            "AVMakeRect", "AVPlayer", "AVPlayerItem", "AVPlayerLayer", "AVLayerVideoGravity", "AVPlayerViewController",
            "AVAsset", "AVURLAsset", "AVPlayerItemDidPlayToEndTime",
        ],
        "AVKit": [  // AVKit re-exports AVFoundation
            "AVMakeRect", "AVPlayer", "AVPlayerItem", "AVPlayerLayer", "AVLayerVideoGravity", "AVPlayerViewController",
            "AVAsset", "AVURLAsset", "AVPlayerItemDidPlayToEndTime",
        ],
        // The web view stand-ins (Sources/FlipbookWebKit: a white page in a real scroll view),
        // a module of their own, imported in the gate's `#else` (`standInModules`).
        "WebKit": [
            "WKWebView", "WKWebViewConfiguration", "WKNavigation", "WKNavigationDelegate", "WKUIDelegate",
            "WKNavigationAction", "WKNavigationActionPolicy", "WKNavigationResponsePolicy", "WKNavigationType",
            "WKFrameInfo", "WKWindowFeatures", "WKPreferences", "WKUserScript", "WKUserScriptInjectionTime",
            "WKScriptMessage", "WKScriptMessageHandler", "WKUserContentController", "WKAudiovisualMediaTypes",
        ],
        "CoreText": [  // font registration (Sources/FlipbookRender/FontRegistration.swift)
            "CTFontManagerScope", "CTFontManagerRegisterGraphicsFont", "CTFontManagerUnregisterGraphicsFont",
            "CTFontManagerRegisterFontsForURL",
        ],
        "AudioToolbox": [  // system sounds, recorded and silent (Sources/FlipbookUIKit/Media/AudioServices.swift)
            "SystemSoundID", "AudioServicesCreateSystemSoundID", "AudioServicesDisposeSystemSoundID",
            "AudioServicesPlaySystemSound", "AudioServicesPlayAlertSound", "AudioServicesPlaySystemSoundWithCompletion",
            "AudioServicesPlayAlertSoundWithCompletion", "kSystemSoundID_Vibrate", "kAudioServicesNoError",
            "kAudioServicesSystemSoundUnspecifiedError",
        ],
        "Accelerate": [
            "vImage_Buffer", "vImagePixelCount", "vImage_Flags", "vImage_Error", "vImageBoxConvolve_ARGB8888",
            "vImageBoxConvolve_Planar8", "kvImageNoFlags", "kvImageLeaveAlphaUnchanged", "kvImageCopyInPlace",
            "kvImageBackgroundColorFill", "kvImageEdgeExtend", "kvImageDoNotTile", "kvImageHighQualityResampling",
            "kvImageTruncateKernel", "kvImageGetTempBufferSize", "kvImageNoError", "kvImageRoiLargerThanInputBuffer",
            "kvImageInvalidKernelSize", "kvImageInvalidEdgeStyle", "kvImageInvalidOffset_X", "kvImageInvalidOffset_Y",
            "kvImageNullPointerArgument", "kvImageInvalidParameter", "kvImageUnknownFlagsBit",
        ],
    ]

    /// Darwin-only modules whose names the code uses Flipbook (or Linux) provides: `os` (and
    /// `OSLog`, which re-exports it) for `os_log`/`OSLog` and `os_unfair_lock`, `Darwin` for the C library Foundation
    /// already brings. Their imports are gated alone, `#if canImport(os)`, so iOS keeps them.
    static let standIns: Set<String> = ["os", "OSLog", "Darwin"]

    /// SwiftUI's names have no prefix; these are the ones UIKit code that touches SwiftUI uses
    /// (hosting, the view protocol, the common views and property wrappers). A file importing
    /// SwiftUI that uses them only in branches for other platforms keeps its code.
    static let swiftUINames: Set<String> = [
        "View", "UIHostingController", "UIHostingConfiguration", "UIViewRepresentable", "UIViewControllerRepresentable",
        "Text", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Spacer", "Color",
        "Image", "Binding", "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "ViewBuilder",
        "ViewModifier", "GeometryReader", "GeometryProxy", "ForEach", "Group", "AnyView", "EmptyView", "PreviewProvider",
        "Font", "Shape", "RoundedRectangle", "Rectangle", "Circle", "Capsule", "LinearGradient", "RadialGradient",
        "Material", "Toggle", "Slider", "Picker", "Form", "Section", "ProgressView", "Divider", "NavigationView",
        "EdgeInsets", "Alignment", "UnitPoint", "Angle", "PreferenceKey", "App", "Scene", "WindowGroup", "withAnimation",
        "TextField", "ScrollView", "List", "Button", "Label", "Path", "Canvas", "TimelineView", "matchedGeometryEffect",
        "EnvironmentValues", "EnvironmentKey", "FocusState", "AppStorage", "SceneStorage", "Namespace", "GestureState",
        "DragGesture", "TapGesture", "AnyTransition", "ButtonStyle", "ShapeStyle", "Gradient", "Edge", "Axis",
    ]

    /// Conditions that are false on an iPhone (and so on Linux after the port): code under them
    /// is never compiled there.
    static let otherPlatformConditions: Set<String> = [
        "os(visionOS)", "os(macOS)", "os(tvOS)", "os(watchOS)", "os(xrOS)", "canImport(AppKit)",
        "targetEnvironment(macCatalyst)",
    ]

    /// Every identifier the file uses as a value or a type, in source order; with
    /// `skippingOtherPlatforms`, not those under `#if os(visionOS)` and the like.
    /// Whether `decl` sits under an `#if` clause that Linux never compiles after the port (another
    /// platform's) or that already asks for `module` (a second run).
    static func isGatedAway(_ decl: ImportDeclSyntax, module: String) -> Bool {
        decl.ancestors(IfConfigClauseSyntax.self).contains { clause in
            guard let condition = clause.condition?.trimmedDescription else { return false }
            return otherPlatformConditions.contains(condition) || condition.contains("canImport(\(module))")
        }
    }

    static func usedNames(in tree: SourceFileSyntax, skippingOtherPlatforms: Bool = false) -> [String] {
        final class Names: SyntaxVisitor {
            var found: [String] = []
            var skipsOtherPlatforms = false
            override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
                if skipsOtherPlatforms, let condition = node.condition?.trimmedDescription,
                    ImportRewriter.otherPlatformConditions.contains(condition)
                {
                    return .skipChildren
                }
                return .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(node.baseName.text)
                return .visitChildren
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                found.append(node.name.text)
                return .visitChildren
            }
        }
        let visitor = Names(viewMode: .sourceAccurate)
        visitor.skipsOtherPlatforms = skippingOtherPlatforms
        visitor.walk(tree)
        return visitor.found
    }

    /// Whether every name of `module` the file uses is one Flipbook provides: none at all for a
    /// framework Flipbook does not provide, told by its names' prefixes (`frameworkPrefixes`),
    /// as when a file imports MetalKit or Photos and uses nothing of them. A framework whose
    /// names have no prefix (SwiftUI) is judged by `swiftUINames` instead.
    static func usesOnlyProvided(_ module: String, in tree: SourceFileSyntax) -> Bool {
        // Combine: the import alone is gated, and `CombineGateRewriter` gates what uses it, so
        // the file's UIKit code stays.
        if module == "Combine" { return true }
        if module == "SwiftUI" {
            // Narrowly: only a file whose SwiftUI is visibly for another platform (common names
            // under `#if os(visionOS)` and the like, none elsewhere) keeps its code; SwiftUI has
            // too many names to tell every other use.
            let everywhere = usedNames(in: tree).filter(swiftUINames.contains)
            let active = usedNames(in: tree, skippingOtherPlatforms: true).filter(swiftUINames.contains)
            return !everywhere.isEmpty && active.isEmpty
        }
        guard frameworkPrefixes[module] != nil else { return false }
        let provided = partlyProvided[module] ?? []
        return usedNames(in: tree).allSatisfy { isFrameworkName($0, of: module) == false || provided.contains($0) }
    }

    /// The condition of the `#if` clause holding `decl`, a SwiftUI import, when every SwiftUI
    /// name the file uses sits under a clause with that very condition: the author's own gate
    /// for SwiftUI (`#if !(os(iOS) && arch(arm))` around the import and again around a
    /// hosting helper, in a file whose UIKit code is outside it). Nil otherwise, and when the
    /// file uses none of the names this can tell.
    static func ownSwiftUIGate(of decl: ImportDeclSyntax, in tree: SourceFileSyntax) -> String? {
        guard let condition = decl.ancestors(IfConfigClauseSyntax.self).first?.condition?.trimmedDescription else {
            return nil
        }
        final class Uses: SyntaxVisitor {
            var found: [Syntax] = []
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if ImportRewriter.swiftUINames.contains(node.baseName.text) { found.append(Syntax(node)) }
                return .visitChildren
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if ImportRewriter.swiftUINames.contains(node.name.text) { found.append(Syntax(node)) }
                return .visitChildren
            }
        }
        let uses = Uses(viewMode: .sourceAccurate)
        uses.walk(tree)
        guard !uses.found.isEmpty else { return nil }
        let gated = uses.found.allSatisfy { use in
            use.ancestors(IfConfigClauseSyntax.self).contains { $0.condition?.trimmedDescription == condition }
        }
        return gated ? condition : nil
    }

    /// Adds `&& canImport(SwiftUI)` to every clause of the file whose condition is `condition`:
    /// unchanged on iOS, false on Linux, so the SwiftUI parts drop out and the rest stays.
    private func gateSwiftUI(under condition: String, at decl: ImportDeclSyntax) {
        final class Clauses: SyntaxVisitor {
            let condition: String
            var found: [ExprSyntax] = []
            init(_ condition: String) {
                self.condition = condition
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
                if let c = node.condition, c.trimmedDescription == condition { found.append(c) }
                return .visitChildren
            }
        }
        let clauses = Clauses(condition)
        clauses.walk(file.source.tree)
        for c in clauses.found {
            file.add(.insert("(", at: file.source.start(c)))
            file.add(.insert(") && canImport(SwiftUI)", at: file.source.end(c)))
        }
        file.change(
            .platformGate, at: decl,
            "`#if \(condition)` -> `#if (\(condition)) && canImport(SwiftUI)` (\(clauses.found.count) clauses): "
                + "every SwiftUI name the file uses is under that condition, so only those parts are left out on Linux")
    }

    /// The names that are a framework's own, by prefix (`GLuint`, `glGenTextures`,
    /// `GL_TEXTURE_2D`, `GLKView`): a file of the folder that uses one without importing the
    /// framework saw it through another file's import (Swift lets imports leak across the files
    /// of a module), and needs the same gate.
    static let frameworkPrefixes: [String: [String]] = [
        "GLKit": ["GLK", "GL", "gl", "EAGL"], "OpenGLES": ["GL", "gl", "EAGL"], "Metal": ["MTL"], "MetalKit": ["MTK", "MTL"],
        "SpriteKit": ["SK"], "SceneKit": ["SCN"], "AVFoundation": ["AV"], "AVKit": ["AV"], "CoreImage": ["CI"],
        "ARKit": ["AR"], "WebKit": ["WK"], "MapKit": ["MK"], "Photos": ["PH"], "PhotosUI": ["PH"],
        "SafariServices": ["SF"], "MessageUI": ["MF"], "StoreKit": ["SK"], "CoreMotion": ["CM"], "CoreLocation": ["CL"],
        "GameplayKit": ["GK"], "CoreHaptics": ["CH"], "RealityKit": ["AR", "RK"],
        "Accelerate": ["vImage", "kvImage", "vDSP", "BNNS", "cblas", "la", "SparseMatrix"],
        "AudioToolbox": ["Audio", "kAudio", "AU", "kAU", "SystemSound", "kSystemSound", "MusicPlayer", "MusicSequence"],
        "AudioUnit": ["Audio", "kAudio", "AU", "kAU"], "CoreAudio": ["Audio", "kAudio"], "AVFAudio": ["AV"],
        "MediaPlayer": ["MP"], "CoreMedia": ["CM", "kCM"], "CoreVideo": ["CV", "kCV"], "VideoToolbox": ["VT", "kVT"],
        "CoreMIDI": ["MIDI", "kMIDI"],
        "ImageIO": ["CGImageSource", "CGImageDestination", "CGImageMetadata", "kCGImageProperty", "kCGImageSource",
            "kCGImageDestination", "kCGImageMetadata", "CGImageAnimation", "kCGImageAnimation"],
        "MobileCoreServices": ["kUTType", "UTType"], "CoreServices": ["kUTType", "UTType"], "UniformTypeIdentifiers": ["UT"],
        "UserNotifications": ["UN"], "UserNotificationsUI": ["UN"], "Contacts": ["CN"], "ContactsUI": ["CN"],
        "EventKit": ["EK"], "EventKitUI": ["EK"], "CloudKit": ["CK"], "CoreML": ["ML"], "Vision": ["VN"],
        "VisionKit": ["VN"], "NaturalLanguage": ["NL"], "Speech": ["SF"], "HealthKit": ["HK"], "HomeKit": ["HM"],
        "LocalAuthentication": ["LA"], "AuthenticationServices": ["AS"], "Security": ["Sec", "kSec"],
        "CommonCrypto": ["CC_", "kCC"], "SystemConfiguration": ["SC", "kSC"], "CoreTelephony": ["CT"],
        "CoreBluetooth": ["CB"], "CoreNFC": ["NFC"], "Network": ["NW", "nw_"], "NetworkExtension": ["NE"],
        "MultipeerConnectivity": ["MC"], "GameKit": ["GK"], "PassKit": ["PK"], "QuickLook": ["QL"],
        "QuickLookThumbnailing": ["QL"], "PDFKit": ["PDF"], "PencilKit": ["PK"], "ReplayKit": ["RP"],
        "LinkPresentation": ["LP"], "CoreSpotlight": ["CS"], "Intents": ["IN"], "IntentsUI": ["IN"], "CallKit": ["CX"],
        "BackgroundTasks": ["BG"], "AppTrackingTransparency": ["ATT"], "AdSupport": ["AS"], "iAd": ["AD"],
        "Social": ["SL"], "Accounts": ["AC"], "AddressBook": ["AB", "kAB"], "AddressBookUI": ["AB"],
        "AssetsLibrary": ["AL"], "Messages": ["MS"], "WatchConnectivity": ["WC"], "CarPlay": ["CP"],
        "ExternalAccessory": ["EA"], "CoreText": ["CT", "kCT"],
    ]

    /// Whether `name` is `module`'s by its prefix: the prefix, then a capital or `_` (`GLKView`,
    /// `GL_TEXTURE_2D`, `glGenTextures`), or GL's lower-case scalar types (`GLuint`).
    static func isFrameworkName(_ name: String, of module: String) -> Bool {
        (frameworkPrefixes[module] ?? []).contains { prefix in
            guard name.hasPrefix(prefix), let next = name.dropFirst(prefix.count).first else { return false }
            return next.isUppercase || next == "_" || (prefix == "GL" && next.isLowercase)
        }
    }

    /// The first name in `tree` that belongs to one of `modules` by its prefix, with its module.
    static func frameworkName(in tree: SourceFileSyntax, of modules: Set<String>) -> (name: String, module: String)? {
        for name in usedNames(in: tree) where frameworkPrefixes[name] == nil {  // not `canImport(GLKit)`'s name
            for module in modules.sorted() {
                if isFrameworkName(name, of: module), partlyProvided[module]?.contains(name) != true { return (name, module) }
            }
        }
        return nil
    }

    let file: FileRewrite
    /// Unprovided frameworks that other files of the folder import.
    let folderImports: Set<String>

    init(file: FileRewrite, folderImports: Set<String> = []) {
        self.file = file
        self.folderImports = folderImports
    }

    private func warnLeftOut(_ modules: [String], at node: some SyntaxProtocol) {
        file.warning(
            at: node,
            "\(modules.map { "`\($0)`" }.joined(separator: ", ")) \(modules.count == 1 ? "is" : "are") not provided by Flipbook "
                + "(docs/Porting.md, What stays out of reach): this file is left out on Linux; code elsewhere that uses "
                + "it needs the same `#if`")
    }

    private func warnLeaked(_ leaked: (name: String, module: String), at node: some SyntaxProtocol) {
        file.warning(
            at: node,
            "`\(leaked.name)` is \(leaked.module)'s, which this file sees through another file's import; \(leaked.module) "
                + "is not provided by Flipbook (docs/Porting.md, What stays out of reach): this file is left out on Linux; "
                + "code elsewhere that uses it needs the same `#if`")
    }

    /// Gates each import of a `standIns` module that no `#if canImport(<module>)` holds yet.
    private func gateStandIns() {
        let source = file.source
        for decl in ImportFinder.imports(in: source.tree) {
            guard let module = decl.path.first?.name.text, Self.standIns.contains(module) else { continue }
            let gated = decl.ancestors(IfConfigClauseSyntax.self).contains {
                $0.condition?.trimmedDescription.contains("canImport(\(module))") == true
            }
            if gated { continue }
            let indent = source.indentation(at: source.start(decl))
            file.add(.insert("#if canImport(\(module))\n\(indent)", at: source.start(decl)))
            file.add(.insert("\n\(indent)#endif", at: source.end(decl)))
            file.change(
                .platformGate, at: decl,
                "`\(decl.oneLine)` -> `#if canImport(\(module))` `\(decl.oneLine)` `#endif`: "
                    + (module == "Darwin" ? "Foundation brings the C library on Linux" : "Flipbook provides `os_log`, `OSLog` and `os_unfair_lock` on Linux"))
        }
    }

    static func block(indent: String = "", subclassImport: Bool, networking: Bool = false) -> String {
        [
            "#if canImport(UIKit)", "import UIKit", subclassImport ? "import UIKit.UIGestureRecognizerSubclass" : nil,
            "#else", "import Flipbook", "#endif",
            networking ? "#if canImport(FoundationNetworking)" : nil, networking ? "import FoundationNetworking" : nil,
            networking ? "#endif" : nil,
        ].compactMap { $0.map { indent + $0 } }.joined(separator: "\n")
    }

    /// Foundation's networking types, which Linux keeps in a module of their own
    /// (`FoundationNetworking`); Apple's Foundation has them.
    static let networkingNames: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate",
        "URLSessionDownloadDelegate", "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse",
        "HTTPURLResponse", "URLCache", "CachedURLResponse", "HTTPCookie", "HTTPCookieStorage", "URLCredential",
        "URLProtectionSpace", "URLAuthenticationChallenge",
    ]

    static let networkingNote =
        ", and `#if canImport(FoundationNetworking)` `import FoundationNetworking` `#endif` (Linux keeps URLSession there)"

    /// Whether the file uses a networking type without importing `FoundationNetworking`.
    static func needsNetworking(_ tree: SourceFileSyntax) -> Bool {
        !ImportFinder.imports(in: tree).contains { $0.path.first?.name.text == "FoundationNetworking" }
            && usedNames(in: tree).contains(where: networkingNames.contains)
    }

    func run() {
        let source = file.source
        let items = Array(source.tree.statements)
        let alreadyPorted = ImportFinder.importsFlipbook(source.tree)
        // A file that imports a framework Flipbook does not provide (GLKit, AVFoundation, …) is
        // wrapped whole in `#if canImport(…)`: on iOS nothing changes, on Linux the file is left
        // out, so the rest of the library still compiles. Reported as a warning.
        // The import may sit inside an `#if` around the whole file (`#if !os(macOS)`); one under
        // a gate that is false on an iPhone, or already under `canImport` of its module, is not
        // compiled on Linux.
        var missing: [String] = []
        for decl in ImportFinder.imports(in: source.tree) {
            guard let module = decl.path.first?.name.text, Self.unprovidedModules.contains(module),
                !missing.contains(module), !Self.isGatedAway(decl, module: module)
            else { continue }
            let item = decl
            if Self.usesOnlyProvided(module, in: source.tree) {
                // Only `AVMakeRect` of AVFoundation: the import alone is gated, the file stays.
                let start = source.start(item), end = source.end(item)
                let standIn = Self.standInModules[module]
                file.add(.insert("#if canImport(\(module))\n", at: start))
                file.add(.insert((standIn.map { "\n#else\nimport \($0)" } ?? "") + "\n#endif", at: end))
                var used: [String] = []
                for name in Self.usedNames(in: source.tree)
                where Self.partlyProvided[module]?.contains(name) == true && !used.contains(name) { used.append(name) }
                file.change(
                    .platformGate, at: item,
                    "`\(decl.oneLine)` -> `#if canImport(\(module))` `\(decl.oneLine)` "
                        + (standIn.map { "`#else` `import \($0)` " } ?? "") + "`#endif`: "
                        + (module == "Combine"
                            ? "what uses Combine is gated on its own"
                            : used.isEmpty
                            ? "the file uses none of its names"
                            : "the file uses only " + used.map { "`\($0)`" }.joined(separator: ", ")
                                + " of it, which Flipbook provides"))
                continue
            }
            if module == "SwiftUI", let condition = Self.ownSwiftUIGate(of: decl, in: source.tree) {
                gateSwiftUI(under: condition, at: decl)
                continue
            }
            missing.append(module)
        }
        // Names of a framework another file imports, used here through that import.
        var leaked: (name: String, module: String)?
        let wrappedCondition = items.count == 1
            ? items.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first?.condition?.trimmedDescription : nil
        if missing.isEmpty, !folderImports.isEmpty,
            !folderImports.contains(where: { wrappedCondition?.contains("canImport(\($0))") == true }),
            !ImportFinder.imports(in: source.tree).contains(where: { folderImports.contains($0.path.first?.name.text ?? "") }),
            let found = Self.frameworkName(in: source.tree, of: folderImports)
        {
            missing.append(found.module)
            leaked = found
        }
        // Already wrapped (a second run): the same warning, no change.
        if missing.isEmpty, items.count == 1, let gate = items.first?.item.as(IfConfigDeclSyntax.self),
            let condition = gate.clauses.first?.condition?.trimmedDescription
        {
            let wrapped = ImportFinder.imports(in: source.tree).compactMap { $0.path.first?.name.text }.filter {
                Self.unprovidedModules.contains($0) && condition.contains("canImport(\($0))")
            }
            if !wrapped.isEmpty {
                warnLeftOut(wrapped, at: items[0])
            } else if let found = Self.frameworkName(in: source.tree, of: folderImports),
                condition.contains("canImport(\(found.module))")
            {
                warnLeaked(found, at: items[0])
            }
        }
        if let firstItem = items.first, !missing.isEmpty {
            let condition = missing.map { "canImport(\($0))" }.joined(separator: " && ")
            file.add(.insert("#if \(condition)\n", at: source.start(firstItem)))
            let end = source.bytes.count
            let endsWithNewline = source.bytes.last == UInt8(ascii: "\n")
            file.add(.insert((endsWithNewline ? "" : "\n") + "#endif\n", at: end))
            file.change(.platformGate, at: firstItem, "wrapped the file in `#if \(condition)`")
            if let leaked {
                warnLeaked(leaked, at: firstItem)
            } else {
                warnLeftOut(missing, at: firstItem)
            }
        }
        if alreadyPorted { return }
        gateStandIns()
        // Every Apple UI import, wherever it sits (at top level, or inside an `#if` around the
        // whole file or an import block), grouped by the statement list holding it: the first
        // of each group becomes the block, the others go. `PlatformGateRewriter` widens the
        // gates around them, so no `import UIKit` is left reachable on Linux.
        var groups: [(list: SyntaxIdentifier, imports: [ImportDeclSyntax])] = []
        for decl in ImportFinder.imports(in: source.tree) {
            guard let module = decl.path.first?.name.text, Self.appleUIModules.contains(module),
                let list = decl.parent?.parent?.id
            else { continue }
            if let i = groups.firstIndex(where: { $0.list == list }) {
                groups[i].imports.append(decl)
            } else {
                groups.append((list, [decl]))
            }
        }
        var networking = Self.needsNetworking(source.tree)
        for (_, uiImports) in groups {
            let first = uiImports[0]
            let subclass = uiImports.contains { $0.path.count > 1 && $0.path.last?.name.text == "UIGestureRecognizerSubclass" }
            let indent = source.indentation(at: source.start(first))
            let block = Self.block(indent: indent, subclassImport: subclass, networking: networking)
            file.add(SourceEdit(range: source.range(first), replacement: String(block.dropFirst(indent.count))))
            for other in uiImports.dropFirst() { file.remove(source.range(other)) }
            file.change(
                .importBlock, at: first,
                uiImports.map { "`\($0.oneLine)`" }.joined(separator: ", ")
                    + " -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`"
                    + (networking ? Self.networkingNote : ""))
            networking = false
        }
        if !groups.isEmpty { return }
        guard let firstItem = items.first else { return }  // nothing but comments
        // A file whose code is all for another platform (`#if os(macOS)` around it) is never
        // compiled on iOS or Linux: it needs no import.
        if items.allSatisfy({ item in
            guard let config = item.item.as(IfConfigDeclSyntax.self) else { return false }
            return config.clauses.allSatisfy { clause in
                if let condition = clause.condition?.trimmedDescription, Self.otherPlatformConditions.contains(condition) {
                    return true
                }
                guard case .statements(let list)? = clause.elements else { return clause.elements == nil }
                return list.isEmpty
            }
        }) {
            return
        }
        let block = Self.block(subclassImport: false, networking: networking)
        let description = "added `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif` "
            + "(the file saw UIKit through its module)" + (networking ? Self.networkingNote : "")
        if let lastImport = items.last(where: { ImportFinder.isImportItem($0.item) }) {
            let end = source.lineEnd(of: source.end(lastImport))
            file.add(.insert("\n" + block, at: end))
            file.change(.importBlock, at: lastImport, description)
            return
        }
        // No import at all: after the file's header comment (the comments before its first blank line).
        var offset = firstItem.position.utf8Offset
        var headerEnd: Int?
        var sawComment = false
        for piece in firstItem.leadingTrivia {
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: sawComment = true
            case .newlines(let n) where n >= 2 && sawComment: headerEnd = offset
            default: break
            }
            offset += piece.sourceLength.utf8Length
        }
        if let headerEnd {
            file.add(.insert("\n\n" + block, at: headerEnd))
            file.change(.importBlock, at: firstItem, description)
        } else {
            let start = firstItem.position.utf8Offset
            file.add(.insert(block + "\n\n", at: start))
            file.change(.importBlock, at: firstItem, description)
        }
    }
}

enum ImportFinder {
    /// Whether the file imports Flipbook anywhere (at top level or inside `#if`): already ported.
    static func importsFlipbook(_ tree: SourceFileSyntax) -> Bool {
        imports(in: tree).contains { $0.path.first?.name.text == "Flipbook" }
    }

    /// Every import declaration of the file, at any depth of `#if`, in source order.
    static func imports(in tree: SourceFileSyntax) -> [ImportDeclSyntax] {
        tree.descendants(ImportDeclSyntax.self)
    }

    /// An `#if` one of whose clauses imports Flipbook itself (the block the porter writes).
    static func isFlipbookBlock(_ config: IfConfigDeclSyntax) -> Bool {
        config.clauses.contains { clause in
            guard case .statements(let items)? = clause.elements else { return false }
            return items.contains { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "Flipbook" }
        }
    }

    /// An import, or an `#if` whose clauses hold nothing but imports.
    static func isImportItem(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if item.is(ImportDeclSyntax.self) { return true }
        if let config = item.as(IfConfigDeclSyntax.self) { return isImportBlock(config) }
        return false
    }

    static func isImportBlock(_ config: IfConfigDeclSyntax) -> Bool {
        config.clauses.allSatisfy { clause in
            guard case .statements(let items)? = clause.elements else { return clause.elements == nil }
            return items.allSatisfy { isImportItem($0.item) }
        }
    }
}
