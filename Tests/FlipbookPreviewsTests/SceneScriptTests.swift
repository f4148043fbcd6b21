import Flipbook
import Foundation
import Testing
import TestSupport

/// A scene written with `AppScene` and `SceneScript`: its steps run at their times.
@MainActor
@Suite(.freshRuntime) struct SceneScriptTests {
    final class Screen: UIViewController {
        let name: String
        let button = UIButton(type: .system)
        var taps = 0
        init(_ name: String) {
            self.name = name
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            button.frame = CGRect(x: 20, y: 200, width: 120, height: 44)
            button.addAction(UIAction { [weak self] _ in self?.taps += 1 }, for: .touchUpInside)
            view.addSubview(button)
        }
    }

    final class ScriptedScene: AppScene {
        static let name = "scripted"
        static let summary = "every kind of step"
        let duration: CFTimeInterval = 5
        let driver: AppDriver
        let nav: UINavigationController
        let home = Screen("home")
        init(size: CGSize) {
            nav = UINavigationController(rootViewController: home)
            driver = AppDriver(rootViewController: nav, device: .fitting(size))
        }
        func script(_ s: SceneScript) {
            s.wait(0.5)
            s.push { Screen("pushed") }
            s.wait(1)
            s.pop()
            s.present(at: 2.0) { Screen("modal") }
            s.dismiss(at: 3.0)
            s.tap(at: 4.0) { [weak self] in self?.home.button }
            s.drag(at: 4.3, from: CGPoint(x: 10, y: 10), to: CGPoint(x: 50, y: 10), duration: 0.1)
            s.tap(at: 4.7) { nil }
        }
    }

    private func screens(_ scene: ScriptedScene) -> String {
        var names = scene.nav.viewControllers.compactMap { ($0 as? Screen)?.name }
        if let modal = scene.nav.presentedViewController as? Screen { names.append(modal.name) }
        return names.joined(separator: ">")
    }

    /// Runs the scene as the exporter does and notes each change of what is on screen.
    @Test func stepsRunAtTheirTimes() {
        var reports: [String] = []
        let id = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(id) }
        let scene = ScriptedScene(size: CGSize(width: 393, height: 852))
        scene.start()
        scene.update(elapsed: 0)
        var history: [(Int, String)] = []
        for frame in 0...300 {
            if frame > 0 {
                MediaClock.main.advance(by: 1.0 / 60)
                scene.update(elapsed: Double(frame) / 60)
            }
            let now = screens(scene)
            if history.last?.1 != now { history.append((frame, now)) }
        }
        // The push and pop change the stack at once; present and dismiss when their transition ends.
        #expect(history.map(\.1) == ["home", "home>pushed", "home", "home>modal", "home"])
        #expect(history.map(\.0)[1] == 30 && history.map(\.0)[2] == 90)
        #expect(scene.home.taps == 1)
        #expect(reports.contains("SceneScript.tap at 4.7 s: no view to tap; step skipped."))
        #expect(scene.driver.sceneStartTime == 0)
    }

    /// The device a scene of an odd size gets; a bad wait is reported, not obeyed.
    @Test func fittingDevicesAndBadWaits() {
        #expect(UIScreen.Device.fitting(CGSize(width: 375, height: 667)) == .iPhoneSE)
        #expect(UIScreen.Device.fitting(CGSize(width: 300, height: 300)).size == CGSize(width: 300, height: 300))
        #expect(UIScreen.Device.fitting(CGSize(width: -1, height: CGFloat.nan)) == .iPhone15)
        var reports: [String] = []
        let id = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(id) }
        let script = SceneScript(driver: AppDriver(rootViewController: UIViewController()))
        script.wait(.infinity)
        script.wait(-1)
        #expect(script.now == 0)
        #expect(reports.count == 2)
    }
}
