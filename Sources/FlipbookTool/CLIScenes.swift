import Flipbook
import FlipbookRender

/// The scenes the tool knows: the renderer's built-in one, the scenes the program's `main`
/// gave (`FlipbookTool.main(scenes:)`: the catalog's for Flipbook's own `flipbook`, a user's
/// own for theirs), then every `#Preview` linked into the program, found with no list.
@MainActor
enum CLIScenes {
    /// The scenes given to `FlipbookTool.main(scenes:)`.
    static var scenes: [any RenderScene.Type] = []

    static func registry() -> SceneRegistry {
        var registry = SceneRegistry.builtIn
        for scene in scenes { registry.register(scene) }
        PreviewCatalog.register(in: &registry)
        return registry
    }
}
