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

private final class MenuColorViewController: UIViewController {
    let color: UIColor
    init(_ color: UIColor) {
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let bar = UIView(frame: CGRect(x: 24, y: 120, width: 200, height: 40))
        bar.backgroundColor = .white
        view.addSubview(bar)
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

    /// The three content transitions (MenuContainerController+Transitions.swift): a screenshot
    /// slid away by `transition(with:)` with no style animates as on iOS; a flip after the swap
    /// starts from the old content (what the last frame showed); the tiles' clean-up, waiting on
    /// `group.notify(queue: .main)`, runs on the media clock once the last tile is in.
    func testContentTransitionsSlideFlipAndTileAndCleanUp() throws {
        let red = UIColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        let blue = UIColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
        let green = UIColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        let container = MenuContainerController(mainViewController: MenuColorViewController(red),
                                                menuViewController: MenuListViewController())
        let app = AppDriver(rootViewController: container, device: .iPhone15)
        var done: [String] = []
        var frames: [RenderedImage] = []
        func redness(_ image: RenderedImage, x: Int, y: Int) -> Int { Int(image.pixel(x: x, y: y).r) }

        // Slide: the old red screen leaves to the left over the new blue one.
        app.at(0.1) { container.changeMainViewController(MenuColorViewController(blue), transition: .slideAway) { done.append("slide") } }
        app.run(until: 0.35)
        var image = app.render(scale: 0.5)
        frames.append(image)
        XCTAssertGreaterThan(redness(image, x: 20, y: 300), 200, "the old screen still covers the left")
        XCTAssertLessThan(redness(image, x: 180, y: 300), 100, "the new one shows on the right")
        app.run(until: 0.7)
        XCTAssertEqual(done, ["slide"])
        XCTAssertEqual(container.view.subviews.count, 2, "the screenshot is gone")

        // Flip: swapped before the call, yet the old blue screen is what turns away first.
        app.at(1.0) { container.changeMainViewController(MenuColorViewController(green), transition: .flip) { done.append("flip") } }
        app.run(until: 1.1)
        image = app.render(scale: 0.5)
        frames.append(image)
        let turning = image.pixel(x: 98, y: 300)
        XCTAssertGreaterThan(Int(turning.b), 200, "the old content turns away")
        app.run(until: 1.7)
        XCTAssertEqual(done, ["slide", "flip"])

        // Tiles: the red screen comes in as 6 × 4 tiles; the clean-up waits for the last.
        app.at(2.0) {
            container.changeMainViewController(MenuColorViewController(red), transition: .tiles(rows: 6, columns: 4)) { done.append("tiles") }
        }
        app.run(until: 2.45)
        frames.append(app.render(scale: 0.5))
        XCTAssertEqual(container.view.subviews.count, 2 + 1 + 24, "content, menu, the old screenshot and the tiles")
        XCTAssertFalse(container.view.isUserInteractionEnabled)
        // The last tile starts at 0.5 × 23/24 s and takes 0.5 s: in by 2.98 s, cleared the frame after.
        app.run(until: 2.97)
        XCTAssertEqual(done, ["slide", "flip"])
        app.run(until: 3.05)
        frames.append(app.render(scale: 0.5))
        XCTAssertEqual(done, ["slide", "flip", "tiles"])
        XCTAssertEqual(container.view.subviews.count, 2)
        XCTAssertTrue(container.view.isUserInteractionEnabled)
        Corpus.assertFilmstrip(frames, named: "MenuKitTests/content-transitions")
    }
}
