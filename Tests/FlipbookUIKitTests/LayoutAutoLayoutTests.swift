import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
@Suite(.freshRuntime) struct LayoutAutoLayoutTests {

    /// A view Auto Layout places, moved by hand in its superview's `layoutSubviews` after
    /// `super` (a swipe cell lays out its action buttons so): one layout pass, the hand-placed
    /// frame kept, nothing laid out again on the next frames; the engine's frame comes back at
    /// the superview's next layout, before its `layoutSubviews`. Before, each hand move re-solved
    /// and laid the superview out again, every frame.
    @Test func aConstrainedViewMovedByHandInLayoutSubviewsConverges() {
        final class Actions: UIView {
            let button = UIView()
            var passes = 0
            var offset: CGFloat? = 74
            override func layoutSubviews() {
                super.layoutSubviews()
                passes += 1
                if let offset { button.frame.origin.x = offset }
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        window.makeKeyAndVisible()
        let actions = Actions(frame: CGRect(x: 0, y: 0, width: 300, height: 72))
        window.addSubview(actions)
        actions.button.translatesAutoresizingMaskIntoConstraints = false
        actions.addSubview(actions.button)
        NSLayoutConstraint.activate([
            actions.button.leftAnchor.constraint(equalTo: actions.leftAnchor),
            actions.button.topAnchor.constraint(equalTo: actions.topAnchor),
            actions.button.widthAnchor.constraint(equalToConstant: 100),
            actions.button.heightAnchor.constraint(equalTo: actions.heightAnchor),
        ])
        MediaClock.main.advanceFrames(3)
        #expect(actions.button.frame == CGRect(x: 74, y: 0, width: 100, height: 72))
        let passes = actions.passes
        #expect(passes <= 2)
        MediaClock.main.advanceFrames(5)
        #expect(actions.passes == passes, "nothing is laid out again")

        // Moved by hand from outside: it stays until the superview's next layout.
        actions.button.center.x += 10
        MediaClock.main.advanceFrames(2)
        #expect(actions.button.frame.minX == 84)
        #expect(actions.passes == passes)
        actions.offset = 20
        actions.setNeedsLayout()
        actions.layoutIfNeeded()
        #expect(actions.button.frame.minX == 20)
        #expect(actions.passes == passes + 1)
        // Without the hand move in layoutSubviews, the engine's place comes back there.
        actions.offset = nil
        actions.button.center.x += 10
        #expect(actions.button.frame.minX == 30)
        actions.setNeedsLayout()
        actions.layoutIfNeeded()
        #expect(actions.button.frame.minX == 0)
    }

    func root() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667)) }

    @Test func centredButtonUsesItsIntrinsicSize() {
        let view = root()
        let box = FixedSizeView(size: CGSize(width: 80, height: 30))
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
        box.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        box.centerYAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
        view.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 147.5, y: 318.5, width: 80, height: 30))
        #expect(view.constraints.count == 2)
    }

    /// A controller that swaps its constraints in `viewWillLayoutSubviews` (deactivate the old
    /// ones, activate new ones: a common idiom, and what a presentation library does in
    /// `containerViewWillLayoutSubviews`) is laid out once per pass, not again and again: the
    /// swap is applied by the solve that ends the same pass.
    @Test func constraintsSwappedWhileLayingOutDoNotAskForAnotherLayout() {
        final class Swapping: UIViewController {
            let box = UIView()
            var current: [NSLayoutConstraint] = []
            var passes = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                box.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(box)
            }
            override func viewWillLayoutSubviews() {
                super.viewWillLayoutSubviews()
                passes += 1
                NSLayoutConstraint.deactivate(current)
                current = [
                    box.topAnchor.constraint(equalTo: view.topAnchor, constant: 40),
                    box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                    box.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
                    box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.75),
                ]
                NSLayoutConstraint.activate(current)
            }
        }
        let controller = Swapping()
        let app = AppDriver(rootViewController: controller, device: .iPhone15)
        app.run(until: 0.5)
        #expect(controller.box.frame == CGRect(x: 20, y: 40, width: 196.5, height: 147.375))
        let settled = controller.passes
        #expect(settled >= 1 && settled <= 3)
        app.run(until: 1.0)
        #expect(controller.passes == settled, "no layout while nothing changes")
        // A real change still lays out again, once.
        controller.view.setNeedsLayout()
        app.run(until: 1.1)
        #expect(controller.passes == settled + 1)
    }

    @Test func edgesWithInsetsAndChangingConstants() {
        let view = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        let leading = child.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16)
        NSLayoutConstraint.activate([
            leading,
            child.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            child.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
            child.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -40),
        ])
        view.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 16, y: 20, width: 343, height: 607))
        leading.constant = 100
        view.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 100, y: 20, width: 259, height: 607))
        view.frame = CGRect(x: 0, y: 0, width: 500, height: 667)
        view.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 100, y: 20, width: 384, height: 607))
        NSLayoutConstraint.deactivate([leading])
        #expect(!leading.isActive && view.constraints.count == 3)
    }

    @Test func equalWidthsWithSpacing() {
        let view = root()
        let a = UIView(), b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(v)
        }
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 15),
            b.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
            a.widthAnchor.constraint(equalTo: b.widthAnchor),
            a.topAnchor.constraint(equalTo: view.topAnchor),
            b.topAnchor.constraint(equalTo: a.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 44),
            b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 0.5, constant: 10),
        ])
        view.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 170, height: 44))
        #expect(b.frame == CGRect(x: 195, y: 0, width: 170, height: 32))
    }

    @Test func nestedViewsAndSafeAreaGuide() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.addSubview(container)
        let inner = UIView(frame: CGRect(x: 50, y: 100, width: 200, height: 200))
        container.addSubview(inner)
        let label = UIView()
        label.translatesAutoresizingMaskIntoConstraints = false
        inner.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: container.safeAreaLayoutGuide.topAnchor),
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 60),
            label.widthAnchor.constraint(equalToConstant: 20),
            label.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        // Safe area top is 59 in the container, i.e. y = -41 in inner; x 60 → 10 in inner.
        #expect(label.frame == CGRect(x: 10, y: -41, width: 20, height: 10))
    }

    @Test func huggingAndCompressionDecideWhoStretches() {
        let view = root()
        let a = FixedSizeView(size: CGSize(width: 100, height: 20))
        let b = FixedSizeView(size: CGSize(width: 100, height: 20))
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(v)
            v.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
        }
        a.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        view.layoutIfNeeded()
        #expect(a.frame.width == 100 && b.frame.width == 275)
        #expect(a.frame.height == 20)
    }

    @Test func conflictingConstraintsAreReportedAndLayoutCarriesOn() {
        let view = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        let w100 = child.widthAnchor.constraint(equalToConstant: 100)
        let w200 = child.widthAnchor.constraint(equalToConstant: 200)
        w200.identifier = "too-wide"
        NSLayoutConstraint.activate([
            w100, child.heightAnchor.constraint(equalToConstant: 10),
            child.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            child.topAnchor.constraint(equalTo: view.topAnchor), w200,
        ])
        let messages = FlipbookDiagnostics.capture { view.layoutIfNeeded() }
        #expect(messages.count == 1)
        let m = messages.first ?? ""
        #expect(m.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        #expect(m.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:0x"))
        #expect(m.contains("'too-wide' UIView:0x"))
        #expect(m.contains(".width == 200   (active)>\n\nMake a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints"))
        #expect(child.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        // Not reported again while nothing changes.
        view.setNeedsLayout()
        #expect(FlipbookDiagnostics.capture { view.layoutIfNeeded() }.isEmpty)
        w100.isActive = false
        view.layoutIfNeeded()
        #expect(child.frame.width == 200)
    }

    @Test func forgettingTranslatesAutoresizingMaskConflicts() {
        let view = root()
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.addSubview(child)
        child.widthAnchor.constraint(equalToConstant: 80).isActive = true
        let messages = FlipbookDiagnostics.capture { view.layoutIfNeeded() }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("NSAutoresizingMaskLayoutConstraint") == true)
        #expect(child.frame.width == 50)
    }

    @Test func noCommonAncestorIsRefused() {
        let a = UIView(), b = UIView()
        let c = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        let messages = FlipbookDiagnostics.capture { c.isActive = true }
        #expect(!c.isActive)
        #expect(messages.first?.hasPrefix("Unable to activate constraint with anchors") == true)
    }

    @Test func removingAViewDropsItsConstraintsToOutside() {
        let view = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        let c = child.leadingAnchor.constraint(equalTo: view.leadingAnchor)
        c.isActive = true
        child.removeFromSuperview()
        #expect(!c.isActive && view.constraints.isEmpty)
    }

    @Test func constraintDescriptionLooksLikeUIKit() {
        let a = UIView(), b = UIButton()
        a.addSubview(b)
        let c = b.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5, constant: -8)
        #expect(c.description.hasPrefix("<NSLayoutConstraint:0x"))
        #expect(c.description.contains(" UIButton:0x"))
        let expected = ".width == 0.5*UIView:" + LayoutNames.address(a) + ".width - 8   (inactive)>"
        #expect(c.description.hasSuffix(expected))
    }

    /// `description` is NSObject's, so any thread may call it: off the main actor it gives the
    /// address only, without reading the constraint (and reports it), never the items' state.
    @Test func constraintDescriptionOffTheMainActorGivesTheAddressOnly() async {
        let a = UIView(), b = UIButton()
        a.addSubview(b)
        let c = b.widthAnchor.constraint(equalTo: a.widthAnchor)
        let offMain = await Task.detached { c.description }.value
        #expect(offMain == "<NSLayoutConstraint:" + LayoutNames.address(c) + ">")
        #expect(c.description.contains(" UIButton:0x"))
    }

    /// A view that makes its constraints in `updateConstraints()` and answers true to
    /// `requiresConstraintBasedLayout` gets asked, with no constraint anywhere before, and its
    /// constraints place its subview; one that answers false is never asked.
    @Test func aViewRequiringConstraintBasedLayoutIsAskedForItsConstraints() {
        class Host: UIView {
            let child = UIView()
            var asked = 0
            override func updateConstraints() {
                asked += 1
                if child.superview == nil {
                    child.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(child)
                    NSLayoutConstraint.activate([
                        child.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10),
                        child.topAnchor.constraint(equalTo: topAnchor, constant: 20),
                        child.widthAnchor.constraint(equalToConstant: 30),
                        child.heightAnchor.constraint(equalToConstant: 40),
                    ])
                }
                super.updateConstraints()
            }
        }
        final class RequiringHost: Host {
            override class var requiresConstraintBasedLayout: Bool { true }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        window.makeKeyAndVisible()
        let plain = Host(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let requiring = RequiringHost(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(plain)
        window.addSubview(requiring)
        MediaClock.main.advanceFrames(2)
        #expect(plain.asked == 0)
        #expect(requiring.asked >= 1)
        #expect(requiring.child.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(UIView.requiresConstraintBasedLayout == false)
    }
}

@MainActor
final class FixedSizeView: UIView {
    let size: CGSize
    init(size: CGSize) {
        self.size = size
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { size = .zero; super.init(coder: coder) }
    override var intrinsicContentSize: CGSize { size }
}
