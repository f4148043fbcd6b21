// UIKit API that public libraries call, written as they write it and compiled in the Swift 5
// language mode: an image view playing frames (a banner library's image content), a share
// button with an application activity, and an iOS 13+ bar theme. Only the import differs
// from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension UIImageView {
    /// A banner's image content: one image, or a sequence played as an animation.
    func showContent(_ images: [UIImage], sequenceDuration: TimeInterval) {
        stopAnimating()
        if images.count == 1 {
            image = images.first
        } else {
            animationImages = images.map { $0.withRenderingMode(.alwaysTemplate) }
            animationDuration = sequenceDuration
        }
        startAnimating()
    }
}

/// An activity that opens a URL item (nothing opens in Flipbook: it finishes at once).
final class OpenURLActivity: UIActivity {
    private var url: URL?
    override class var activityCategory: UIActivity.Category { return .action }
    override var activityType: UIActivity.ActivityType? { return UIActivity.ActivityType("com.example.open-url") }
    override var activityTitle: String? { return "Open" }
    override var activityImage: UIImage? { return UIImage(systemName: "safari") }
    override func canPerform(withActivityItems activityItems: [Any]) -> Bool {
        return activityItems.contains { $0 is URL }
    }
    override func prepare(withActivityItems activityItems: [Any]) {
        url = activityItems.compactMap { $0 as? URL }.first
    }
    override func perform() { activityDidFinish(url != nil) }
}

final class ShareButtonController: UIViewController {
    var results: [(UIActivity.ActivityType?, Bool)] = []

    func share(from sender: UIView) {
        let items: [Any] = ["A link", URL(string: "https://example.com")!]
        let sheet = UIActivityViewController(activityItems: items, applicationActivities: [OpenURLActivity()])
        sheet.excludedActivityTypes = [.postToFacebook, .assignToContact, .print, .saveToCameraRoll]
        sheet.popoverPresentationController?.sourceView = sender
        sheet.popoverPresentationController?.sourceRect = sender.bounds
        sheet.completionWithItemsHandler = { [weak self] activityType, completed, returnedItems, activityError in
            self?.results.append((activityType, completed))
        }
        present(sheet, animated: true, completion: nil)
    }
}

/// A theme set once at launch, through the appearance proxies and on one controller's item.
func applyBarTheme(to item: UINavigationItem) {
    if #available(iOS 13.0, *) {
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .black
        appearance.shadowColor = nil
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.backButtonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.clear]
        let chevron = UIImage(systemName: "chevron.left")
        appearance.setBackIndicatorImage(chevron, transitionMaskImage: chevron)
        UINavigationBar.appearance().standardAppearance = appearance
        UINavigationBar.appearance().compactAppearance = appearance
        UINavigationBar.appearance().scrollEdgeAppearance = appearance
        if #available(iOS 15.0, *) {
            UINavigationBar.appearance().compactScrollEdgeAppearance = appearance
        }
        item.standardAppearance = appearance
        item.scrollEdgeAppearance = appearance

        let tabs = UITabBarAppearance()
        tabs.configureWithDefaultBackground()
        let itemAppearance = UITabBarItemAppearance()
        itemAppearance.normal.iconColor = .gray
        itemAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.gray]
        itemAppearance.selected.iconColor = .white
        itemAppearance.normal.badgeBackgroundColor = .red
        tabs.stackedLayoutAppearance = itemAppearance
        UITabBar.appearance().standardAppearance = tabs
        if #available(iOS 15.0, *) {
            UITabBar.appearance().scrollEdgeAppearance = tabs
        }
    }
}

final class ShareAndBarAppearanceTests: XCTestCase {
    func testAnImageViewPlaysItsSequence() {
        let frame = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let view = UIImageView()
        view.showContent([frame, frame, frame], sequenceDuration: 0.3)
        XCTAssertTrue(view.isAnimating)
        XCTAssertEqual(view.animationImages?.count, 3)
        view.stopAnimating()
        XCTAssertFalse(view.isAnimating)
        let animated = UIImage.animatedImage(with: [frame, frame], duration: 1)
        XCTAssertEqual(animated?.images?.count, 2)
    }

    func testTheShareSheetIsPresentedAndCancelled() {
        let host = ShareButtonController()
        let app = AppDriver(rootViewController: host)
        app.advanceFrames(1)
        host.share(from: host.view)
        app.advance(by: 1)
        XCTAssertTrue(host.presentedViewController is UIActivityViewController)
        host.dismiss(animated: true)
        app.advance(by: 1)
        XCTAssertEqual(host.results.count, 1)
        XCTAssertNil(host.results.first?.0)
        XCTAssertEqual(host.results.first?.1, false)
    }

    func testTheThemeReachesANewBar() {
        // In an app of its own: the proxies belong to the app (runtime) they are set in.
        AppRuntime().run {
            let root = UIViewController()
            applyBarTheme(to: root.navigationItem)
            let nav = UINavigationController(rootViewController: root)
            _ = AppDriver(rootViewController: nav)
            XCTAssertEqual(nav.navigationBar.standardAppearance.backgroundColor, .black)
            XCTAssertNotNil(root.navigationItem.scrollEdgeAppearance)
        }
    }
}

/// A banner library's status bar setting, through the application (deprecated since iOS 9).
extension UIApplication {
    func setLegacyStatusBar(visible: Bool, style: UIStatusBarStyle) {
        UIApplication.shared.isStatusBarHidden = !visible
        UIApplication.shared.statusBarStyle = style
    }
}
