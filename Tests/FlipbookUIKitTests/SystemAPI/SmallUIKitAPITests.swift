import Foundation
import Testing
import TestSupport
import Flipbook

/// A view that says it is the first responder until asked to resign.
@MainActor
private final class EditingView: UIView {
    var editing = true
    var allowsResign = true
    var resignCalls = 0
    override var isFirstResponder: Bool { editing }
    override var canResignFirstResponder: Bool { allowsResign }
    override func resignFirstResponder() -> Bool {
        resignCalls += 1
        editing = false
        return true
    }
}

/// A view with an intrinsic size, as a label has.
@MainActor
private final class SizedView: UIView {
    var size = CGSize(width: 100, height: 40)
    override var intrinsicContentSize: CGSize { size }
}

/// endEditing, systemLayoutSizeFitting, layout support guides, bar style, memory warnings,
/// Reduce Transparency, window scenes and the accessibility properties (issue 25 E, part 8).
@Suite(.freshRuntime) @MainActor struct SmallUIKitAPITests {
    @Test func endEditingResignsTheFirstResponderInTheSubtree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(root.endEditing(true) == false)            // nobody is editing
        let field = EditingView(frame: .zero)
        let holder = UIView(frame: .zero)
        holder.addSubview(field)
        root.addSubview(holder)
        field.allowsResign = false
        #expect(root.endEditing(false) == false)           // it refuses and is not forced
        #expect(field.resignCalls == 0)
        #expect(root.endEditing(true))                     // forced
        #expect(field.resignCalls == 1 && !field.isFirstResponder)
        #expect(root.endEditing(true) == false)
    }

    @Test func systemLayoutSizeFittingSolvesWithoutChangingTheFrame() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let content = SizedView(frame: .zero)
        content.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            content.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
            content.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
            content.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -8),
        ])
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 120, height: 60))
        // Width held at 300 (required), height as small as the content allows.
        let fitted = cell.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 300, height: 60))
        #expect(cell.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        content.size = CGSize(width: 50, height: 90)
        content.invalidateIntrinsicContentSize()
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 70, height: 110))
        // A view without constraints: its intrinsic size, else the target.
        #expect(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)).systemLayoutSizeFitting(.zero) == .zero)
        #expect(SizedView(frame: .zero).systemLayoutSizeFitting(UIView.layoutFittingExpandedSize) == CGSize(width: 100, height: 40))
        let reports = FlipbookDiagnostics.capture {
            #expect(cell.systemLayoutSizeFitting(CGSize(width: CGFloat.nan, height: 1)) == CGSize(width: 320, height: 44))
        }
        #expect(reports.count == 1)
    }

    @Test func layoutSupportGuidesAreTheSafeAreaStrips() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        #expect(root.topLayoutGuide.length == 59)
        #expect(root.bottomLayoutGuide.length == 34)
        let box = UIView(frame: .zero)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(box)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topLayoutGuide.bottomAnchor),
            box.bottomAnchor.constraint(equalTo: root.bottomLayoutGuide.topAnchor),
            box.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
        ])
        app.window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 59, width: 10, height: 852 - 59 - 34))
        root.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        app.window.layoutIfNeeded()
        #expect(root.topLayoutGuide.length == 79)
        #expect(box.frame.minY == 79)
    }

    @Test func blackNavigationBarIsDarkWithLightContent() {
        let nav = UINavigationController(rootViewController: UIViewController())
        let app = AppDriver(rootViewController: nav)
        #expect(app.statusBarAppearance.style == .darkContent)
        #expect(nav.navigationBar.traitCollection.userInterfaceStyle == .light)
        nav.navigationBar.barStyle = .black
        #expect(app.statusBarAppearance.style == .lightContent)
        #expect(nav.navigationBar.traitCollection.userInterfaceStyle == .dark)
        var white: CGFloat = -1, alpha: CGFloat = -1
        _ = nav.navigationBar.backgroundColor?.getWhite(&white, alpha: &alpha)
        #expect(abs(white - 0.11) < 1e-6 && abs(alpha - 0.94) < 1e-6)
        nav.navigationBar.barStyle = .default
        #expect(app.statusBarAppearance.style == .darkContent)
        #expect(UIBarStyle.blackOpaque == .black && UIBarStyle.black.rawValue == 1)
    }

    @Test func memoryWarningPostsThenReachesEveryController() {
        final class Recording: UIViewController {
            var log: (String) -> Void = { _ in }
            var name = ""
            override func didReceiveMemoryWarning() {
                super.didReceiveMemoryWarning()
                log(name)
            }
        }
        var history: [String] = []
        func make(_ name: String) -> Recording {
            let vc = Recording()
            vc.name = name
            vc.log = { history.append($0) }
            return vc
        }
        let root = make("root"), child = make("child"), modal = make("modal")
        let app = AppDriver(rootViewController: root)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        root.present(modal, animated: false)
        let token = NotificationCenter.default.addObserver(
            forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { history.append("notification") } }
        defer { NotificationCenter.default.removeObserver(token) }
        app.simulateMemoryWarning()
        #expect(history == ["notification", "root", "child", "modal"])
        #expect(UIApplication.didReceiveMemoryWarningNotification.rawValue == "UIApplicationDidReceiveMemoryWarningNotification")
        #expect(UIApplication.didEnterBackgroundNotification.rawValue == "UIApplicationDidEnterBackgroundNotification")
        #expect(UIApplication.willResignActiveNotification.rawValue == "UIApplicationWillResignActiveNotification")
    }

    @Test func reduceTransparencyBelongsToItsApp() {
        let app = AppDriver(rootViewController: UIViewController())
        #expect(!UIAccessibility.isReduceTransparencyEnabled)
        var posts = 0
        let token = NotificationCenter.default.addObserver(
            forName: UIAccessibility.reduceTransparencyStatusDidChangeNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { posts += 1 } }
        defer { NotificationCenter.default.removeObserver(token) }
        app.isReduceTransparencyEnabled = true
        app.isReduceTransparencyEnabled = true
        #expect(UIAccessibility.isReduceTransparencyEnabled)
        #expect(posts == 1)
        // Another app (a second driver, in a runtime of its own) starts from iOS's default;
        // this app keeps its setting.
        let other = AppDriver(rootViewController: UIViewController())
        #expect(other.runtime.run { !UIAccessibility.isReduceTransparencyEnabled })
        #expect(UIAccessibility.isReduceTransparencyEnabled)
    }

    @Test func windowSceneAndStatusBarManager() {
        final class Hiding: UIViewController {
            var hidden = false
            override var prefersStatusBarHidden: Bool { hidden }
        }
        let root = Hiding()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let scene = try! #require(app.window.windowScene)
        #expect(scene === app.windowScene)
        #expect(scene.windows.contains { $0 === app.window })
        #expect(scene.interfaceOrientation == .portrait)
        #expect(scene.screen.bounds.size == CGSize(width: 393, height: 852))
        #expect(scene.traitCollection.horizontalSizeClass == .compact)
        #expect(scene.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 393, height: 54))
        #expect(UIApplication.shared.statusBarFrame == CGRect(x: 0, y: 0, width: 393, height: 54))
        root.hidden = true
        #expect(scene.statusBarManager?.isStatusBarHidden == true)
        #expect(scene.statusBarManager?.statusBarFrame == .zero)
        #expect(UIApplication.shared.connectedScenes.contains(scene))
        let se = AppDriver(rootViewController: UIViewController(), device: .iPhoneSE)
        #expect(se.windowScene?.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 375, height: 20))
        let loose = UIWindow(windowScene: scene)
        #expect(loose.windowScene === scene && loose.frame == scene.screen.bounds)
    }

    @Test func accessibilityPropertiesHaveUIKitsDefaults() {
        let label = UILabel(frame: .zero)
        label.text = "Title"
        #expect(label.accessibilityLabel == "Title" && label.isAccessibilityElement)
        #expect(label.accessibilityTraits == .staticText)
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        #expect(button.accessibilityLabel == "Go" && button.accessibilityTraits == .button)
        let plain = UIView(frame: .zero)
        #expect(plain.accessibilityLabel == nil && !plain.isAccessibilityElement && plain.accessibilityTraits == .none)
        plain.accessibilityLabel = "Card"
        plain.accessibilityIdentifier = "card.1"
        plain.isAccessibilityElement = true
        plain.accessibilityTraits = [.button, .selected]
        #expect(plain.accessibilityLabel == "Card" && plain.accessibilityIdentifier == "card.1")
        #expect(plain.isAccessibilityElement && plain.accessibilityTraits.contains(.selected))
        label.accessibilityLabel = "Heading"
        label.text = "Other"
        #expect(label.accessibilityLabel == "Heading")
    }
    @Test func layerFiltersAreStoredAndFrameIsOverridable() {
        final class LoggingLayer: CALayer {
            var frames: [CGRect] = []
            override var frame: CGRect {
                get { super.frame }
                set { frames.append(newValue); super.frame = newValue }
            }
        }
        let layer = LoggingLayer()
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear && layer.minificationFilterBias == 0)
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .trilinear
        layer.minificationFilterBias = 0.5
        #expect(layer.magnificationFilter.rawValue == "nearest" && layer.minificationFilter == .trilinear)
        let copy = CALayer(layer: layer)
        #expect(copy.magnificationFilter == .nearest && copy.minificationFilterBias == 0.5)
        let reports = FlipbookDiagnostics.capture { layer.minificationFilterBias = .nan }
        #expect(reports.count == 1 && layer.minificationFilterBias == 0.5)
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(layer.frames == [CGRect(x: 10, y: 20, width: 30, height: 40)])
        #expect(layer.position == CGPoint(x: 25, y: 40) && layer.bounds.size == CGSize(width: 30, height: 40))
    }
}

extension SmallUIKitAPITests {
    /// A navigation bar's per-position background image is its metrics' image: set for `.any`,
    /// read back for `.top`, and cleared with nil, as a bar "made solid" with an empty image does.
    @Test func navigationBarBackgroundImageByPosition() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 393, height: 44))
        let empty = UIImage()
        bar.setBackgroundImage(empty, for: .any, barMetrics: .default)
        #expect(bar.backgroundImage(for: .top, barMetrics: .default) === empty)
        #expect(bar.backgroundImage(for: .default) === empty)
        #expect(bar.backgroundImage(for: .any, barMetrics: .compact) == nil)
        bar.setBackgroundImage(nil, for: .any, barMetrics: .default)
        #expect(bar.backgroundImage(for: .default) == nil)
    }
}

extension SmallUIKitAPITests {
    /// The More tab's navigation controller exists, one per tab bar controller, and is never
    /// shown (no parent); every tab is customizable until told otherwise.
    @Test func moreNavigationControllerAndCustomizableTabs() {
        let tabs = UITabBarController()
        let a = UIViewController(), b = UIViewController()
        tabs.viewControllers = [a, b]
        #expect(tabs.moreNavigationController === tabs.moreNavigationController)
        #expect(tabs.moreNavigationController.parent == nil)
        #expect(tabs.customizableViewControllers?.count == 2)
        tabs.customizableViewControllers = [b]
        #expect(tabs.customizableViewControllers?.first === b)
        tabs.customizableViewControllers = nil
        #expect(tabs.customizableViewControllers == nil)
    }
}
