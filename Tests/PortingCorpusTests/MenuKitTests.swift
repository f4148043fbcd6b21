// MenuKit, as `flipbook port` wrote it (Ported/MenuKit): a side-menu container written before
// Swift 4.2 (`addChildViewController`, `didMove(toParentViewController:)`, `UIEdgeInsetsMake`,
// …) whose `toggleSideMenu()`/`openSideMenu()`/`closeSideMenu()` are declared in `extension UIViewController`
// and overridden by the container. The port renames the overrides and lets the extension's
// methods hand the call over (docs/Porting.md, "Overrides of a library's extension methods"), so a
// call from any controller inside reaches the container, as dynamic dispatch does on iOS.
import XCTest
import Flipbook

private final class MenuContentViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        view.backgroundColor = UIColor(red: 0.93, green: 0.95, blue: 0.98, alpha: 1)
        addMenuBarButton()
        for row in 0..<6 {
            let bar = UIView(frame: CGRect(x: 20, y: 120 + CGFloat(row) * 70, width: 353, height: 54))
            bar.backgroundColor = .white
            bar.layer.cornerRadius = 10
            view.addSubview(bar)
        }
    }
}

private final class MenuListViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.16, green: 0.18, blue: 0.26, alpha: 1)
        for row in 0..<5 {
            let item = UIView(frame: CGRect(x: 24, y: 100 + CGFloat(row) * 56, width: 180, height: 20))
            item.backgroundColor = UIColor(white: 1, alpha: 0.75)
            item.layer.cornerRadius = 4
            view.addSubview(item)
        }
    }
}

final class MenuKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheMenuOpensFromAnyControllerInsideAndClosesOnATap() throws {
        let content = MenuContentViewController()
        let navigation = UINavigationController(rootViewController: content)
        let menu = MenuListViewController()
        let container = MenuContainerController(mainViewController: navigation, menuViewController: menu)
        let app = AppDriver(rootViewController: container, device: .iPhone15)
        XCTAssertEqual(container.contentControllers.count, 2, "the menu and the content are children (`children`)")
        XCTAssertTrue(navigation.parent === container)

        // The content's own controller asks; the extension's method hands it to the container.
        app.at(0.1) { content.toggleSideMenu() }
        var frames: [RenderedImage] = []
        var opening: CGFloat = 0
        for t in [0.25, 0.6] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.25 { opening = menu.view.superview?.layer.presentation()?.frame.minX ?? .nan }
        }
        XCTAssertTrue(container.isMenuOpen)
        XCTAssertLessThan(opening, 0, "sliding in at 0.25 s")
        XCTAssertGreaterThan(opening, -MenuOptions.menuWidth)
        XCTAssertEqual(menu.view.superview?.frame.minX, 0)

        // Through a `UIViewController`-typed reference too, and the content's tap closes it.
        let asController: UIViewController = container
        app.at(0.8) { app.tap(at: CGPoint(x: 340, y: 500)) }
        app.run(until: 0.95)
        frames.append(app.render(scale: 0.5))
        app.run(until: 1.4)
        frames.append(app.render(scale: 0.5))
        XCTAssertFalse(container.isMenuOpen)
        XCTAssertEqual(menu.view.superview?.frame.minX, -MenuOptions.menuWidth)
        asController.openSideMenu()
        XCTAssertEqual(container.history, ["open", "close", "open"])

        // Replacing the content: the old controller leaves the container, the new one joins.
        let other = UIViewController()
        container.changeMainViewController(other)
        XCTAssertNil(navigation.parent)
        XCTAssertTrue(other.parent === container)
        XCTAssertEqual(container.history, ["open", "close", "open", "close"])
        Corpus.assertFilmstrip(frames, named: "MenuKitTests/menu-open-close")
    }
}
