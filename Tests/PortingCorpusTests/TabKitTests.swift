// TabKit, as `flipbook port` wrote it (Ported/TabKit): a generic delegate proxy over UIKit's
// delegate protocols that answers `responds(to:)` for its two delegates (the app's first), and
// a slide transition between tabs behind it. The port drops the proxy's `NSObjectProtocol`
// constraint (`@WeakObject` keeps its delegates weakly) and its methods that only handed a
// message to the first delegate that responds (docs/Porting.md, "Generic proxies over delegate
// protocols"). Tabs must slide, the app's delegate must still hear and decide, and a message
// neither delegate implements must get UIKit's answer, not the proxy's `?? false`.
import XCTest
import Flipbook

final class TabKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    struct Fixture {
        let app: AppDriver
        let tabs: UITabBarController
        let transition: TabSlideTransition
    }

    func makeFixture(appDelegate: UITabBarControllerDelegate?, titles: [String] = ["One", "Two", "Locked"]) -> Fixture {
        let colors: [UIColor] = [.systemBlue, .systemOrange, .systemGreen]
        let tabs = UITabBarController()
        tabs.viewControllers = titles.enumerated().map { ColorTabViewController(title: $1, color: colors[$0 % 3]) }
        tabs.delegate = appDelegate
        let transition = TabSlideTransition()
        transition.install(on: tabs)
        let app = AppDriver(rootViewController: tabs, device: .iPhone15)
        return Fixture(app: app, tabs: tabs, transition: transition)
    }

    func itemCentre(_ f: Fixture, _ index: Int) -> CGPoint {
        let bar = f.tabs.tabBar
        let n = CGFloat(bar.items?.count ?? 1)
        return bar.convert(CGPoint(x: bar.bounds.width * (CGFloat(index) + 0.5) / n, y: 24.5), to: f.app.window)
    }

    func testATapSlidesToTheNextTabAndTheAppsDelegateHearsIt() throws {
        let log = TabSelectionLog()
        let f = makeFixture(appDelegate: log)
        f.app.at(0.1) { f.app.tap(at: self.itemCentre(f, 1)) }
        var frames: [RenderedImage] = []
        var incomingX: CGFloat = 0
        for t in [0.3, 0.5] {
            f.app.run(until: t)
            frames.append(f.app.render(scale: 0.5))
            if t == 0.3 { incomingX = f.tabs.viewControllers?[1].view.layer.presentation()?.frame.minX ?? 0 }
        }
        XCTAssertGreaterThan(incomingX, 0, "the second tab comes in from the right")
        XCTAssertLessThan(incomingX, 393)
        f.app.run(until: 0.8)
        frames.append(f.app.render(scale: 0.5))
        XCTAssertEqual(f.tabs.selectedIndex, 1)
        XCTAssertEqual(f.transition.slides, 1)
        XCTAssertEqual(log.selected, ["Two"])
        XCTAssertEqual(f.tabs.selectedViewController?.view.frame.minX, 0)
        Corpus.assertFilmstrip(frames, named: "TabKitTests/slide-to-second-tab")
    }

    /// Neither delegate implements `shouldSelect`: UIKit's answer (select) holds, where the
    /// proxy's own method, had it stayed, would have answered `?? false` and refused every tap.
    func testATabNobodyVetoesIsSelected() {
        let f = makeFixture(appDelegate: nil)
        f.app.at(0.1) { f.app.tap(at: self.itemCentre(f, 2)) }
        f.app.run(until: 0.8)
        XCTAssertEqual(f.tabs.selectedIndex, 2)
    }

    /// The app's delegate implements `shouldSelect`: it decides, through the proxy.
    func testTheAppsDelegateStillDecides() {
        let gate = TabGatekeeper()
        let f = makeFixture(appDelegate: gate)
        f.app.at(0.1) { f.app.tap(at: self.itemCentre(f, 2)) }
        f.app.run(until: 0.8)
        XCTAssertEqual(f.tabs.selectedIndex, 0, "the locked tab is refused")
        f.app.at(0.9) { f.app.tap(at: self.itemCentre(f, 1)) }
        f.app.run(until: 1.6)
        XCTAssertEqual(f.tabs.selectedIndex, 1)
        XCTAssertEqual(f.transition.slides, 1)
    }

    /// The proxy holds its delegates weakly, as `weak` did before the port.
    func testTheProxyDoesNotKeepTheAppsDelegate() {
        weak var weakLog: TabSelectionLog?
        let f: Fixture
        do {
            let log = TabSelectionLog()
            weakLog = log
            f = makeFixture(appDelegate: log)
        }
        XCTAssertNil(weakLog)
        f.app.at(0.1) { f.app.tap(at: self.itemCentre(f, 1)) }
        f.app.run(until: 0.8)
        XCTAssertEqual(f.tabs.selectedIndex, 1)
    }
}
