import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// A plain screen of one colour with a white square, to tell screens apart in a filmstrip.
final class SwatchViewController: UIViewController {
    let color: UIColor
    init(_ color: UIColor) {
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        view.backgroundColor = color
        let square = UIView(frame: CGRect(x: 140, y: 380, width: 110, height: 110))
        square.backgroundColor = .white
        view.addSubview(square)
    }
}

/// `.filmstrip(at:of:)`: each kind of transition as one contact sheet (quarter size).
@Suite(.freshRuntime, .snapshots(record: snapshotRecording))
@MainActor
struct FilmstripTests {
    @Test func present() {
        let home = SwatchViewController(.systemTeal)
        let driver = AppDriver(rootViewController: home)
        let detail = SwatchViewController(.systemOrange)
        detail.modalPresentationStyle = .fullScreen
        assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.2, 0.6], scale: 0.25) { _ in
            home.present(detail, animated: true)
        }, named: "cover-vertical")
    }

    @Test func dismiss() {
        let home = SwatchViewController(.systemTeal)
        let driver = AppDriver(rootViewController: home)
        let detail = SwatchViewController(.systemOrange)
        detail.modalPresentationStyle = .fullScreen
        detail.modalTransitionStyle = .crossDissolve
        home.present(detail, animated: false)
        assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.2, 0.5], scale: 0.25) { _ in
            detail.dismiss(animated: true)
        }, named: "cross-dissolve")
    }

    @Test func push() {
        let nav = UINavigationController(rootViewController: SwatchViewController(.systemTeal))
        let driver = AppDriver(rootViewController: nav)
        assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.15, 0.5], scale: 0.25) { _ in
            nav.pushViewController(SwatchViewController(.systemOrange), animated: true)
        }, named: "slide")
    }

    @Test func pop() {
        let nav = UINavigationController(rootViewController: SwatchViewController(.systemTeal))
        let driver = AppDriver(rootViewController: nav)
        nav.pushViewController(SwatchViewController(.systemOrange), animated: false)
        assertSnapshot(of: driver, as: .filmstrip(at: [0, 0.15, 0.5], scale: 0.25) { _ in
            nav.popViewController(animated: true)
        }, named: "slide")
    }

    /// Touches: a swipe from the left edge drives the interactive pop, frame by frame.
    @Test func edgeSwipe() {
        let nav = UINavigationController(rootViewController: SwatchViewController(.systemTeal))
        let driver = AppDriver(rootViewController: nav)
        nav.pushViewController(SwatchViewController(.systemOrange), animated: false)
        assertSnapshot(of: driver, as: .filmstrip(at: [0.1, 0.3, 0.9], scale: 0.25) { driver in
            driver.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.4)
        }, named: "interactive-pop")
        #expect(nav.viewControllers.count == 1)
    }
}

/// `TransitionRecorder(app:)`: every transition in a window, without a delegate to wrap.
@Suite(.freshRuntime)
@MainActor
struct AppRecorderTests {
    @Test func pushAndPopAreRecordedWithAppearanceCallbacks() {
        let root = SwatchViewController(.systemTeal)
        let nav = UINavigationController(rootViewController: root)
        let driver = AppDriver(rootViewController: nav)
        let recorder = TransitionRecorder(app: driver)
        let detail = SwatchViewController(.systemOrange)
        recorder.name(root, as: "root")
        recorder.name(detail, as: "detail")
        nav.pushViewController(detail, animated: true)
        driver.runScript()
        #expect(recorder.history.events == [
            "root viewWillDisappear(true)",
            "detail viewWillAppear(true)",
            "DefaultNavigationAnimator transitionDuration(using:) -> 0.35",
            "DefaultNavigationAnimator animateTransition(using:)",
            "context completeTransition(true)",
            "root viewDidDisappear(true)",
            "detail viewDidAppear(true)",
            "coordinator completions (1)",  // the navigation bar's cross-fade runs alongside
            "DefaultNavigationAnimator animationEnded(true)",
        ], "\(recorder.history)")
        recorder.reset()
        recorder.recording = [.context]
        nav.popViewController(animated: true)
        driver.runScript()
        #expect(recorder.history.events == ["context completeTransition(true)"])
    }

    @Test func differenceShowsWhatChanged() {
        let expected = TransitionRecorder.History([
            .init(time: 0, event: "a"), .init(time: 0.5, event: "b"), .init(time: 1, event: "c"),
        ])
        let actual = TransitionRecorder.History([
            .init(time: 0, event: "a"), .init(time: 0.5, event: "x"), .init(time: 1, event: "c"),
        ])
        #expect(actual.difference(from: expected).components(separatedBy: "\n") == [
            "    0.000  a",
            "-   0.500  b",
            "+   0.500  x",
            "    1.000  c",
        ])
        #expect(expected.difference(from: expected) == "")
    }
}
