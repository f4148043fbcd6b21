import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Seed 001's drop-out transition run in an iPhone 15 window (393 × 852): where the modal is
/// and when each transition completes.
@MainActor
@Suite(.freshRuntime) struct DropOutFlowTests {
    static func makeApp() -> (AppDriver, PresentingViewController) {
        let presenting = PresentingViewController()
        let driver = AppDriver(rootViewController: presenting, device: .iPhone15)
        return (driver, presenting)
    }

    @Test func presentButtonIsCentredByAutoLayout() {
        let (driver, presenting) = Self.makeApp()
        driver.window.layoutIfNeeded()
        #expect(abs(presenting.button.center.x - 196.5) < 0.5)
        #expect(abs(presenting.button.center.y - 426) < 0.5)
    }

    /// Presenting: the modal starts just above the screen, falls under 10 000 pt/s², bounces
    /// on the floor at the screen's middle and ends centred, within the 1.5 s duration.
    @Test func presentationDropsTheModalOntoTheMiddle() throws {
        let (driver, presenting) = Self.makeApp()
        driver.tap(presenting.button)
        let modal = try #require(presenting.lastModal)
        let start = driver.time
        // It starts above the screen, horizontally centred.
        driver.advanceFrames(1)
        #expect(abs(modal.view.center.x - 196.5) < 0.01)
        #expect(modal.view.frame.maxY < 10)
        // Free fall: the bottom reaches the floor (y = 526) after √(2·526/10000) ≈ 0.324 s.
        var firstRise: CFTimeInterval?
        var maxBottom: CGFloat = 0
        var bottoms: [CGFloat] = []
        while driver.time - start < 1.6 {
            driver.advanceFrames(1)
            let bottom = modal.view.frame.maxY
            if firstRise == nil, let last = bottoms.last, bottom < last { firstRise = driver.time - start }
            bottoms.append(bottom)
            maxBottom = max(maxBottom, bottom)
        }
        // The first frame moving up comes within two frames after the impact time.
        let rise = try #require(firstRise)
        let impact = (2 * 526 / 10_000.0).squareRoot()
        #expect(rise > impact && rise < impact + 2.0 / 60)
        #expect(maxBottom < 526 + 10)  // never through the floor (a few points of transient overlap at 2000 pt/s)
        // It bounced: the bottom rose again after the first contact.
        let rises = zip(bottoms, bottoms.dropFirst()).filter { $0.1 < $0.0 - 0.5 }.count
        #expect(rises > 0)
        // Done: completed and centred on the container.
        #expect(presenting.presentedViewController === modal)
        #expect(modal.isBeingPresented == false)
        #expect(abs(modal.view.center.x - 196.5) < 0.5 && abs(modal.view.center.y - 426) < 0.5)
        #expect(modal.view.transform == .identity)
    }

    /// Dismissing: the modal hangs from the spring and swings (it turns), falls off screen once
    /// the attachment goes at 2⅔ s, and the dismissal completes at the 4 s deadline.
    @Test func dismissalSwingsThenDropsOut() throws {
        let (driver, presenting) = Self.makeApp()
        driver.tap(presenting.button)
        let modal = try #require(presenting.lastModal)
        driver.advance(by: 2)
        #expect(presenting.presentedViewController === modal)
        driver.tap(modal.button)
        let start = driver.time
        var maxAngle: CGFloat = 0
        var completedAt: CFTimeInterval?
        var yAtRelease: CGFloat = 0
        while driver.time - start < 4.3 {
            driver.advanceFrames(1)
            let t = modal.view.transform
            maxAngle = max(maxAngle, abs(atan2(t.b, t.a)))
            if driver.time - start < 2.6 { yAtRelease = modal.view.center.y }
            if completedAt == nil, presenting.presentedViewController == nil { completedAt = driver.time - start }
        }
        #expect(maxAngle > 0.3)  // it swings
        #expect(yAtRelease < 852)  // still on screen while hanging
        let done = try #require(completedAt)
        #expect(abs(done - 4.0) < 0.1)
        #expect(modal.view.superview == nil)
        #expect(presenting.view.isUserInteractionEnabled)
    }

    /// The scene runs both transitions on its schedule and ends on the presenting screen.
    @Test func sceneRunsPresentThenDismiss() throws {
        let scene = DropOutScene(size: CGSize(width: 393, height: 852))
        scene.start()
        scene.update(elapsed: DropOutScene.presentTime + 1.8)
        let modal = try #require(scene.presenting.presentedViewController as? ModalViewController)
        #expect(abs(modal.view.center.y - 426) < 0.5)
        scene.update(elapsed: scene.duration)
        #expect(scene.presenting.presentedViewController == nil)
        #expect(DropOutScene.name == "drop-out")
    }
}
