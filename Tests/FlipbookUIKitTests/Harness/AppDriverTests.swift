import Foundation
import Testing
import TestSupport
import Flipbook

/// A seed-001-like app: a button that presents a red modal over the content.
@MainActor
final class DriverRootViewController: UIViewController {
    let button = UIButton(type: .system)
    var log: [String] = []

    override func viewDidLoad() {
        view.backgroundColor = .blue
        button.frame = CGRect(x: 100, y: 400, width: 193, height: 44)
        button.addAction(UIAction { [unowned self] _ in self.didPressPresent() }, for: .touchUpInside)
        view.addSubview(button)
    }

    func didPressPresent() {
        log.append("pressed at \(presentedViewController == nil ? "rest" : "busy")")
        let modal = UIViewController()
        modal.modalPresentationStyle = .overFullScreen
        modal.modalTransitionStyle = .crossDissolve
        modal.view.backgroundColor = .red
        present(modal, animated: true) { self.log.append("presented") }
    }
}

@Suite("App driver", .freshRuntime)
@MainActor
struct AppDriverTests {
    @Test func windowMatchesTheDevice() {
        let root = DriverRootViewController()
        let app = AppDriver(rootViewController: root, device: .iPhoneSE)
        #expect(app.window.bounds.size == CGSize(width: 375, height: 667))
        #expect(app.window.isKeyWindow)
        #expect(app.rootViewController === root)
        #expect(root.view.frame == app.window.bounds)
        #expect(app.time == 0)
        let defaultApp = AppDriver(rootViewController: UIViewController())
        #expect(defaultApp.window.bounds.size == CGSize(width: 393, height: 852))
    }

    @Test func scriptedTapPresentsAndRendersEachFrame() {
        let root = DriverRootViewController()
        let app = AppDriver(rootViewController: root)
        app.at(0.5) { app.tap(root.button) }
        app.run(until: 0.45)
        #expect(root.log.isEmpty)
        let before = app.render(scale: 1)
        #expect(before.width == 393 && before.height == 852)
        #expect(before.pixel(x: 10, y: 10) == RGBA(r: 0, g: 0, b: 255, a: 255))
        app.runScript()
        #expect(root.log == ["pressed at rest", "presented"])
        let after = app.render(scale: 1)
        #expect(after.pixel(x: 10, y: 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
        // Halfway through the 0.4 s cross dissolve: half red over blue. The tap is a real
        // touch: it lifts (and presents) one frame after it went down.
        let root2 = DriverRootViewController()
        let app2 = AppDriver(rootViewController: root2)
        app2.tap(root2.button)
        #expect(abs(app2.time - 1.0 / 60) < 1e-9)
        let frames = app2.renderFrames(at: [1.0 / 60 + 0.2], scale: 1)
        let mid = frames.first?.pixel(x: 10, y: 10)
        #expect(mid.map { abs(Int($0.r) - 128) <= 2 && abs(Int($0.b) - 127) <= 2 } == true)
    }

    /// `renderFrames` runs the scene run's frame loop on driver time: a time already past is
    /// drawn as the window is now (no clock move), a time that is not finite is reported.
    @Test func renderFramesDrawsPastTimesAsTheyAreAndReportsNaN() {
        let root = DriverRootViewController()
        let app = AppDriver(rootViewController: root)
        app.run(until: 0.5)
        var frames: [RenderedImage] = []
        let reports = FlipbookDiagnostics.capture {
            frames = app.renderFrames(at: [0.2, .nan, 0.75, 0.75], scale: 1)
        }
        #expect(reports.count == 1 && reports[0].contains("needs finite times"))
        #expect(frames.count == 4)
        #expect(abs(app.time - 0.75) < 1e-12)
        #expect(frames[0].premultipliedPixels == frames[1].premultipliedPixels)
        #expect(frames[0].pixel(x: 10, y: 10) == RGBA(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func tappingAViewOutsideTheWindowOrAPastStepIsReported() {
        let app = AppDriver(rootViewController: UIViewController())
        let reports = FlipbookDiagnostics.capture {
            app.tap(UIView(frame: .zero))
        }
        #expect(reports == ["AppDriver.tap(_:): <UIView> is not in a window on the driver's screen; ignored."])
        app.advance(by: 0.2)
        var ran = false
        let late = FlipbookDiagnostics.capture { app.at(0.1) { ran = true } }
        #expect(late.count == 1 && late.first?.hasPrefix("AppDriver.at(0.1) is in the past") == true)
        app.advanceFrames(1)
        #expect(ran)
    }
}
