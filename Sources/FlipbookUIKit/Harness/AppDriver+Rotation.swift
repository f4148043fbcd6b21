import Foundation
import FlipbookQuartz

/// Device rotation: the interface turns to a new orientation as iOS turns it.
extension AppDriver {
    /// How long the interface takes to rotate, in seconds (the coordinator's
    /// `transitionDuration`; UIKit's rotation on iPhone and iPad lasts 0.4 s).
    public static let rotationDuration: TimeInterval = 0.4

    /// The interface's orientation now (the window scene's).
    public var interfaceOrientation: UIInterfaceOrientation { environment.windowScene?.interfaceOrientation ?? .portrait }

    /// Turns the device so the interface takes `orientation`, as iOS does when the user turns
    /// it: nothing happens (false) when the orientation is the current one or the root
    /// controller does not support it or `shouldAutorotate` is false. Otherwise the scene's
    /// orientation changes, the screen's bounds and safe area follow, every controller hears
    /// `viewWillTransition(to:with:)` (the root, then each presented controller through its
    /// presentation controller) with a coordinator whose `animate(alongsideTransition:completion:)`
    /// animations run in the rotation's animation block (`rotationDuration`, ease in-out) while the
    /// window takes its new size and lays out; its completions run when the rotation ends.
    /// `animated: false` resizes at once (the coordinator's blocks still run, unanimated).
    @discardableResult
    public func rotate(to orientation: UIInterfaceOrientation, animated: Bool = true) -> Bool {
        return runtime.run {
            guard orientation != .unknown else {
                FlipbookDiagnostics.report("AppDriver.rotate(to: .unknown): not an orientation; ignored.")
                return false
            }
            guard let scene = environment.windowScene, orientation != scene.interfaceOrientation else { return false }
            if let root = window.rootViewController {
                let controller = root.presentedTopmost
                guard controller.shouldAutorotate, controller.supportedInterfaceOrientations.contains(orientation) else { return false }
            }
            let old = scene.interfaceOrientation
            let oldStatusBarFrame = scene.statusBarManager?.statusBarFrame ?? .zero
            scene.interfaceOrientation = orientation
            window.screen.interfaceOrientation = orientation
            let size = window.screen.bounds.size
            let newStatusBarFrame = scene.statusBarManager?.statusBarFrame(width: size.width) ?? .zero
            if oldStatusBarFrame != newStatusBarFrame {
                postStatusBarFrameNotification(UIApplication.willChangeStatusBarFrameNotification, frame: newStatusBarFrame)
            }
            let coordinator = RotationCoordinator(
                container: window, duration: animated ? Self.rotationDuration : 0, from: old, to: orientation)
            if UIDevice.current.isGeneratingDeviceOrientationNotifications {
                NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: UIDevice.current)
            }
            var vc = window.rootViewController
            vc?.viewWillTransition(to: size, with: coordinator)
            while let presenter = vc, let presented = presenter.storedPresentedViewController {
                if let controller = presented.presentationRecord?.presentationController {
                    controller.viewWillTransition(to: size, with: coordinator)
                } else {
                    presented.viewWillTransition(to: size, with: coordinator)
                }
                vc = presented
            }
            coordinator.run { [window] in
                window.frame = CGRect(origin: .zero, size: size)
                window.setNeedsLayout()
                window.layoutIfNeeded()
            }
            refreshStatusBar(duration: 0)
            if oldStatusBarFrame != newStatusBarFrame {
                postStatusBarFrameNotification(UIApplication.didChangeStatusBarFrameNotification, frame: oldStatusBarFrame)
            }
            return true
        }
    }
}

extension AppDriver {
    /// One of the deprecated status bar frame notifications, which UIKit still posts around a
    /// rotation that changes the status bar's frame: "will" with the new frame before the
    /// controllers hear of the new size, "did" with the old frame once the window took it.
    private func postStatusBarFrameNotification(_ name: NSNotification.Name, frame: CGRect) {
        NotificationCenter.default.post(
            name: name, object: UIApplication.shared,
            userInfo: [UIApplication.statusBarFrameUserInfoKey: NSValue(cgRect: frame)])
    }
}

extension UIViewController {
    /// The controller at the top of this controller's presentation chain.
    var presentedTopmost: UIViewController {
        var vc = self
        while let next = vc.storedPresentedViewController { vc = next }
        return vc
    }
}

/// The coordinator of a rotation, UIKit's private `_UIViewControllerTransitionCoordinator` for a
/// size change: no view controllers or views (`viewController(forKey:)` is nil), the window as the
/// container, the rotation as `targetTransform`, never interactive or cancelled.
@preconcurrency @MainActor
final class RotationCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    private weak var container: UIView?
    let transitionDuration: TimeInterval
    let targetTransform: CGAffineTransform
    private var animations: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var finished = false

    init(container: UIView, duration: TimeInterval, from: UIInterfaceOrientation, to: UIInterfaceOrientation) {
        self.container = container
        transitionDuration = duration
        targetTransform = CGAffineTransform(rotationAngle: Self.angle(of: from) - Self.angle(of: to))
        super.init()
    }

    /// The interface's angle (counter-clockwise turns of the device, in radians).
    private static func angle(of o: UIInterfaceOrientation) -> CGFloat {
        switch o {
        case .portrait, .unknown: return 0
        case .landscapeLeft: return -.pi / 2
        case .landscapeRight: return .pi / 2
        case .portraitUpsideDown: return .pi
        }
    }

    var isAnimated: Bool { transitionDuration > 0 }
    var presentationStyle: UIModalPresentationStyle { .none }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var percentComplete: CGFloat { finished ? 1 : 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    var containerView: UIView { container ?? UIView(frame: .zero) }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

    @discardableResult
    func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !finished else { return false }
        if let animation { animations.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// A rotation is never interactive: the handler is never called.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {}
    func notifyWhenInteractionEnds(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {}

    /// Runs `resize` and the alongside animations in one animation block, then the completions
    /// when it ends.
    func run(resize: @escaping () -> Void) {
        let body = { [self] in
            resize()
            let blocks = animations
            animations = []
            for block in blocks { block(self) }
        }
        let finish = { [self] in
            finished = true
            let blocks = completions
            completions = []
            for block in blocks { block(self) }
        }
        guard isAnimated else {
            UIView.performWithoutAnimation(body)
            finish()
            return
        }
        UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut], animations: body) { _ in
            finish()
        }
    }
}
