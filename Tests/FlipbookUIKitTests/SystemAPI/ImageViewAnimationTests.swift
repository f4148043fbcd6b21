import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookRender

/// UIImageView's frame animation (`animationImages`, `startAnimating()`, …) and animated
/// images, seen frame by frame on the media clock.
@Suite(.freshRuntime) @MainActor struct ImageViewAnimationTests {
    /// A 10 × 10 point image of one colour (1 pixel a point).
    func swatch(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UIImage {
        let pixels = [UInt8](repeatElement([r, g, b, 255], count: 100).joined())
        return UIImage(cgImage: CGImage(width: 10, height: 10, premultipliedRGBA: pixels)!)
    }

    /// An app whose root view holds `imageView` at (0, 200), 40 × 40 points, on white.
    func host(_ imageView: UIImageView) -> AppDriver {
        let root = UIViewController()
        root.view.backgroundColor = .white
        imageView.frame = CGRect(x: 0, y: 200, width: 40, height: 40)
        root.view.addSubview(imageView)
        return AppDriver(rootViewController: root)
    }

    /// The colour drawn at the image view's middle, as (r, g, b).
    func shown(_ app: AppDriver) -> [UInt8] {
        let p = app.render(scale: 1).pixel(x: 20, y: 220)
        return [p.r, p.g, p.b]
    }

    let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255]
    let grey: [UInt8] = [128, 128, 128], white: [UInt8] = [255, 255, 255]

    @Test func framesPlayInTurnAndRepeatForeverByDefault() {
        let view = UIImageView(image: swatch(128, 128, 128))
        view.animationImages = [swatch(255, 0, 0), swatch(0, 255, 0), swatch(0, 0, 255)]
        view.animationDuration = 0.3
        let app = host(view)
        #expect(view.animationRepeatCount == 0 && !view.isAnimating)
        #expect(shown(app) == grey)                             // not started: the image
        view.startAnimating()
        #expect(view.isAnimating)
        var seen: [[UInt8]] = []
        for _ in 0..<7 {
            app.advance(by: 0.05)
            seen.append(shown(app))
            app.advance(by: 0.05)
        }
        // 0.1 s a frame, sampled in the middle of each: red, green, blue, and round again.
        #expect(seen == [red, green, blue, red, green, blue, red])
        #expect(view.isAnimating)
        view.stopAnimating()
        #expect(!view.isAnimating)
        #expect(shown(app) == grey)                             // stopped: the image again
    }

    @Test func theRepeatCountEndsTheAnimation() {
        let view = UIImageView(image: swatch(128, 128, 128))
        view.animationImages = [swatch(255, 0, 0), swatch(0, 0, 255)]
        view.animationDuration = 0.2
        view.animationRepeatCount = 2
        let app = host(view)
        view.startAnimating()
        var seen: [[UInt8]] = []
        for _ in 0..<5 {
            app.advance(by: 0.05)
            seen.append(shown(app))
            app.advance(by: 0.05)
        }
        #expect(seen == [red, blue, red, blue, grey])           // two passes, then the image
        #expect(!view.isAnimating)
        view.startAnimating()                                   // starts again from the first frame
        app.advance(by: 0.05)
        #expect(shown(app) == red && view.isAnimating)
    }

    @Test func aZeroDurationPlaysThirtyFramesASecond() {
        let view = UIImageView(frame: .zero)
        view.animationImages = [swatch(255, 0, 0), swatch(0, 255, 0)]
        let app = host(view)
        view.startAnimating()
        app.advance(by: 0.5 / 30)
        #expect(shown(app) == red)
        app.advance(by: 1.0 / 30)
        #expect(shown(app) == green)
        app.advance(by: 1.0 / 30)
        #expect(shown(app) == red)
        view.stopAnimating()
        #expect(shown(app) == white)                            // no image: nothing
    }

    @Test func highlightedFramesPlayWhileHighlighted() {
        let view = UIImageView(frame: .zero)
        view.animationImages = [swatch(255, 0, 0)]
        view.highlightedAnimationImages = [swatch(0, 0, 255)]
        view.animationDuration = 1
        let app = host(view)
        view.startAnimating()
        app.advance(by: 0.1)
        #expect(shown(app) == red)
        view.isHighlighted = true
        app.advance(by: 0.1)
        #expect(shown(app) == blue && view.isAnimating)
    }

    @Test func nothingToPlayDoesNothingAndEmptyFramesStop() {
        let view = UIImageView(image: swatch(128, 128, 128))
        let app = host(view)
        view.startAnimating()
        #expect(!view.isAnimating)
        view.animationImages = [swatch(255, 0, 0)]
        view.startAnimating()
        #expect(view.isAnimating)
        view.animationImages = []
        #expect(!view.isAnimating)
        app.advance(by: 0.1)
        #expect(shown(app) == grey)
    }

    @Test func badDurationsAndCountsAreReportedNotTrusted() {
        let view = UIImageView(frame: .zero)
        view.animationImages = [swatch(255, 0, 0), swatch(0, 255, 0)]
        view.animationDuration = .nan
        view.animationRepeatCount = -3
        let app = host(view)
        let reports = FlipbookDiagnostics.capture { view.startAnimating() }
        #expect(reports.contains { $0.contains("animationDuration") })
        #expect(reports.contains { $0.contains("animationRepeatCount") })
        app.advance(by: 1.5 / 30)
        #expect(shown(app) == green)                            // 30 frames a second, repeating
        app.advance(by: 10)
        #expect(view.isAnimating)
    }

    @Test func anAnimatedImagePlaysByItself() throws {
        let frames = [swatch(255, 0, 0), swatch(0, 255, 0), swatch(0, 0, 255)]
        let animated = try #require(UIImage.animatedImage(with: frames, duration: 0.6))
        #expect(animated.images?.count == 3 && animated.duration == 0.6)
        #expect(animated.size == CGSize(width: 10, height: 10))
        #expect(animated.cgImage === frames[0].cgImage)
        #expect(swatch(1, 2, 3).images == nil && swatch(1, 2, 3).duration == 0)
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
        let view = UIImageView(image: animated)
        let app = host(view)
        #expect(view.isAnimating)
        app.advance(by: 0.1)
        #expect(shown(app) == red)
        app.advance(by: 0.2)
        #expect(shown(app) == green)                            // 0.2 s a frame: its own duration
        app.advance(by: 0.2)
        #expect(shown(app) == blue)
        view.image = swatch(128, 128, 128)                      // a still image stops the frames
        #expect(!view.isAnimating)
        #expect(shown(app) == grey)
    }

    @Test func animatedImageNamedWithoutFilesIsNil() {
        // (Finding files goes through `UIImage(named:)`'s search path, which is the process's
        // environment: not changed here, as other tests run beside this one.)
        #expect(UIImage.animatedImageNamed("flipbook-no-such-animation", duration: 1) == nil)
    }
}

extension ImageViewAnimationTests {
    @Test func templateFramesAreDrawnInTheTint() {
        let view = UIImageView(frame: .zero)
        view.animationImages = [swatch(0, 0, 0).withRenderingMode(.alwaysTemplate)]
        view.animationDuration = 1
        view.tintColor = .red
        let app = host(view)
        view.startAnimating()
        app.advance(by: 0.1)
        #expect(shown(app) == red)
        view.tintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        app.advance(by: 0.1)
        #expect(shown(app) == blue && view.isAnimating)
    }
}

/// The deprecated UIApplication status bar setters a banner library still calls (SwiftEntryKit's
/// `UIApplication.set(statusBarStyle:)`): reported, no effect, as UIKit documents for apps
/// whose controllers decide the status bar.
@Suite(.freshRuntime) @MainActor struct LegacyStatusBarSetterTests {
    @Test func settingTheApplicationsStatusBarDoesNothing() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        app.advanceFrames(1)
        let application = UIApplication.shared
        let style = application.statusBarStyle
        #expect(!application.isStatusBarHidden)
        let reports = FlipbookDiagnostics.capture {
            application.isStatusBarHidden = true
            application.statusBarStyle = .lightContent
            application.setStatusBarHidden(true, with: .fade)
        }
        #expect(reports.count == 3 && reports.allSatisfy { $0.contains("does nothing") })
        #expect(!application.isStatusBarHidden && application.statusBarStyle == style)
        // The style asked for (legacy code knows `.default` and `.lightContent` only), where the
        // scene's manager gives the style drawn.
        #expect(style == .default)
        #expect(root.view.window?.windowScene?.statusBarManager?.statusBarStyle == .darkContent)
    }

    @Test func theApplicationsStyleIsTheOneTheDecidingControllerAsksFor() {
        final class Light: UIViewController {
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        }
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let light = Light()
        light.modalPresentationStyle = .fullScreen  // a sheet would not decide the status bar
        root.present(light, animated: false)
        app.advanceFrames(1)
        #expect(UIApplication.shared.statusBarStyle == .lightContent)
        #expect(light.view.window?.windowScene?.statusBarManager?.statusBarStyle == .lightContent)
    }
}
