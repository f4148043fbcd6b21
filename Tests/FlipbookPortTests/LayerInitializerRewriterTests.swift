import FlipbookPort
import Testing

/// CALayer subclasses with designated initializers get the `init(layer:)` Flipbook needs (and iOS
/// needs too, at the first animation).
@Suite struct LayerInitializerRewriterTests {
    @Test func aLayerWithInitButNoInitLayerGetsTheForwardingInitializer() {
        expectPort(
            """
            import QuartzCore

            final class RingLayer: CAShapeLayer {
                var progress: CGFloat = 0

                override init() {
                    super.init()
                    lineWidth = 4
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """,
            """
            \(importBlock)

            final class RingLayer: CAShapeLayer {
                var progress: CGFloat = 0

                override init() {
                    super.init()
                    lineWidth = 4
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override init(layer: Any) {
                    super.init(layer: layer)
                }
            }
            """,
            changes: [
                "T.swift:1: import: `import QuartzCore` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:3: layer initializer: `RingLayer` gets `override init(layer: Any) { super.init(layer: layer) }`",
            ])
    }

    @Test func aSubclassOfALayerSubclassInTheFolderCountsAndOneWithInitLayerIsLeft() {
        let input = """
            class BaseLayer: CALayer {}
            class GlowLayer: BaseLayer {
                override init() { super.init() }
                required init?(coder: NSCoder) { nil }
            }
            class FineLayer: CALayer {
                override init() { super.init() }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { nil }
            }
            class NotALayer: NSObject {
                override init() { super.init() }
            }
            """
        let output = Porter().port(input, path: "T.swift")
        #expect(output.changes.filter { $0.kind == .layerInitializer }.map(\.line) == [2])
        #expect(output.text.contains("""
                required init?(coder: NSCoder) { nil }

                override init(layer: Any) {
                    super.init(layer: layer)
                }
            }
            class FineLayer
            """))
        expectIdempotent([output])
    }

    /// A spinner layer with its own `init(frame:)` and `init(layer:)` but no `init()`: Flipbook
    /// makes a view's layer through `init()`, so the subclass needs it to inherit that.
    @Test func aLayerWithoutInitGetsItToo() {
        let output = Porter().port(
            """
            class SpinnerLayer: CAShapeLayer {
                var color = UIColor.white
                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                }
                required init?(coder: NSCoder) { nil }
                override init(layer: Any) {
                    super.init(layer: layer)
                }
            }
            """, path: "T.swift")
        #expect(output.changes.filter { $0.kind == .layerInitializer }.map(\.description) == [
            "`SpinnerLayer` gets `override init() { super.init() }`"
        ])
        #expect(output.text.contains("""
                    super.init(layer: layer)
                }

                override init() {
                    super.init()
                }
            }
            """))
        expectIdempotent([output])
    }

    /// No initializer can set `tint` without an argument: `init()` stops as iOS stops when the
    /// runtime reaches an initializer a class does not implement (`TintLayer()` does not compile
    /// on iOS), and `init(layer:)` copies `tint` from the layer it copies.
    @Test func aStoredPropertyWithoutAValueOrDefaultedInitializerGetsAnInitThatStops() {
        let output = Porter().port(
            """
            final class TintLayer: CALayer {
                let tint: UIColor
                init(tint: UIColor) { self.tint = tint; super.init() }
                required init?(coder: NSCoder) { nil }
            }
            """, path: "T.swift")
        #expect(output.issues.isEmpty)
        #expect(output.text.contains("""
                override init() {
                    fatalError("Use of unimplemented initializer 'init()' for class 'TintLayer'")
                }

                override init(layer: Any) {
                    let other = layer as! TintLayer
                    self.tint = other.tint
                    super.init(layer: layer)
                }
            """))
        expectIdempotent([output])
    }

    /// An emitter layer whose stored property is set by an initializer with defaults (a twinkle
    /// effect): `init()` calls that initializer, as `SparkleLayer()` did, and `init(layer:)`
    /// copies the property from the layer it copies.
    @Test func aStoredPropertySetByADefaultedInitializerIsCopiedAndDefaulted() {
        let output = Porter().port(
            """
            final class SparkleLayer: CAEmitterLayer {
                private let settings: Settings
                var count: Int
                init(image: UIImage? = nil, settings: Settings = Settings()) {
                    self.settings = settings
                    self.count = 0
                    super.init()
                }
                required init?(coder: NSCoder) { nil }
            }
            """, path: "T.swift")
        #expect(output.issues.isEmpty)
        #expect(output.changes.filter { $0.kind == .layerInitializer }.map(\.description) == [
            "`SparkleLayer` gets `override convenience init() { self.init(image: nil) }` and `override init(layer: Any)` "
                + "copying `settings`, `count` from the layer it copies"
        ])
        #expect(output.text.contains("""
                required init?(coder: NSCoder) { nil }

                override convenience init() {
                    self.init(image: nil)
                }

                override init(layer: Any) {
                    let other = layer as! SparkleLayer
                    self.settings = other.settings
                    self.count = other.count
                    super.init(layer: layer)
                }
            }
            """))
        expectIdempotent([output])
    }

    /// `@NSManaged` layer properties (custom animatable keys) have no storage without
    /// Objective-C: they become computed properties over the layer's key-value storage.
    @Test func managedLayerPropertiesBecomeKeyValueBacked() {
        expectPort(
            """
            \(importBlock)

            private final class CornerLayer: CAShapeLayer {
                @NSManaged var radius: CGFloat
                @NSManaged var tint: CGColor?
                @NSManaged var isRounded: Bool
            }
            """,
            """
            \(importBlock)

            private final class CornerLayer: CAShapeLayer {
                var radius: CGFloat {
                    get { value(forKey: "radius") as? CGFloat ?? 0 }
                    set { setValue(newValue, forKey: "radius") }
                }
                var tint: CGColor? {
                    get { value(forKey: "tint") as? CGColor }
                    set { setValue(newValue, forKey: "tint") }
                }
                var isRounded: Bool {
                    get { value(forKey: "isRounded") as? Bool ?? false }
                    set { setValue(newValue, forKey: "isRounded") }
                }
            }
            """)
    }
}
