import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Something the `flipbook` tool can render: a layer tree that changes over time.
///
/// A scene builds its tree for a screen size in `init(size:)`. `start()` runs once, just before
/// the first frame, at `MediaClock.main`'s current time (add animations there, as an app would
/// at that moment). The exporter then renders frame after frame, advancing the media clock by
/// one frame between them and calling `update(elapsed:)` with the seconds since `start()`, for
/// scenes that set properties directly instead of animating. Seed apps in FlipbookCatalog
/// conform and register themselves with a `SceneRegistry`.
@preconcurrency @MainActor
public protocol RenderScene: AnyObject {
    /// The name used on the command line, e.g. "card-flip".
    static var name: String { get }
    /// One line for `flipbook list`.
    static var summary: String { get }
    /// Builds the scene for a screen of `size` points.
    init(size: CGSize)
    /// The root of the tree to render; its bounds are the screen.
    var rootLayer: CALayer { get }
    /// How long the scene runs, in seconds.
    var duration: CFTimeInterval { get }
    /// Starts the scene (adds animations, presents controllers ...). Default: nothing.
    func start()
    /// Sets the scene's state for `elapsed` seconds after `start()`. Default: nothing.
    func update(elapsed: CFTimeInterval)
}

extension RenderScene {
    public func start() {}
    public func update(elapsed: CFTimeInterval) {}
}

/// The scenes a tool knows, by name. A value: build one, register scenes, pass it on.
@preconcurrency @MainActor
public struct SceneRegistry {
    /// The registered scene types, in registration order.
    public private(set) var sceneTypes: [any RenderScene.Type] = []

    public init(_ types: [any RenderScene.Type] = []) {
        for t in types { register(t) }
    }

    /// The registry holding Flipbook's built-in scenes (the renderer's test scene).
    public static var builtIn: SceneRegistry { SceneRegistry([TestScene.self]) }

    /// Adds `type`, replacing any scene registered under the same name.
    public mutating func register(_ type: any RenderScene.Type) {
        sceneTypes.removeAll { $0.name == type.name }
        sceneTypes.append(type)
    }

    /// The scene registered as `name`, or nil.
    public func scene(named name: String) -> (any RenderScene.Type)? {
        sceneTypes.first { $0.name == name }
    }

    /// Registered names, in registration order.
    public var names: [String] { sceneTypes.map { $0.name } }
}
