import Foundation

/// The files `flipbook init` writes: a package whose library target holds a custom transition
/// in iOS style (an animator and a transitioning delegate), a `#Preview` and a scene, with its
/// own `flip` executable (Flipbook's tool; not `flipbook`, which is Flipbook's own product and
/// would be the one `swift run flipbook` picks) and a test target that snapshots every preview and the scene.
enum ProjectTemplate {
    /// Each file's path in the package and its text, for a package called `name` depending on
    /// Flipbook through `dependency` (a `.package(...)` expression) known as `identity` (SwiftPM's
    /// name for it: the last part of its path or URL).
    static func files(name: String, dependency: String, identity: String) -> [(path: String, text: String)] {
        let module = moduleName(name)
        return [
            ("Package.swift", packageSwift(name: name, module: module, dependency: dependency, identity: identity)),
            (".gitignore", ".build/\n.swiftpm/\nPackage.resolved\n/output/\n"),
            ("Sources/\(module)/FadeTransition.swift", fadeTransition),
            ("Sources/\(module)/Screens.swift", screens),
            ("Sources/\(module)/Previews.swift", previews),
            ("Sources/\(module)/DetailScene.swift", scene),
            ("Sources/flip/main.swift", main(module: module)),
            ("Tests/\(module)Tests/\(module)Tests.swift", tests(module: module)),
            ("README.md", readme(name: name, module: module, dependency: dependency, identity: identity)),
        ]
    }

    /// The reference images the test target's first run records: one per `#Preview` (two, on
    /// one device in one appearance) and the scene's filmstrip.
    static let snapshotReferenceCount = 3

    /// `name` as a Swift module name: letters, digits and `_`, not starting with a digit.
    static func moduleName(_ name: String) -> String {
        var out = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if out.first?.isNumber ?? true { out = "_" + out }
        return out
    }

    static func packageSwift(name: String, module: String, dependency: String, identity: String) -> String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "\(name)",
            platforms: [.macOS(.v14)],
            dependencies: [
                \(dependency),
            ],
            targets: [
                // App code as an iOS app target has it: main-actor by default.
                .target(
                    name: "\(module)",
                    dependencies: [.product(name: "FlipbookPreviews", package: "\(identity)")],
                    swiftSettings: [.defaultIsolation(MainActor.self)]),
                // `swift run flip preview|render|list` over this package's previews and scenes (Flipbook's
                // tool; `swift run flipbook` is Flipbook's own, over its demo scenes).
                .executableTarget(
                    name: "flip",
                    dependencies: ["\(module)", .product(name: "FlipbookTool", package: "\(identity)")]),
                .testTarget(
                    name: "\(module)Tests",
                    dependencies: ["\(module)", .product(name: "FlipbookTesting", package: "\(identity)")],
                    exclude: ["__Snapshots__"]),
            ]
        )

        """
    }

    static let fadeTransition = """
        #if canImport(UIKit)
        import UIKit
        #else
        import Flipbook
        #endif

        /// Presents a screen by fading it in while it grows from 90 %, and dismisses it the other
        /// way round: an animator as an iOS app writes one.
        final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
            let presenting: Bool

            init(presenting: Bool) {
                self.presenting = presenting
                super.init()
            }

            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
                0.4
            }

            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                let key: UITransitionContextViewKey = presenting ? .to : .from
                guard let view = transitionContext.view(forKey: key) else {
                    transitionContext.completeTransition(false)
                    return
                }
                let small = CGAffineTransform(scaleX: 0.9, y: 0.9)
                if presenting {
                    transitionContext.containerView.addSubview(view)
                    if let to = transitionContext.viewController(forKey: .to) {
                        view.frame = transitionContext.finalFrame(for: to)
                    }
                    view.alpha = 0
                    view.transform = small
                }
                UIView.animate(
                    withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut],
                    animations: {
                        view.alpha = self.presenting ? 1 : 0
                        view.transform = self.presenting ? .identity : small
                    },
                    completion: { _ in
                        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                    })
            }
        }

        /// The transitioning delegate that hands UIKit the fade animator both ways.
        final class FadeTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
            func animationController(
                forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? {
                FadeAnimator(presenting: true)
            }

            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                FadeAnimator(presenting: false)
            }
        }

        """

    static let screens = """
        #if canImport(UIKit)
        import UIKit
        #else
        import Flipbook
        #endif

        /// The first screen: a button that presents the detail screen with the fade transition.
        public final class HomeViewController: UIViewController {
            let fade = FadeTransitioningDelegate()
            public let showButton = UIButton(type: .system)

            override public func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .systemBackground
                showButton.setTitle("Show detail", for: .normal)
                showButton.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
                showButton.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
                showButton.addAction(UIAction { [weak self] _ in self?.showDetail() }, for: .touchUpInside)
                view.addSubview(showButton)
            }

            override public func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                showButton.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
            }

            public func showDetail() {
                let detail = DetailViewController()
                detail.modalPresentationStyle = .fullScreen
                detail.transitioningDelegate = fade
                present(detail, animated: true)
            }
        }

        /// The presented screen: a coloured card with a Close button.
        public final class DetailViewController: UIViewController {
            public let closeButton = UIButton(type: .system)

            override public func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .systemIndigo
                closeButton.setTitle("Close", for: .normal)
                closeButton.setTitleColor(.white, for: .normal)
                closeButton.frame = CGRect(x: 20, y: 80, width: 100, height: 44)
                closeButton.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
                view.addSubview(closeButton)
            }
        }

        """

    static let previews = """
        #if canImport(UIKit)
        import UIKit
        #else
        import Flipbook
        #endif

        // Xcode's previews; `swift run flip list` finds them with no list to keep.
        #Preview("Home") { HomeViewController() }

        #Preview("Detail screen", traits: .landscapeLeft) { DetailViewController() }

        """

    static let scene = """
        #if canImport(UIKit)
        import UIKit
        #else
        import Flipbook
        #endif

        /// The fade transition played through: the button is tapped at 0.5 s, Close at 1.5 s.
        public final class DetailScene: AppScene {
            public static let name = "detail"
            public static let summary = "Home → detail with the fade transition, and back"
            public let duration: CFTimeInterval = 2.2
            public let driver: AppDriver
            let home = HomeViewController()

            public init(size: CGSize) {
                driver = AppDriver(rootViewController: home, device: .fitting(size))
            }

            public func script(_ s: SceneScript) {
                s.tap(at: 0.5) { [weak self] in self?.home.showButton }
                s.tap(at: 1.5) { [weak self] in (self?.home.presentedViewController as? DetailViewController)?.closeButton }
            }
        }

        """

    static func main(module: String) -> String {
        """
        // `swift run flip preview|render|list`: Flipbook's tool over this package's scenes
        // and every #Preview linked in (found with no list).
        import FlipbookTool
        import \(module)

        await FlipbookTool.main(scenes: [DetailScene.self])

        """
    }

    static func tests(module: String) -> String {
        """
        import Flipbook
        import FlipbookTesting
        import Testing
        @testable import \(module)

        @MainActor
        @Suite(.freshRuntime) struct \(module)Tests {
            /// Every #Preview of the module is a snapshot test (references in __Snapshots__).
            @Test func previews() {
                assertPreviewSnapshots(module: "\(module)")
            }

            /// The scene as a filmstrip: before, during and after each transition.
            @Test func detailScene() {
                assertSceneFilmstrip(DetailScene.self, at: [0, 0.6, 1.0, 1.6, 2.0])
            }

            /// The transition itself, as a history: presented, then dismissed.
            @Test func fadePresentsAndDismisses() {
                let scene = DetailScene(size: CGSize(width: 393, height: 852))
                scene.start()
                scene.update(elapsed: 1.0)
                #expect(scene.home.presentedViewController is DetailViewController)
                scene.update(elapsed: 2.2)
                #expect(scene.home.presentedViewController == nil)
            }
        }

        """
    }

    static func readme(name: String, module: String, dependency: String, identity: String) -> String {
        """
        # \(name)

        A custom view-controller transition written as iOS code, run on Flipbook (UIKit's
        transition system in portable Swift): an animator and a transitioning delegate
        (`Sources/\(module)/FadeTransition.swift`), two screens, two `#Preview`s and a scene.

        This package takes Flipbook from `\(dependency)` (in `Package.swift`). A package
        elsewhere uses the same line in its `dependencies` and
        `.product(name: "Flipbook", package: "\(identity)")` in a target's.

        ```sh
        swift run flip list                  # the scenes and every #Preview
        swift run flip preview detail        # play, scrub and touch it in the browser
        swift run flip preview --watch       # saving a file rebuilds; the page shows the new build
        swift run flip render detail --format mp4
        swift test                               # previews and the scene as snapshot tests
        ```

        - `#Preview` works as in Xcode (names, `traits:`, bodies returning a view controller or a
          view); a preview in any file of the `\(module)` target is found with no list.
        - A scene (`DetailScene.swift`) is an `AppScene`: a root view controller on a device and
          scripted steps on the clock. Give new scenes to `FlipbookTool.main(scenes:)` in
          `Sources/flip/main.swift`.
        - The first `swift test` records the \(snapshotReferenceCount) reference images (one per `#Preview`
          and the scene's filmstrip) in `Tests/\(module)Tests/__Snapshots__` and fails, saying "No
          reference was found on disk. Automatically recorded snapshot" (swift-snapshot-testing
          fails every test that records); run `swift test` again and it compares with them and
          passes. Commit `__Snapshots__`. `SNAPSHOT_TESTING_RECORD=all swift test` records them again
          after a change you meant.

        """
    }
}
