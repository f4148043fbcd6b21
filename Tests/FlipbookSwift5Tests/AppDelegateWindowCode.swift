// The app delegate's window as iOS code reads it through `UIApplication.shared.delegate`
// (`UIWindow??`: UIKit's optional requirement), in the Swift 5 language mode. Only the import
// differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// An app delegate as Xcode's template writes it.
final class TemplateAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UIViewController()
        window?.makeKeyAndVisible()
        return true
    }
}

/// The ways libraries find the app's main window.
enum MainWindowLookup {
    static var rootViewController: UIViewController? {
        UIApplication.shared.delegate?.window??.rootViewController
    }

    static func add(_ view: UIView) {
        if let window = UIApplication.shared.delegate?.window {
            window?.addSubview(view)
        }
    }

    static var mainWindow: UIWindow? {
        guard let delegateWindow = UIApplication.shared.delegate?.window, let window = delegateWindow else {
            return UIApplication.shared.keyWindow
        }
        return window
    }

    static var statedType: UIWindow?? {
        let window: UIWindow?? = UIApplication.shared.delegate?.window
        return window
    }
}

final class AppDelegateWindowTests: XCTestCase {
    func testTheTemplateDelegatesWindowIsFoundThroughTheProtocol() {
        let delegate = TemplateAppDelegate()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        XCTAssertNil(MainWindowLookup.rootViewController)
        XCTAssertTrue(delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
        XCTAssertNotNil(MainWindowLookup.rootViewController)
        XCTAssertTrue(MainWindowLookup.mainWindow === delegate.window)
        let view = UIView()
        MainWindowLookup.add(view)
        XCTAssertTrue(view.superview === delegate.window)
        XCTAssertTrue(MainWindowLookup.statedType! === delegate.window)
    }
}
