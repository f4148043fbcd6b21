// More UIKit and Core Animation API that ported public libraries stopped on (a side menu, a
// circular reveal, an expanding card collection), written as those libraries write it and
// compiled in the Swift 5 language mode. Only the import differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A card cell that archives its parts, as a cell built for Interface Builder does.
final class ArchivingCardCell: UICollectionViewCell {
    let front = UIView()
    var archived: [String] = []

    override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archived.append("front")
    }
}

/// A side menu that behaves differently when it came from a storyboard, and covers the status
/// bar with a picture of the screen while it slides.
final class ScreenshotMenuController: UIViewController {
    var isInitiatedFromStoryboard: Bool { storyboard != nil }

    func statusBarScreenShot() -> UIView {
        let screenshot = UIScreen.main.snapshotView(afterScreenUpdates: false)
        screenshot.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 59)
        screenshot.contentMode = .top
        screenshot.clipsToBounds = true
        return screenshot
    }
}

/// A circular reveal that asks for a high frame rate, as iOS 15 code does.
func revealAnimation(from: CGPath, to: CGPath) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: "path")
    animation.fromValue = from
    animation.toValue = to
    animation.duration = 0.4
    if #available(iOS 15.0, *) {
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
    }
    return animation
}

/// The status bar's window through a private key, in a branch for iOS 12 and earlier.
extension UIWindow {
    static var legacyStatusBarWindow: UIWindow? {
        let key = "status" + "Bar" + "Window"
        if #available(iOS 13, *) {
            return nil
        } else {
            return UIApplication.shared.value(forKey: key) as? UIWindow
        }
    }
}

final class MoreLibraryGapsTests: XCTestCase {
    func testKeyValueCodingCompilesOnAnyObjectAndReadsLayers() {
        XCTAssertNil(UIWindow.legacyStatusBarWindow)
        XCTAssertNil(UIApplication.shared.value(forKey: "statusBarWindow"))
        let object: NSObject = CALayer()
        object.setValue(Float(0.5), forKey: "opacity")
        XCTAssertEqual((object as! CALayer).opacity, 0.5)
        XCTAssertEqual(object.value(forKey: "opacity") as? Float, 0.5)
    }

    func testACellArchivesThroughItsSuperclass() {
        let cell = ArchivingCardCell(frame: .zero)
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        cell.encode(with: coder)
        XCTAssertEqual(cell.archived, ["front"])
    }

    func testNoControllerComesFromAStoryboard() {
        let menu = ScreenshotMenuController()
        XCTAssertFalse(menu.isInitiatedFromStoryboard)
        let board = UIStoryboard(name: "Main", bundle: nil)
        XCTAssertNil(board.instantiateInitialViewController())
        XCTAssertEqual(String(describing: type(of: board.instantiateViewController(withIdentifier: "Menu"))), "UIViewController")
    }

    func testTheScreenIsSnapshottedWithItsWindows() {
        let menu = ScreenshotMenuController()
        let app = AppDriver(rootViewController: menu, device: .iPhone15)
        menu.view.backgroundColor = .red
        app.advanceFrames(1)
        let shot = menu.statusBarScreenShot()
        XCTAssertEqual(shot.frame, CGRect(x: 0, y: 0, width: 393, height: 59))
        XCTAssertEqual(shot.subviews.count, 1, "the app's one window")
        XCTAssertEqual(shot.subviews.first?.frame, CGRect(x: 0, y: 0, width: 393, height: 852))
        XCTAssertNotNil(shot.subviews.first?.layer.contents)
    }

    func testAnAnimationKeepsItsFrameRateRangeWhenCopied() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let animation = revealAnimation(from: path, to: path)
        XCTAssertEqual(CABasicAnimation().preferredFrameRateRange, .default)
        let copy = animation.copy() as! CABasicAnimation
        XCTAssertEqual(copy.preferredFrameRateRange.maximum, 120)
        XCTAssertEqual(copy.preferredFrameRateRange.preferred, 120)
    }
}

/// A banner library's own window, made on the foreground scene when there is one.
final class EntryWindow: UIWindow {
    var isAbleToReceiveTouches = false

    init(with rootVC: UIViewController) {
        if #available(iOS 13.0, *), let scene = UIApplication.shared.connectedScenes
            .filter({ $0.activationState == .foregroundActive }).first as? UIWindowScene
        {
            super.init(windowScene: scene)
        } else {
            super.init(frame: UIScreen.main.bounds)
        }
        backgroundColor = .clear
        rootViewController = rootVC
    }

    required init?(coder aDecoder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class EntryWindowTests: XCTestCase {
    func testAWindowSubclassCallsTheSceneInitialiser() {
        let host = UIViewController()
        let app = AppDriver(rootViewController: host)
        app.advanceFrames(1)
        let entry = EntryWindow(with: UIViewController())
        XCTAssertEqual(entry.bounds.size, UIScreen.main.bounds.size)
        if let scene = host.view.window?.windowScene {
            let onScene = UIWindow(windowScene: scene)
            XCTAssertTrue(onScene.windowScene === scene)
            XCTAssertEqual(onScene.frame, scene.screen.bounds)
        }
    }
}

/// A root controller that lets the interface follow the device again when its flag changes.
final class RotationGateController: UIViewController {
    var allowsRotation = false { didSet { refresh() } }
    override var shouldAutorotate: Bool { allowsRotation }

    func refresh() {
        if #available(iOS 16.0, *) {
            setNeedsUpdateOfSupportedInterfaceOrientations()
        } else if shouldAutorotate {
            UIViewController.attemptRotationToDeviceOrientation()
        }
    }
}

final class RotationGateTests: XCTestCase {
    func testAskingForARotationCompilesAndChangesNothing() {
        let gate = RotationGateController()
        gate.allowsRotation = true
        UIViewController.attemptRotationToDeviceOrientation()
        XCTAssertTrue(gate.shouldAutorotate)
    }
}
