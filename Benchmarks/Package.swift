// swift-tools-version: 6.2
// Flipbook's benchmarks: run on demand with `make bench` (never in CI).
// Each executable prints figures a person can compare: ratios against a
// reference run in the same process, not bare times.
import PackageDescription

let package = Package(
    name: "FlipbookBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Flipbook", path: "..")],
    targets: [
        .executableTarget(
            name: "QuartzBenchmark", dependencies: [.product(name: "Flipbook", package: "Flipbook")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"]), .brew(["pixman"])]),
        .executableTarget(
            name: "RenderBenchmark", dependencies: [.product(name: "Flipbook", package: "Flipbook"), "CPixman"]),
        // A small C++ harness around Debian's Box2D 2.4 (libbox2d-dev), the physics reference.
        .target(
            name: "CBox2DHarness",
            cxxSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]),
        .executableTarget(
            name: "ExportBenchmark",
            dependencies: [.product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookCatalog", package: "Flipbook")]),
        // Every registered scene exported to MP4 at 60 fps: ms a frame, × card-flip, × real time, phases.
        .executableTarget(
            name: "ScenesBenchmark",
            dependencies: [.product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookCatalog", package: "Flipbook")]),
        // One 120 Hz frame of a scrolling 10 000-item collection view; flow layout against a loop.
        .executableTarget(
            name: "ScrollBenchmark", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
        .executableTarget(
            name: "PhysicsBenchmark", dependencies: [.product(name: "Flipbook", package: "Flipbook"), "CBox2DHarness"]),
        // The fidelity scenes side by side: FlipbookPhysics, Box2D and the closed forms.
        .executableTarget(
            name: "PhysicsFidelity", dependencies: [.product(name: "Flipbook", package: "Flipbook"), "CBox2DHarness"]),
        // One full-screen snapshot recorded and compared, beside the comparison before issue 39.
        .executableTarget(
            name: "SnapshotBenchmark",
            dependencies: [.product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookTesting", package: "Flipbook")]),
    ],
    cxxLanguageStandard: .cxx17
)
