// A theme as iOS apps and their libraries write it in `application(_:didFinishLaunchingWithOptions:)`,
// through UIKit's appearance proxies, compiled in the Swift 5 language mode. Only the import
// differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A view whose labels are themed apart (`appearance(whenContainedInInstancesOf:)`).
final class ThemedHeaderView: UIView {}

enum AppTheme {
    static func apply() {
        let navigationBar = UINavigationBar.appearance()
        navigationBar.barTintColor = .black
        navigationBar.tintColor = .white
        navigationBar.isTranslucent = false
        navigationBar.barStyle = .black
        navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white, .font: UIFont.boldSystemFont(ofSize: 17)]
        navigationBar.largeTitleTextAttributes = [NSAttributedString.Key.foregroundColor: UIColor.white]
        navigationBar.shadowImage = UIImage()
        navigationBar.setBackgroundImage(UIImage(), for: .default)

        UIBarButtonItem.appearance().tintColor = .white
        UIBarButtonItem.appearance(whenContainedInInstancesOf: [UINavigationBar.self])
            .setTitleTextAttributes([.foregroundColor: UIColor.white], for: .normal)

        UITabBar.appearance().barTintColor = .black
        UITabBar.appearance().tintColor = .orange
        UITabBar.appearance().unselectedItemTintColor = .lightGray
        UITabBar.appearance().isTranslucent = false

        UILabel.appearance(whenContainedInInstancesOf: [ThemedHeaderView.self]).textColor = .red
        UIView.appearance().tintColor = .orange
    }
}

final class AppearanceThemeTests: XCTestCase {
    func testAThemeSetThroughProxiesReachesTheBarsAndLabels() {
        // A runtime of its own, so the theme stays out of the other tests' apps.
        AppRuntime().run {
            AppTheme.apply()
            let root = UIViewController()
            root.title = "Feed"
            let header = ThemedHeaderView()
            let headerLabel = UILabel()
            header.addSubview(headerLabel)
            root.view.addSubview(header)
            let nav = UINavigationController(rootViewController: root)
            let app = AppDriver(rootViewController: nav)
            app.window.layoutIfNeeded()
            XCTAssertEqual(nav.navigationBar.barTintColor, .black)
            XCTAssertEqual(nav.navigationBar.tintColor, .white)
            XCTAssertEqual(nav.navigationBar.barStyle, .black)
            XCTAssertEqual(headerLabel.textColor, .red)
            XCTAssertEqual(root.view.tintColor, .orange)
        }
    }
}
