import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// UIProgressView: its styles and sizes, the clamped progress, an observed `Progress`, the
/// animated bar and the drawing (a download screen, a web view's loading bar).
@Suite(.freshRuntime) @MainActor struct ProgressViewTests {
    @Test func stylesAndSizes() {
        let plain = UIProgressView(progressViewStyle: .default)
        #expect(plain.progressViewStyle == .default && plain.progress == 0)
        #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 4))
        #expect(plain.frame.height == 4)
        let bar = UIProgressView(progressViewStyle: .bar)
        #expect(bar.progressViewStyle == .bar && bar.intrinsicContentSize.height == 2.5)
        #expect(UIProgressView(frame: .zero).progressViewStyle == .default)
        #expect(plain.sizeThatFits(CGSize(width: 120, height: 50)) == CGSize(width: 120, height: 4))
        #expect(plain.progressTintColor == nil && plain.trackTintColor == nil && plain.observedProgress == nil)
    }

    @Test func progressIsClampedAndNaNIsReported() {
        let view = UIProgressView(progressViewStyle: .default)
        view.progress = 0.4
        #expect(view.progress == 0.4)
        view.progress = 1.5
        #expect(view.progress == 1)
        view.setProgress(-2, animated: true)
        #expect(view.progress == 0)
        let reports = FlipbookDiagnostics.capture { view.setProgress(.nan, animated: false) }
        #expect(reports.count == 1 && view.progress == 0)
    }

    @Test func anObservedProgressDrivesTheValue() {
        let view = UIProgressView(frame: CGRect(x: 0, y: 0, width: 200, height: 4))
        let task = Progress(totalUnitCount: 10)
        view.observedProgress = task
        task.completedUnitCount = 3
        #expect(abs(view.progress - 0.3) < 0.0001)
        view.layoutIfNeeded()
        let fill = view.subviews.last
        #expect(abs((fill?.frame.width ?? 0) - 60) < 0.01)
        view.observedProgress = nil
        #expect(view.progress == 0)
    }

    @Test func setProgressAnimatedMovesTheBar() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let view = UIProgressView(frame: CGRect(x: 20, y: 200, width: 200, height: 4))
        root.view.addSubview(view)
        app.advanceFrames(1)
        let fill = view.subviews.last
        view.setProgress(1, animated: true)
        #expect(fill?.frame.width == 200)
        app.advance(by: 0.1)
        let width = fill?.layer.presentation()?.bounds.width ?? -1
        #expect(width > 10 && width < 190)
        app.advance(by: 0.3)
        #expect(fill?.layer.presentation()?.bounds.width == 200)
    }

    @Test func drawsTheTrackAndTheBar() {
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 24))
        stack.backgroundColor = .white
        let plain = UIProgressView(frame: CGRect(x: 10, y: 6, width: 100, height: 4))
        plain.progress = 0.5
        let tinted = UIProgressView(frame: CGRect(x: 10, y: 14, width: 100, height: 4))
        tinted.progress = 0.25
        tinted.progressTintColor = .systemRed
        tinted.trackTintColor = .black
        for v in [plain, tinted] { stack.addSubview(v) }
        stack.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(stack.layer)
        let filled = image.pixel(x: 2 * 30, y: 2 * 8)           // the tint colour, system blue
        #expect(filled.b > 200 && filled.r < 40)
        let track = image.pixel(x: 2 * 90, y: 2 * 8)            // 120,120,128 at 20% over white
        #expect(track.r > 220 && track.r < 235)
        let red = image.pixel(x: 2 * 20, y: 2 * 16)
        #expect(red.r > 200 && red.g < 80)
        let black = image.pixel(x: 2 * 90, y: 2 * 16)
        #expect(black.r < 10)
        GoldenImage.assert(image, named: "ProgressViewTests/default-and-tinted", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
