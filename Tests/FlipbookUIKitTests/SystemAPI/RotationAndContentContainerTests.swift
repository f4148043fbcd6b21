import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller that records the content-container calls it gets.
@MainActor
private final class ContainerProbe: UIViewController {
    let name: String
    let log: (String) -> Void
    var childWidthShare: CGFloat = 1
    init(_ name: String, log: @escaping (String) -> Void) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        log("\(name) will \(Int(size.width))x\(Int(size.height)) \(coordinator.transitionDuration)s")
        coordinator.animate(alongsideTransition: { [name, log] _ in log("\(name) alongside") }) { [name, log] context in
            log("\(name) done cancelled=\(context.isCancelled)")
        }
    }

    override func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        CGSize(width: parentSize.width * childWidthShare, height: parentSize.height)
    }

    override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        super.preferredContentSizeDidChange(forChildContentContainer: container)
        log("\(name) child prefers \(container.preferredContentSize)")
    }
}

@MainActor
private final class ProbePresentationController: UIPresentationController {
    var log: (String) -> Void = { _ in }
    override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        log("presentation controller: presented prefers \(container.preferredContentSize)")
    }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        log("presentation controller will \(Int(size.width))x\(Int(size.height))")
        super.viewWillTransition(to: size, with: coordinator)
    }
}

@MainActor
private final class ProbeTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var log: (String) -> Void = { _ in }
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let controller = ProbePresentationController(presentedViewController: presented, presenting: presenting)
        controller.log = log
        return controller
    }
}

/// UIContentContainer, orientations, UIDevice and AppDriver.rotate(to:) (issue 25 E, parts 1, 5, 6).
@Suite(.freshRuntime) @MainActor struct RotationAndContentContainerTests {
    @Test func rotationReachesEveryControllerWithACoordinatorThatAnimates() {
        var history: [String] = []
        let log: (String) -> Void = { history.append($0) }
        let root = ContainerProbe("root", log: log)
        root.childWidthShare = 0.5
        let child = ContainerProbe("child", log: log)
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let modal = ContainerProbe("modal", log: log)
        modal.modalPresentationStyle = .custom
        let delegate = ProbeTransitioningDelegate()
        delegate.log = log
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        let start = app.time
        #expect(app.rotate(to: .landscapeLeft))
        #expect(history == [
            // Each probe calls super (which forwards to its children) before logging.
            "child will 426x393 0.4s", "root will 852x393 0.4s",
            "presentation controller will 852x393", "modal will 852x393 0.4s",
            "child alongside", "root alongside", "modal alongside",
        ])
        history = []
        #expect(app.window.bounds.size == CGSize(width: 852, height: 393))
        #expect(root.view.bounds.size == CGSize(width: 852, height: 393))
        // The size change is animated over 0.4 s: half way, the window's presented width is between.
        app.run(until: start + 0.2)
        let midWidth = app.window.layer.presentation()?.bounds.width ?? 0
        #expect(midWidth > 393 && midWidth < 852)
        #expect(history.isEmpty)
        app.run(until: start + 0.45)
        #expect(history == ["child done cancelled=false", "root done cancelled=false", "modal done cancelled=false"])
        #expect(app.window.layer.presentation()?.bounds.width == 852)
    }

    @Test func landscapeMovesTheSafeAreaAndHidesThePhonesStatusBar() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
        var posts = 0
        let token = NotificationCenter.default.addObserver(
            forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { posts += 1 } }
        defer { NotificationCenter.default.removeObserver(token) }
        #expect(app.rotate(to: .landscapeRight, animated: false))
        #expect(posts == 1)
        #expect(app.interfaceOrientation == .landscapeRight)
        #expect(UIDevice.current.orientation == .landscapeLeft)
        #expect(UIApplication.shared.statusBarOrientation == .landscapeRight)
        #expect(app.window.screen.bounds.size == CGSize(width: 852, height: 393))
        #expect(app.window.screen.nativeBounds.size == CGSize(width: 393 * 3, height: 852 * 3))
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(app.windowScene?.statusBarManager?.isStatusBarHidden == true)
        #expect(UIApplication.shared.statusBarFrame == .zero)
        #expect(app.rotate(to: .landscapeRight) == false)      // already there
        #expect(app.rotate(to: .portraitUpsideDown) == false)  // not supported on iPhone
        #expect(app.rotate(to: .portrait, animated: false))
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(UIApplication.shared.statusBarFrame.height == 54)
        let reports = FlipbookDiagnostics.capture { #expect(app.rotate(to: .unknown) == false) }
        #expect(reports.count == 1)
    }

    @Test func aControllerThatDoesNotAutorotateStaysPut() {
        final class Fixed: UIViewController {
            override var shouldAutorotate: Bool { false }
        }
        final class PortraitOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        }
        let fixed = AppDriver(rootViewController: Fixed())
        #expect(fixed.rotate(to: .landscapeLeft) == false)
        #expect(fixed.window.bounds.size == CGSize(width: 393, height: 852))
        let portrait = AppDriver(rootViewController: PortraitOnly())
        #expect(portrait.rotate(to: .landscapeLeft) == false)
        let pad = AppDriver(rootViewController: UIViewController(), device: .iPad)
        #expect(pad.rotate(to: .portraitUpsideDown, animated: false))
        #expect(pad.window.bounds.size == CGSize(width: 820, height: 1180))
        #expect(pad.rotate(to: .landscapeLeft, animated: false))
        #expect(pad.rootViewController?.view.safeAreaInsets == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    }

    @Test func preferredContentSizeTravelsUpOnce() {
        var history: [String] = []
        let log: (String) -> Void = { history.append($0) }
        let root = ContainerProbe("root", log: log)
        let child = UIViewController()
        let app = AppDriver(rootViewController: root)
        root.addChild(child)
        child.didMove(toParent: root)
        child.preferredContentSize = CGSize(width: 200, height: 100)
        child.preferredContentSize = CGSize(width: 200, height: 100)   // unchanged: no call
        let modal = UIViewController()
        modal.modalPresentationStyle = .custom
        let delegate = ProbeTransitioningDelegate()
        delegate.log = log
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        modal.preferredContentSize = CGSize(width: 300, height: 50)
        #expect(history == [
            "root child prefers \(CGSize(width: 200, height: 100))",
            "presentation controller: presented prefers \(CGSize(width: 300, height: 50))",
        ])
        #expect(modal.presentationController?.preferredContentSize == CGSize(width: 300, height: 50))
        withExtendedLifetime(app) {}
    }

    @Test func deviceAndOrientationValuesAreApples() {
        let phone = AppDriver(rootViewController: UIViewController(), device: .iPhoneSE)
        let device = UIDevice.current
        #expect(device.userInterfaceIdiom == .phone && device.model == "iPhone" && device.name == "iPhone")
        #expect(device.systemName == "iOS" && device.systemVersion == "18.0")
        #expect(device.orientation == .portrait)
        #expect(UIViewController().supportedInterfaceOrientations == .allButUpsideDown)
        #expect(UIViewController().shouldAutorotate)
        #expect(UIViewController().preferredInterfaceOrientationForPresentation == .portrait)
        let pad = AppDriver(rootViewController: UIViewController(), device: .iPad)
        pad.runtime.run {
            #expect(UIDevice.current.userInterfaceIdiom == .pad && UIDevice.current.model == "iPad")
            #expect(UIViewController().supportedInterfaceOrientations == .all)
        }
        // The device object is per app: the phone's stays the phone's.
        #expect(device.userInterfaceIdiom == .phone && device !== pad.runtime.run { UIDevice.current })
        #expect(UIInterfaceOrientationMask.portrait.rawValue == 2 && UIInterfaceOrientationMask.landscapeLeft.rawValue == 16)
        #expect(UIInterfaceOrientationMask.landscapeRight.rawValue == 8 && UIInterfaceOrientationMask.portraitUpsideDown.rawValue == 4)
        #expect(UIInterfaceOrientationMask.all.rawValue == 30 && UIInterfaceOrientationMask.allButUpsideDown.rawValue == 26)
        #expect(UIInterfaceOrientation.landscapeLeft.rawValue == 4 && UIInterfaceOrientation.landscapeRight.rawValue == 3)
        #expect(UIDeviceOrientation.landscapeLeft.rawValue == 3 && UIDeviceOrientation.faceDown.rawValue == 6)
        withExtendedLifetime((phone, pad)) {}
        #expect(UIInterfaceOrientation.landscapeLeft.isLandscape && UIDeviceOrientation.faceUp.isFlat)
    }
}
