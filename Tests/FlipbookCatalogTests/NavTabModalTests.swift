import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Seed 003's app run by its scene's own script (real touches on buttons, the back button,
/// the tab items and the left edge), checked step by step, and its golden filmstrip in
/// `__Snapshots__/NavTabModal/`.
@MainActor
@Suite(.freshRuntime) struct NavTabModalTests {
    typealias Step = NavTabModalScene.Step

    func makeScene() -> NavTabModalScene {
        let scene = NavTabModalScene(size: CGSize(width: 393, height: 852))
        scene.start()
        return scene
    }

    @Test func theScriptPushesPopsSwitchesPresentsDismissesAndSwipes() throws {
        let scene = makeScene()
        let app = scene.app
        let nav0 = app.navigationControllers[0]
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }

        scene.update(elapsed: Step.push + 0.2)
        #expect(nav0.viewControllers.count == 2)
        #expect(nav0.transitionCoordinator != nil)  // the seed's slide is running
        scene.update(elapsed: Step.pop - 0.05)
        #expect(nav0.transitionCoordinator == nil)
        #expect(nav0.navigationBar.backItem?.title == "Cards")
        scene.update(elapsed: Step.pop + 0.1)
        #expect(nav0.viewControllers.count == 1)  // the back button popped
        scene.update(elapsed: Step.tabRight + 0.1)
        #expect(app.selectedIndex == 1)
        scene.update(elapsed: Step.tabLeft + 0.1)
        #expect(app.selectedIndex == 0)
        scene.update(elapsed: Step.present + 0.1)
        let modal = try #require(app.presentedViewController as? ModalCardViewController)
        #expect(modal.presentingViewController === app)
        scene.update(elapsed: Step.dismiss - 0.05)
        let window = scene.driver.window.bounds
        #expect(modal.view.frame.size == CGSize(width: window.width * 2 / 3, height: window.height * 2 / 3))
        scene.update(elapsed: Step.dismiss + 0.1)
        #expect(modal.isBeingDismissed)
        scene.update(elapsed: Step.secondPush - 0.05)
        #expect(app.presentedViewController == nil && modal.view.window == nil)
        scene.update(elapsed: Step.secondPush + 0.1)
        #expect(nav0.viewControllers.count == 2)
        // The edge swipe drives the system's pop, following the finger.
        scene.update(elapsed: Step.swipe + 0.3)
        let top = try #require(nav0.viewControllers.last)
        #expect(nav0.transitionCoordinator?.isInteractive == true)
        #expect(top is TabRootViewController)
        scene.update(elapsed: scene.duration)
        #expect(nav0.viewControllers.count == 1 && nav0.transitionCoordinator == nil)
        #expect(reports.isEmpty)
    }

    /// Mid-push, mid-pop, each tab switch half way, the modal growing and grown, shrinking,
    /// the edge swipe under the finger, and the end.
    static let times: [CFTimeInterval] = [
        Step.push + 0.28, Step.pop + 0.28, Step.tabRight + 0.28, Step.tabLeft + 0.28, Step.present + 0.28,
        Step.dismiss - 0.1, Step.dismiss + 0.3, Step.swipe + 0.3, 8.6,
    ]

    @Test func filmstrip() throws {
        let scene = makeScene()
        let renderer = LayerRenderer(scale: 1)
        let frames = Self.times.map { t -> RenderedImage in
            scene.update(elapsed: t)
            return renderer.render(scene.rootLayer)
        }
        let strip = try #require(Filmstrip.join(frames))
        Filmstrip.assert(strip, named: "NavTabModal/nav-tab-modal", channel: 8, pixelFraction: 0.002)
    }
}
