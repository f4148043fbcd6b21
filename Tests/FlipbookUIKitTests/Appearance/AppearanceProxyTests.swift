import Foundation
import Testing
import TestSupport
import Flipbook

/// A container view for containment-scoped proxies.
@MainActor
final class AppearanceCardView: UIView {}

/// A label subclass, for subclass proxies.
@MainActor
final class AppearanceTitleLabel: UILabel {}

/// A view backed by a gradient layer, for proxies made with `init(coder:)`.
@MainActor
final class AppearanceGradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

/// Counts `didMoveToWindow()`; with `child`, adds it when it enters a window.
@MainActor
final class WindowCountingView: UIView {
    var moves = 0
    var child: WindowCountingView?
    override func didMoveToWindow() {
        super.didMoveToWindow()
        moves += 1
        if window != nil, let child, child.superview == nil { addSubview(child) }
    }
}

/// A controller that puts `content` in its view when it loads.
@MainActor
final class AppearanceHostController: UIViewController {
    let content: [UIView]
    init(_ content: [UIView]) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        for v in content { view.addSubview(v) }
    }
}

/// UIKit's appearance proxies (`UIAppearance`): values recorded on a class's proxy reach its
/// instances when they enter a window, except what an instance set itself; the most specific
/// proxy wins; each runtime keeps its own proxies (docs/Semantics.md, "Appearance proxies").
@Suite("Appearance proxies", .freshRuntime)
@MainActor
struct AppearanceProxyTests {
    @Test func proxyValuesApplyOnEnteringAWindow() {
        UILabel.appearance().textColor = .red
        UIView.appearance(whenContainedInInstancesOf: [AppearanceCardView.self]).backgroundColor = .green
        let label = UILabel()
        let card = AppearanceCardView()
        let inner = UIView()
        card.addSubview(inner)
        // Not in a window yet: nothing applied.
        #expect(label.textColor == .label)
        #expect(inner.backgroundColor == nil)
        let app = AppDriver(rootViewController: AppearanceHostController([label, card]))
        app.window.layoutIfNeeded()
        #expect(label.textColor == .red)
        #expect(inner.backgroundColor == .green)
        // The card itself is not inside a card.
        #expect(card.backgroundColor == nil)
    }

    @Test func anExplicitSetWins() {
        UILabel.appearance().textColor = .red
        UILabel.appearance().font = .systemFont(ofSize: 30)
        let label = UILabel()
        label.textColor = .blue
        let app = AppDriver(rootViewController: AppearanceHostController([label]))
        app.window.layoutIfNeeded()
        #expect(label.textColor == .blue)
        #expect(label.font.pointSize == 30)
    }

    @Test func changingTheProxyLeavesViewsInAWindowUntilTheyEnterAgain() {
        UILabel.appearance().textColor = .red
        let label = UILabel()
        let host = AppearanceHostController([label])
        let app = AppDriver(rootViewController: host)
        app.window.layoutIfNeeded()
        UILabel.appearance().textColor = .orange
        #expect(label.textColor == .red)
        label.removeFromSuperview()
        host.view.addSubview(label)
        #expect(label.textColor == .orange)
    }

    @Test func containmentBeatsPlainAndTheOutermostMatchWins() {
        UILabel.appearance().textColor = .red
        UILabel.appearance(whenContainedInInstancesOf: [AppearanceCardView.self]).textColor = .green
        UILabel.appearance(whenContainedInInstancesOf: [AppearanceHostController.self]).textColor = .blue
        let loose = UILabel()
        let card = AppearanceCardView()
        let carded = UILabel()
        card.addSubview(carded)
        let outside = UIView()
        let plain = UILabel()
        outside.addSubview(plain)
        let host = AppearanceHostController([loose, card])
        let app = AppDriver(rootViewController: host)
        app.window.layoutIfNeeded()
        // The controller is further out than the card: its proxy wins for both labels.
        #expect(loose.textColor == .blue)
        #expect(carded.textColor == .blue)
        // Outside the controller only the plain proxy matches.
        app.window.addSubview(outside)
        #expect(plain.textColor == .red)
        // Inside a card outside the controller, the card's proxy beats the plain one.
        let card2 = AppearanceCardView()
        let label2 = UILabel()
        card2.addSubview(label2)
        app.window.addSubview(card2)
        #expect(label2.textColor == .green)
    }

    @Test func aLongerContainmentListBreaksTies() {
        UILabel.appearance(whenContainedInInstancesOf: [AppearanceHostController.self]).textColor = .blue
        UILabel.appearance(whenContainedInInstancesOf: [AppearanceCardView.self, AppearanceHostController.self])
            .textColor = .purple
        let card = AppearanceCardView()
        let carded = UILabel()
        card.addSubview(carded)
        let loose = UILabel()
        let app = AppDriver(rootViewController: AppearanceHostController([card, loose]))
        app.window.layoutIfNeeded()
        #expect(carded.textColor == .purple)
        #expect(loose.textColor == .blue)
    }

    @Test func subclassProxiesBeatSuperclassProxies() {
        UILabel.appearance().textColor = .red
        AppearanceTitleLabel.appearance().textColor = .green
        UIView.appearance().tintColor = .orange
        let label = UILabel()
        let title = AppearanceTitleLabel()
        let app = AppDriver(rootViewController: AppearanceHostController([label, title]))
        app.window.layoutIfNeeded()
        #expect(label.textColor == .red)
        #expect(title.textColor == .green)
        // The superclass's proxy reaches the subclass.
        #expect(title.tintColor == .orange)
    }

    @Test func aProxyReadsBackWhatWasSetOnIt() {
        let proxy = UINavigationBar.appearance()
        #expect(proxy === UINavigationBar.appearance())
        #expect(proxy !== UINavigationBar.appearance(whenContainedInInstancesOf: [UINavigationController.self]))
        #expect(proxy.barTintColor == nil)
        #expect(proxy.tintColor == nil)
        proxy.barTintColor = .red
        proxy.titleTextAttributes = [.foregroundColor: UIColor.white]
        #expect(UINavigationBar.appearance().barTintColor == .red)
        #expect(UINavigationBar.appearance().titleTextAttributes?[.foregroundColor] as? UIColor == .white)
        // The proxy is never in a window.
        #expect(proxy.window == nil)
    }

    @Test func navigationBarsTabBarsAndBarItemsTakeTheirProxies() {
        UINavigationBar.appearance().barTintColor = .red
        UINavigationBar.appearance().titleTextAttributes = [.foregroundColor: UIColor.white]
        UINavigationBar.appearance().isTranslucent = false
        UINavigationBar.appearance().largeTitleTextAttributes = [.foregroundColor: UIColor.yellow]
        UINavigationBar.appearance().setBackgroundImage(UIImage(systemName: "star"), for: .default)
        UIBarButtonItem.appearance().tintColor = .white
        UIBarButtonItem.appearance(whenContainedInInstancesOf: [UINavigationBar.self])
            .setTitleTextAttributes([.foregroundColor: UIColor.green], for: .normal)
        UIBarButtonItem.appearance().setBackButtonTitlePositionAdjustment(UIOffset(horizontal: -1000, vertical: 0), for: .default)
        UINavigationBar.appearance().backIndicatorImage = UIImage()
        UITableView.appearance().separatorColor = .darkGray
        UITabBar.appearance().barTintColor = .blue
        UITabBar.appearance().isTranslucent = false
        UITabBar.appearance().unselectedItemTintColor = .gray
        UITabBarItem.appearance().setTitleTextAttributes([.foregroundColor: UIColor.cyan], for: .selected)
        UITabBarItem.appearance().badgeColor = .purple
        let root = UIViewController()
        root.title = "Inbox"
        let done = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
        root.navigationItem.rightBarButtonItem = done
        let nav = UINavigationController(rootViewController: root)
        nav.tabBarItem = UITabBarItem(title: "Inbox", image: nil, tag: 0)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
        root.view.addSubview(table)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav]
        let app = AppDriver(rootViewController: tabs)
        app.window.layoutIfNeeded()
        let bar = nav.navigationBar
        #expect(bar.barTintColor == .red)
        #expect(bar.isTranslucent == false)
        #expect(bar.titleTextAttributes?[.foregroundColor] as? UIColor == .white)
        #expect(bar.largeTitleTextAttributes?[.foregroundColor] as? UIColor == .yellow)
        #expect(bar.backgroundImage(for: .default) != nil)
        #expect(done.tintColor == .white)
        #expect(done.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor == .green)
        #expect(done.backButtonTitlePositionAdjustment(for: .default).horizontal == -1000)
        #expect(done.backButtonTitlePositionAdjustment(for: .compact).horizontal == 0)
        #expect(bar.backIndicatorImage != nil)
        #expect(tabs.tabBar.barTintColor == .blue)
        #expect(tabs.tabBar.isTranslucent == false)
        #expect(tabs.tabBar.unselectedItemTintColor == .gray)
        #expect(table.separatorColor == .darkGray)
        #expect(nav.tabBarItem.badgeColor == .purple)
        #expect(nav.tabBarItem.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .cyan)
        // The bar draws the applied title colour.
        let titles = barLabels(bar).filter { $0.text == "Inbox" }
        #expect(titles.first?.textColor == .white)
        // An item pushed later gets the proxies too; one that set its own tint keeps it.
        let next = UIViewController()
        let own = UIBarButtonItem(title: "Own", style: .plain, target: nil, action: nil)
        own.tintColor = .black
        let other = UIBarButtonItem(title: "Other", style: .plain, target: nil, action: nil)
        next.navigationItem.rightBarButtonItems = [own, other]
        nav.pushViewController(next, animated: false)
        app.window.layoutIfNeeded()
        #expect(own.tintColor == .black)
        #expect(other.tintColor == .white)
    }

    @Test func buttonsAndSlidersTakeTheirProxies() {
        UIButton.appearance().setTitleColor(.red, for: .normal)
        UIButton.appearance().setTitleColor(.orange, for: .highlighted)
        UISlider.appearance().minimumTrackTintColor = .green
        let button = UIButton(type: .system)
        button.setTitleColor(.blue, for: .highlighted)
        let slider = UISlider()
        let app = AppDriver(rootViewController: AppearanceHostController([button, slider]))
        app.window.layoutIfNeeded()
        #expect(button.titleColor(for: .normal) == .red)
        #expect(button.titleColor(for: .highlighted) == .blue)
        #expect(slider.minimumTrackTintColor == .green)
    }

    @Test func traitScopedProxiesApplyOnlyWithThoseTraits() {
        UILabel.appearance().textColor = .red
        UILabel.appearance(for: UITraitCollection(userInterfaceStyle: .dark)).textColor = .white
        let label = UILabel()
        let darkBox = UIView()
        darkBox.overrideUserInterfaceStyle = .dark
        let dark = UILabel()
        darkBox.addSubview(dark)
        let app = AppDriver(rootViewController: AppearanceHostController([label, darkBox]))
        app.window.layoutIfNeeded()
        #expect(label.textColor == .red)
        #expect(dark.textColor == .white)
    }

    @Test func eachRuntimeKeepsItsOwnProxies() {
        UILabel.appearance().textColor = .red
        let first = UILabel()
        let app = AppDriver(rootViewController: AppearanceHostController([first]))
        app.window.layoutIfNeeded()
        #expect(first.textColor == .red)
        // A second driver runs in a fresh runtime, which has no proxies.
        let second = UILabel()
        let otherApp = AppDriver(rootViewController: AppearanceHostController([second]))
        otherApp.window.layoutIfNeeded()
        #expect(second.textColor == .label)
        // Its proxies are its own.
        AppRuntime.owning(otherApp.window).run { UILabel.appearance().textColor = .green }
        #expect(UILabel.appearance().textColor == .red)
    }

    @Test func toolbarItemsAndTraitScopedContainmentTakeTheirProxies() {
        UIBarButtonItem.appearance(whenContainedInInstancesOf: [UIToolbar.self]).tintColor = .purple
        UIToolbar.appearance().barTintColor = .darkGray
        UILabel.appearance(for: UITraitCollection(userInterfaceStyle: .dark),
                           whenContainedInInstancesOf: [AppearanceCardView.self]).textColor = .yellow
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let share = UIBarButtonItem(title: "Share", style: .plain, target: nil, action: nil)
        toolbar.setItems([share], animated: false)
        let card = AppearanceCardView()
        card.overrideUserInterfaceStyle = .dark
        let label = UILabel()
        card.addSubview(label)
        let lightCard = AppearanceCardView()
        let lightLabel = UILabel()
        lightCard.addSubview(lightLabel)
        #expect(share.tintColor == nil)
        let app = AppDriver(rootViewController: AppearanceHostController([toolbar, card, lightCard]))
        app.window.layoutIfNeeded()
        #expect(share.tintColor == .purple)
        #expect(toolbar.barTintColor == .darkGray)
        #expect(label.textColor == .yellow)
        #expect(lightLabel.textColor == .label)
    }

    @Test func proxiesAreMadeWithInitCoderAndKeepTheirLayerClass() {
        let proxy = AppearanceGradientView.appearance()
        #expect(proxy.layer is CAGradientLayer)
        #expect(type(of: proxy) == AppearanceGradientView.self)
    }

    @Test func aSubviewAddedWhileEnteringAWindowHearsItOnce() {
        let parent = WindowCountingView()
        let child = WindowCountingView()
        parent.child = child
        let app = AppDriver(rootViewController: AppearanceHostController([]))
        app.window.addSubview(parent)
        #expect(parent.moves == 1)
        #expect(child.moves == 1)
    }

    @Test func aCellsStyleColoursGiveWayToLabelProxies() {
        UILabel.appearance(whenContainedInInstancesOf: [UITableViewCell.self]).textColor = .white
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "Title"
        cell.detailTextLabel?.text = "Detail"
        cell.detailTextLabel?.textColor = .gray
        let app = AppDriver(rootViewController: AppearanceHostController([cell]))
        app.window.layoutIfNeeded()
        #expect(cell.textLabel?.textColor == .white)
        // A colour the app set is its own.
        #expect(cell.detailTextLabel?.textColor == .gray)
    }

    @Test func aProxyAddedToAWindowIsReported() {
        let proxy = UILabel.appearance()
        let app = AppDriver(rootViewController: AppearanceHostController([]))
        let reports = FlipbookDiagnostics.capture {
            app.window.addSubview(proxy)
        }
        #expect(reports.contains { $0.contains("appearance proxy") })
        // Setting it still records for the class's instances.
        proxy.textColor = .brown
        let label = UILabel()
        app.window.addSubview(label)
        #expect(label.textColor == .brown)
    }

    /// The labels in `view`'s subtree.
    func barLabels(_ view: UIView) -> [UILabel] {
        var found: [UILabel] = []
        func walk(_ v: UIView) {
            if let l = v as? UILabel { found.append(l) }
            for s in v.subviews { walk(s) }
        }
        walk(view)
        return found
    }
}
