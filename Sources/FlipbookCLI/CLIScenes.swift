import FlipbookCatalog
import FlipbookRender

/// The scenes the tool knows: the renderer's built-in ones, then the catalog's.
@MainActor
enum CLIScenes {
    static func registry() -> SceneRegistry {
        let registry = SceneRegistry.builtIn
        // The seed apps register here as FlipbookCatalog provides them, e.g.
        // `for s in CatalogScenes.all { registry.register(s) }`.
        return registry
    }
}
