// FlipbookCatalog: the seed apps and ready-made transitions, written as iOS app code.
import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The catalog's scenes, for the `flipbook` tool's registry (`flipbook list`, `flipbook render`).
public enum CatalogScenes {
    /// Every seed app the catalog renders, in the order `flipbook list` shows them.
    public static var all: [any RenderScene.Type] { [CardFlipScene.self, CardFlipSwipeScene.self, DropOutScene.self, NavTabModalScene.self, FeedZoomScene.self, FeedZoomIOS18Scene.self] }

    /// Adds the catalog's scenes to `registry`.
    public static func register(in registry: inout SceneRegistry) {
        for scene in all { registry.register(scene) }
    }
}
