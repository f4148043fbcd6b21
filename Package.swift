// swift-tools-version: 6.2
// Flipbook: UIKit's custom view-controller transition system in portable Swift.
// Layers (dependencies point down only), see docs/ARCHITECTURE.md:
//   flipbook (CLI) -> FlipbookCatalog -> Flipbook (umbrella) -> FlipbookUIKit
//   -> FlipbookRender, FlipbookPhysics -> FlipbookQuartz -> FlipbookGeometry
//   flipbook (CLI) -> FlipbookPreview (web server, Hummingbird) -> FlipbookCatalog; never in `Flipbook`
//   flipbook (CLI) -> FlipbookPort (`flipbook port`, iOS source to Flipbook, SwiftSyntax); never in `Flipbook`
import CompilerPluginSupport
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookCatalog", targets: ["FlipbookCatalog"]),
        // WebKit's web view as a stand-in (no web engine), outside `Flipbook`: it needs Linux's
        // FoundationNetworking for `URLRequest` (docs/Divergences.md, "Web views").
        .library(name: "FlipbookWebKit", targets: ["FlipbookWebKit"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        // For a target that writes `#Preview` (brings the macro's plugin; docs/Preview.md).
        .library(name: "FlipbookPreviews", targets: ["FlipbookPreviews"]),
        // The `flipbook` tool as a library, for a user's own `flipbook` executable over its
        // previews and scenes (`swift run flipbook preview|render|list`; docs/Preview.md).
        .library(name: "FlipbookTool", targets: ["FlipbookTool"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // Live preview server (FlipbookPreview only); no default traits: no swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        // The source porter (FlipbookPort only): SwiftSyntax and SwiftParser, no macros, no builder.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        // `swift package generate-documentation` (the DocC catalogs; docs only, never linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "FlipbookGeometry", swiftSettings: strict),
        .target(name: "FlipbookQuartz", dependencies: ["FlipbookGeometry"], swiftSettings: strict),
        .target(name: "FlipbookPhysics", dependencies: ["FlipbookGeometry"], swiftSettings: strict),
        .systemLibrary(
            name: "CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["cairo", "pango"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        // Flipbook's own PNG writer in C over zlib (zlib1g-dev; part of macOS's SDK).
        .target(name: "CFlipbookPNG", linkerSettings: [.linkedLibrary("z")]),
        // The compositor's source-over of whole spans, four pixels at a time (SSE2).
        .target(name: "CFlipbookBlend"),
        // FlipbookTesting's snapshot comparison: reading reference PNGs and comparing pixels in C,
        // fast in a test target's debug build (docs/Testing.md, "Comparing fast").
        .target(name: "CFlipbookSnapshot", linkerSettings: [.linkedLibrary("z")]),
        // The live preview's JPEG and changed-rows codecs (FlipbookPreview only; docs/Preview.md).
        .target(name: "CFlipbookPreviewCodec", dependencies: ["CJPEG"], linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "FlipbookRender", dependencies: ["FlipbookQuartz", "CCairo", "CJPEG", "CFlipbookPNG", "CFlipbookBlend"], swiftSettings: strict),
        // Where `#Preview` records are read from (the linker's bounds of their ELF section).
        .target(name: "CFlipbookPreviewRecords"),
        .target(
            name: "FlipbookUIKit", dependencies: ["FlipbookQuartz", "FlipbookPhysics", "FlipbookRender", "CFlipbookPreviewRecords"],
            swiftSettings: strict),
        .target(
            name: "Flipbook",
            dependencies: ["FlipbookGeometry", "FlipbookQuartz", "FlipbookPhysics", "FlipbookRender", "FlipbookUIKit"],
            swiftSettings: strict),
        .target(name: "FlipbookWebKit", dependencies: ["FlipbookUIKit"], swiftSettings: strict),
        // `#Preview`'s implementation, a compiler plugin: only targets depending on FlipbookPreviews
        // load it, so packages without previews never build SwiftSyntax (docs/Preview.md, "Build time").
        .macro(
            name: "FlipbookMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: strict),
        .target(name: "FlipbookPreviews", dependencies: ["Flipbook", "FlipbookMacros"], swiftSettings: strict),
        // App code written as an iOS developer writes it: main-actor by default, like an Xcode app target.
        .target(
            name: "FlipbookCatalog", dependencies: ["Flipbook"],
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]),
        // The live browser preview: a web server kept out of the `Flipbook` product (docs/Preview.md).
        .target(
            name: "FlipbookPreview",
            dependencies: [
                "Flipbook", "CFlipbookPreviewCodec",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            resources: [.copy("Page")],
            swiftSettings: strict),
        // `flipbook port`: rewrites iOS Swift for Flipbook (docs/Porting.md); kept out of the `Flipbook` product.
        .target(
            name: "FlipbookPort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: strict),
        // The `flipbook` commands as a library: the tool over any registry of scenes, the
        // previews found in the program included (docs/Preview.md, "Your own previews and scenes").
        .target(
            name: "FlipbookTool",
            dependencies: [
                "Flipbook", "FlipbookPreview", "FlipbookPort",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(name: "FlipbookCLI", dependencies: ["FlipbookCatalog", "FlipbookTool"], swiftSettings: strict),
        // A user's package written by hand (Examples/SampleTransitions): previews, a scene and its
        // own `flipbook`, built here so the browser tests drive a user's previews.
        .target(
            name: "SampleTransitions", dependencies: ["FlipbookPreviews"], path: "Examples/SampleTransitions/Sources/SampleTransitions",
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]),
        .executableTarget(
            name: "flipbook-sample", dependencies: ["SampleTransitions", "FlipbookTool"],
            path: "Examples/SampleTransitions/Sources/flipbook-sample", swiftSettings: strict),
        // For users' test targets: the `.freshRuntime` trait, snapshot strategies, the transition recorder.
        .target(
            name: "FlipbookTesting",
            dependencies: ["Flipbook", "CFlipbookSnapshot", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            swiftSettings: strict),
        .target(name: "TestSupport", dependencies: ["Flipbook", "FlipbookTesting"], swiftSettings: strict),

        .testTarget(name: "FlipbookGeometryTests", dependencies: ["FlipbookGeometry"], swiftSettings: strict),
        .testTarget(name: "FlipbookQuartzTests", dependencies: ["FlipbookQuartz", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FlipbookPhysicsTests", dependencies: ["FlipbookPhysics"], swiftSettings: strict),
        .testTarget(
            name: "FlipbookRenderTests", dependencies: ["FlipbookRender", "TestSupport"],
            exclude: ["__Snapshots__", "Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "FlipbookUIKitTests", dependencies: ["Flipbook", "FlipbookWebKit", "TestSupport"],
            exclude: ["__Snapshots__"], swiftSettings: strict),
        .testTarget(
            name: "FlipbookCatalogTests", dependencies: ["FlipbookCatalog", "TestSupport"],
            exclude: ["__Snapshots__"], swiftSettings: strict),
        .testTarget(
            name: "FlipbookTestingTests", dependencies: ["Flipbook", "FlipbookTesting"],
            exclude: ["__Snapshots__"], swiftSettings: strict),
        // Random sequences of transitions (`make test` runs a few hundred, `make fuzz` 10 000).
        .testTarget(name: "TransitionFuzzTests", dependencies: ["Flipbook", "FlipbookTesting", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FlipbookCLITests", dependencies: ["FlipbookCLI", "FlipbookTool"], swiftSettings: strict),
        // `#Preview` in every form, found with no list; the all-previews snapshot call.
        .testTarget(
            name: "FlipbookPreviewsTests", dependencies: ["FlipbookPreviews", "FlipbookTesting", "TestSupport"],
            exclude: ["__Snapshots__"], swiftSettings: strict),
        // iOS-style XCTest in the Swift 5 language mode: NSObject animators calling UIKit from
        // nonisolated code, as public libraries do (compiles through `@preconcurrency` isolation).
        .testTarget(
            name: "FlipbookSwift5Tests", dependencies: ["Flipbook", "FlipbookWebKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The porting corpus (docs/Porting.md): iOS libraries as `flipbook port` wrote them, run by XCTest in Swift 5 mode.
        .testTarget(name: "PortingCorpusTests", dependencies: ["Flipbook", "TestSupport"], exclude: ["__Snapshots__"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "FlipbookPortTests", dependencies: ["FlipbookPort"], exclude: ["Corpus"], swiftSettings: strict),
        .testTarget(
            name: "FlipbookPreviewTests", dependencies: ["FlipbookPreview", "FlipbookCatalog", "FlipbookTesting", "TestSupport"],
            exclude: ["__Snapshots__"], swiftSettings: strict),
    ]
)
