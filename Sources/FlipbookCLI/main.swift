// Flipbook's own `flipbook`: the tool (FlipbookTool) over the catalog's seed apps.
import FlipbookCatalog
import FlipbookTool

await FlipbookTool.main(scenes: CatalogScenes.all)
