import Flipbook
import FlipbookRender
import Foundation

/// The scenes the tool knows: the renderer's built-in one, the scenes the program's `main`
/// gave (`FlipbookTool.main(scenes:)`: the catalog's for Flipbook's own `flipbook`, a user's
/// own for theirs), then every `#Preview` linked into the program, found with no list.
@MainActor
enum CLIScenes {
    /// The scenes given to `FlipbookTool.main(scenes:)`.
    static var scenes: [any RenderScene.Type] = []

    static func registry() -> SceneRegistry {
        if let fixture = GalleryFixture.registry() { return fixture }
        var registry = SceneRegistry.builtIn
        for scene in scenes { registry.register(scene) }
        PreviewCatalog.register(in: &registry)
        return registry
    }
}

// MARK: Gallery fixtures (for the gallery's browser tests and benchmark)

/// `FLIPBOOK_GALLERY_FIXTURE=many:N` replaces the scenes with N generated ones (1…1000), and
/// `trap:N` adds one that traps while it is built, after N generated ones: the browser tests'
/// 50- and 500-preview galleries and the preview that traps (docs/Preview.md, "The gallery").
/// The variable is inherited by the gallery's worker processes, which so see the same scenes.
@MainActor
enum GalleryFixture {
    static func registry() -> SceneRegistry? {
        guard let spec = ProcessInfo.processInfo.environment["FLIPBOOK_GALLERY_FIXTURE"] else { return nil }
        let parts = spec.split(separator: ":")
        let count = parts.count > 1 ? min(max(Int(parts[1]) ?? 0, 0), 1000) : 0
        var registry = SceneRegistry()
        let digits: [any FixtureDigit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self]
        func type<A: FixtureDigit, B: FixtureDigit, C: FixtureDigit>(_: A.Type, _: B.Type, _: C.Type) -> any RenderScene.Type {
            FixtureScene<A, B, C>.self
        }
        for i in 0..<count {
            let hundreds: any FixtureDigit.Type = digits[(i / 100) % 10]
            let tens: any FixtureDigit.Type = digits[(i / 10) % 10]
            let ones: any FixtureDigit.Type = digits[i % 10]
            let scene: any RenderScene.Type = type(hundreds, tens, ones)
            registry.register(scene)
        }
        if parts.first == "trap" { registry.register(TrappingFixtureScene.self) }
        return registry
    }
}

protocol FixtureDigit { static var value: Int { get } }
enum D0: FixtureDigit { static let value = 0 }
enum D1: FixtureDigit { static let value = 1 }
enum D2: FixtureDigit { static let value = 2 }
enum D3: FixtureDigit { static let value = 3 }
enum D4: FixtureDigit { static let value = 4 }
enum D5: FixtureDigit { static let value = 5 }
enum D6: FixtureDigit { static let value = 6 }
enum D7: FixtureDigit { static let value = 7 }
enum D8: FixtureDigit { static let value = 8 }
enum D9: FixtureDigit { static let value = 9 }

/// A generated screen: a coloured card with its number on the system background (so light and
/// dark differ).
@MainActor
final class FixtureScene<A: FixtureDigit, B: FixtureDigit, C: FixtureDigit>: AppScene {
    static var number: Int { A.value * 100 + B.value * 10 + C.value }
    static var name: String { "fixture-\(A.value)\(B.value)\(C.value)" }
    static var summary: String { "Generated screen \(number) (FLIPBOOK_GALLERY_FIXTURE)" }
    let duration: CFTimeInterval = 1
    let driver: AppDriver

    init(size: CGSize) {
        let vc = UIViewController()
        vc.view.backgroundColor = .systemBackground
        let card = UIView(frame: CGRect(x: 24, y: 120, width: size.width - 48, height: size.height * 0.4))
        card.backgroundColor = UIColor(hue: CGFloat(Self.number % 36) / 36, saturation: 0.6, brightness: 0.9, alpha: 1)
        card.layer.cornerRadius = 24
        vc.view.addSubview(card)
        let label = UILabel(frame: CGRect(x: 24, y: 140 + size.height * 0.4, width: size.width - 48, height: 60))
        label.text = "Screen \(Self.number)"
        label.font = .systemFont(ofSize: 34, weight: .bold)
        label.textColor = .label
        vc.view.addSubview(label)
        driver = AppDriver(rootViewController: vc, device: .fitting(size))
    }
}

/// A scene that traps while it is built (a force-unwrap of nil in a preview's body, say).
@MainActor
final class TrappingFixtureScene: AppScene {
    static let name = "fixture-traps"
    static let summary = "Traps while it is built (FLIPBOOK_GALLERY_FIXTURE=trap)"
    let duration: CFTimeInterval = 1
    let driver: AppDriver

    init(size: CGSize) {
        let missing: UIViewController? = ProcessInfo.processInfo.environment["FLIPBOOK_GALLERY_FIXTURE"] == "never" ? UIViewController() : nil
        driver = AppDriver(rootViewController: missing!, device: .fitting(size))
    }
}
