import Foundation
import Testing
import TestSupport
import Flipbook

// The seeds' VIEW code, compiled against Flipbook with only the documented target-action change
// (docs/Porting.md). Controller parts are removed: small local "host" classes with a `view`
// stand in for the seeds' view controllers, so these lines compile whatever the controllers
// module looks like. Lines taken from the seeds are kept as written (their layout included).

// MARK: Seed 001: the Present button, centred with Auto Layout

@MainActor
final class SeedPresentingHost {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var presses = 0

    lazy var button: UIButton =
    {
        let button = UIButton()
        button.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(button)
        button.centerXAnchor.constraint(equalTo: self.view.centerXAnchor).isActive
            = true
        button.centerYAnchor.constraint(equalTo: self.view.centerYAnchor).isActive = true
        button.setTitle("Present", for: .normal)
        button.setTextColor(UIColor.blue, for: .normal)  // seed 001's (non-UIKit) call: deprecated alias

        return button
    }()

    func viewDidLoad()
    {
        // Seed: button.addTarget(self, action: #selector(self.didPressPresent), for: .touchUpInside)
        button.addTarget(self, action: { $0.didPressPresent() }, for: .touchUpInside)
    }

    func didPressPresent()
    {
        presses += 1
        let modal = SeedModalHost()
        modal.view.frame = CGRect(x: 0.0, y: 0.0, width: 200.0, height: 200.0)
    }
}

// MARK: Seed 001: the red rounded modal with its Dismiss button

@MainActor
final class SeedModalHost {
    let view = UIView()
    var dismissals = 0

    lazy var button: UIButton =
    {
        let button = UIButton()
        button.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(button)
        button.centerXAnchor.constraint(equalTo: self.view.centerXAnchor).isActive
         = true
        button.centerYAnchor.constraint(equalTo: self.view.centerYAnchor).isActive = true
        button.setTitle("Dismiss", for: .normal)
        button.setTitleColor(.white, for: .normal)

        return button
    }()

    func viewDidLoad()
    {
        // Seed: button.addTarget(self, action: #selector(self.didPressDismiss), for: .touchUpInside)
        button.addTarget(self, action: { $0.didPressDismiss() }, for: .touchUpInside)
        view.backgroundColor = .red
        view.layer.cornerRadius = 15.0
    }

    func didPressDismiss()
    {
        dismissals += 1
    }
}

// MARK: Seed 000: the card flip's view setup (animator view code without the animations)

@MainActor
enum SeedAnimationHelper {
    static func yRotation(_ angle: Double) -> CATransform3D {
        return CATransform3DMakeRotation(CGFloat(angle), 0.0, 1.0, 0.0)
    }

    static func perspectiveTransform(for containerView: UIView) {
        var transform = CATransform3DIdentity
        transform.m34 = -0.002
        containerView.layer.sublayerTransform = transform
    }
}

@MainActor
enum SeedCardFlipViews {
    static let cardCornerRadius: CGFloat = 25

    /// The present animator's view work (seed 000), with `fromView`/`toView` given directly.
    static func preparePresent(containerView: UIView, fromView: UIView, toView: UIView, originFrame: CGRect) -> UIView? {
        guard let snapshot = toView.snapshotView(afterScreenUpdates: true) else { return nil }
        snapshot.frame = originFrame
        snapshot.layer.cornerRadius = SeedCardFlipViews.cardCornerRadius
        snapshot.layer.masksToBounds = true

        containerView.addSubview(toView)
        containerView.addSubview(snapshot)
        toView.isHidden = true

        SeedAnimationHelper.perspectiveTransform(for: containerView)
        snapshot.layer.transform = SeedAnimationHelper.yRotation(.pi/2)
        return snapshot
    }

    /// The dismiss animator's view work (seed 000).
    static func prepareDismiss(containerView: UIView, fromView: UIView, toView: UIView) -> UIView? {
        guard let snapshot = fromView.snapshotView(afterScreenUpdates: false) else { return nil }
        snapshot.layer.cornerRadius = SeedCardFlipViews.cardCornerRadius
        snapshot.layer.masksToBounds = true

        containerView.insertSubview(toView, at: 0)
        containerView.addSubview(snapshot)
        fromView.isHidden = true

        SeedAnimationHelper.perspectiveTransform(for: containerView)
        toView.layer.transform = SeedAnimationHelper.yRotation(-.pi/2)
        return snapshot
    }

    /// The completion blocks' view clean-up (seed 000).
    static func finish(snapshot: UIView, fromView: UIView, toView: UIView, cancelled: Bool) {
        toView.isHidden = false
        snapshot.removeFromSuperview()
        fromView.layer.transform = CATransform3DIdentity
        if cancelled {
            toView.removeFromSuperview()
        }
    }
}

@MainActor
@Suite(.freshRuntime) struct ViewSeedCompileTests {
    @Test func seed001ButtonIsCentredAndActsThroughTheClosurePort() {
        let host = SeedPresentingHost()
        host.viewDidLoad()
        host.view.layoutIfNeeded()
        let b = host.button
        #expect(abs(b.center.x - 187.5) < 1e-9 && abs(b.center.y - 333.5) < 1e-9)
        #expect(b.titleLabel?.textColor == .blue)
        b.simulateTap()
        #expect(host.presses == 1)

        let modal = SeedModalHost()
        modal.view.frame = CGRect(x: 0.0, y: 0.0, width: 200.0, height: 200.0)
        modal.viewDidLoad()
        modal.view.layoutIfNeeded()
        #expect(modal.button.center == CGPoint(x: 100, y: 100))
        #expect(modal.view.layer.cornerRadius == 15 && modal.view.backgroundColor == .red)
        modal.button.sendActions(for: .touchUpInside)
        #expect(modal.dismissals == 1)
    }

    @Test func seed000ViewSetupBuildsTheExpectedTree() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let from = UIView(frame: container.bounds), to = UIView(frame: container.bounds)
        to.backgroundColor = .systemBlue
        container.addSubview(from)
        let snapshot = try #require(
            SeedCardFlipViews.preparePresent(containerView: container, fromView: from, toView: to, originFrame: CGRect(x: 20, y: 60, width: 300, height: 400)))
        #expect(container.subviews == [from, to, snapshot])
        #expect(to.isHidden && snapshot.layer.masksToBounds && container.layer.sublayerTransform.m34 == -0.002)
        SeedCardFlipViews.finish(snapshot: snapshot, fromView: from, toView: to, cancelled: false)
        #expect(container.subviews == [from, to] && !to.isHidden)
        let back = try #require(SeedCardFlipViews.prepareDismiss(containerView: container, fromView: to, toView: from))
        #expect(container.subviews == [from, to, back])
    }
}
