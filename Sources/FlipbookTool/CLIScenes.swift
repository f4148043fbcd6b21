import FlipbookCatalog
import FlipbookRender

/// The scenes the tool knows: the renderer's built-in ones, then the catalog's seed apps.
@MainActor
enum CLIScenes {
    static func registry() -> SceneRegistry {
        var registry = SceneRegistry.builtIn
        CatalogScenes.register(in: &registry)
        return registry
    }
}
