import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller with status bar preferences that records when UIKit reads them.
@MainActor
final class StatusBarController: UIViewController {
    var style: UIStatusBarStyle
    var hidden: Bool
    var animation: UIStatusBarAnimation = .fade
    var styleChild: UIViewController?
    var hiddenChild: UIViewController?
    let color: UIColor

    init(_ style: UIStatusBarStyle, hidden: Bool = false, color: UIColor = .white) {
        self.style = style
        self.hidden = hidden
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() { view.backgroundColor = color }
    override var preferredStatusBarStyle: UIStatusBarStyle { style }
    override var prefersStatusBarHidden: Bool { hidden }
    override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { animation }
    override var childForStatusBarStyle: UIViewController? { styleChild }
    override var childForStatusBarHidden: UIViewController? { hiddenChild }
}

/// UIKit's rules for which controller decides the status bar, and the status bar drawn over
/// rendered frames (docs/Semantics.md, "Status bar").
@MainActor
@Suite(.freshRuntime) struct StatusBarTests {
    func describe(_ a: StatusBarAppearance) -> String {
        "\(a.style)\(a.isHidden ? " hidden" : "")"
    }

    @Test func rootDecidesAndDefaultFollowsAppearance() {
        let root = StatusBarController(.default)
        let app = AppDriver(rootViewController: root)
        #expect(describe(app.statusBarAppearance) == "darkContent")
        app.userInterfaceStyle = .dark
        #expect(describe(app.statusBarAppearance) == "lightContent")
        app.userInterfaceStyle = .light
        root.overrideUserInterfaceStyle = .dark
        #expect(describe(app.statusBarAppearance) == "lightContent")
        root.style = .darkContent
        root.hidden = true
        #expect(describe(app.statusBarAppearance) == "darkContent hidden")
    }

    @Test func fullScreenPresentationTakesOverSheetsDoNot() {
        let root = StatusBarController(.darkContent)
        let app = AppDriver(rootViewController: root)
        var history: [String] = []
        func note(_ s: String) { history.append("\(s): \(describe(app.statusBarAppearance))") }
        note("root")

        let sheet = StatusBarController(.lightContent, hidden: true)
        sheet.modalPresentationStyle = .pageSheet
        root.present(sheet, animated: false)
        note("pageSheet")
        sheet.dismiss(animated: false)

        let captures = StatusBarController(.lightContent)
        captures.modalPresentationStyle = .formSheet
        captures.modalPresentationCapturesStatusBarAppearance = true
        root.present(captures, animated: false)
        note("capturing formSheet")
        captures.dismiss(animated: false)

        let full = StatusBarController(.lightContent)
        full.modalPresentationStyle = .fullScreen
        root.present(full, animated: true)
        note("fullScreen presenting")
        app.runScript()
        note("fullScreen presented")
        let over = StatusBarController(.darkContent, hidden: true)
        over.modalPresentationStyle = .overFullScreen
        full.present(over, animated: false)
        note("overFullScreen on top")
        over.dismiss(animated: false)
        full.dismiss(animated: true)
        note("dismissing")
        app.runScript()
        note("dismissed")
        #expect(history == [
            "root: darkContent",
            "pageSheet: darkContent",
            "capturing formSheet: lightContent",
            "fullScreen presenting: lightContent",
            "fullScreen presented: lightContent",
            "overFullScreen on top: darkContent hidden",
            "dismissing: darkContent",
            "dismissed: darkContent",
        ])
    }

    @Test func containersDeferThroughChildFor() {
        let inner = StatusBarController(.lightContent, hidden: true)
        let middle = StatusBarController(.darkContent)
        middle.styleChild = inner
        let app = AppDriver(rootViewController: middle)
        #expect(describe(app.statusBarAppearance) == "lightContent")
        middle.hiddenChild = inner
        #expect(describe(app.statusBarAppearance) == "lightContent hidden")

        // A navigation controller: visibility from the top controller always; the style only
        // while its bar is hidden.
        let top = StatusBarController(.lightContent, hidden: false)
        let nav = UINavigationController(rootViewController: top)
        let app2 = AppDriver(rootViewController: nav)
        #expect(describe(app2.statusBarAppearance) == "darkContent")
        nav.isNavigationBarHidden = true
        #expect(describe(app2.statusBarAppearance) == "lightContent")
        top.hidden = true
        #expect(describe(app2.statusBarAppearance) == "lightContent hidden")
    }

    @Test func cycleInChildForIsReportedNotHung() {
        let a = StatusBarController(.lightContent)
        let b = StatusBarController(.darkContent)
        a.styleChild = b
        b.styleChild = a
        let app = AppDriver(rootViewController: a)
        let reports = FlipbookDiagnostics.capture { _ = app.statusBarAppearance }
        #expect(reports.contains { $0.contains("does not end") })
    }

    // MARK: Pixels

    func topStrip(_ app: AppDriver) -> RenderedImage {
        let full = app.render(scale: 2)
        let h = Int(app.device.safeAreaInsets.top * 2)
        let px = Array(full.premultipliedPixels[0..<(full.width * h * 4)])
        return RenderedImage(width: full.width, height: h, premultipliedPixels: px)!
    }

    @Test func drawnStatusBarGoldens() {
        let root = StatusBarController(.darkContent, color: .systemGray5)
        let app = AppDriver(rootViewController: root)
        app.showsStatusBar = true
        GoldenImage.assert(topStrip(app), named: "StatusBarTests/iphone15-dark-content", tolerance: .init(channel: 2, pixelFraction: 0))
        root.style = .lightContent
        root.view.backgroundColor = .systemIndigo
        root.setNeedsStatusBarAppearanceUpdate()
        GoldenImage.assert(topStrip(app), named: "StatusBarTests/iphone15-light-content", tolerance: .init(channel: 2, pixelFraction: 0))
        root.hidden = true
        root.setNeedsStatusBarAppearanceUpdate()
        let hidden = topStrip(app)
        #expect(hidden.pixel(x: 130, y: 54) == RGBA(r: 88, g: 86, b: 214, a: 255), "nothing drawn over the background")

        let se = StatusBarController(.darkContent, color: .white)
        let seApp = AppDriver(rootViewController: se, device: .iPhoneSE)
        seApp.showsStatusBar = true
        GoldenImage.assert(topStrip(seApp), named: "StatusBarTests/iphone-se-dark-content", tolerance: .init(channel: 2, pixelFraction: 0))
    }

    @Test func statusBarOffByDefaultAndTakesNoTouches() {
        let root = StatusBarController(.darkContent, color: .systemGray5)
        let app = AppDriver(rootViewController: root)
        let plain = app.render(scale: 1)
        app.showsStatusBar = true
        let withBar = app.render(scale: 1)
        let differs = plain != withBar
        #expect(differs)
        #expect(app.window.hitTest(CGPoint(x: 60, y: 20), with: nil) === root.view)
        app.showsStatusBar = false
        let restored = app.render(scale: 1) == plain
        #expect(restored)
    }

    /// Strips stacked top to bottom into one image.
    func stack(_ strips: [RenderedImage]) -> RenderedImage {
        RenderedImage(width: strips[0].width, height: strips.map(\.height).reduce(0, +),
                      premultipliedPixels: strips.flatMap(\.premultipliedPixels))!
    }

    /// The status bar changes with the presented controller, cross-faded over the transition:
    /// before, a quarter, half and three quarters of the way, after.
    @Test func changesWithPresentedControllerDuringTransition() {
        let root = StatusBarController(.darkContent, color: .white)
        let app = AppDriver(rootViewController: root)
        app.showsStatusBar = true
        let modal = StatusBarController(.lightContent, color: .black)
        modal.modalPresentationStyle = .fullScreen
        modal.modalTransitionStyle = .crossDissolve
        var strips = [topStrip(app)]
        app.at(0.1) { root.present(modal, animated: true) }
        for t in [0.2, 0.3, 0.4] {
            app.run(until: t)
            strips.append(topStrip(app))
        }
        app.run(until: 1.0)
        strips.append(topStrip(app))
        #expect(app.statusBarAppearance.style == .lightContent)
        #expect(MediaClock.main.isIdle)
        GoldenImage.assert(stack(strips), named: "StatusBarTests/present-full-screen-filmstrip", tolerance: .init(channel: 2, pixelFraction: 0))
    }

    /// `setNeedsStatusBarAppearanceUpdate()` inside an animation block animates with it:
    /// `.fade` fades the bar out, `.slide` moves it up; outside a block the change is immediate.
    @Test func hidingAnimatesWithTheBlock() {
        let root = StatusBarController(.darkContent, color: .systemGray5)
        let app = AppDriver(rootViewController: root)
        app.showsStatusBar = true
        var strips = [topStrip(app)]
        root.hidden = true
        UIView.animate(withDuration: 0.4) { root.setNeedsStatusBarAppearanceUpdate() }
        app.advance(by: 0.2)
        strips.append(topStrip(app))
        app.advance(by: 0.3)
        strips.append(topStrip(app))
        root.hidden = false
        root.animation = .slide
        UIView.animate(withDuration: 0.4) { root.setNeedsStatusBarAppearanceUpdate() }
        app.advance(by: 0.2)
        strips.append(topStrip(app))
        app.advance(by: 0.3)
        strips.append(topStrip(app))
        root.hidden = true
        root.setNeedsStatusBarAppearanceUpdate()
        let immediate = topStrip(app)
        let hiddenAtOnce = immediate == strips[2]
        #expect(hiddenAtOnce)
        GoldenImage.assert(stack(strips), named: "StatusBarTests/hide-fade-then-show-slide", tolerance: .init(channel: 2, pixelFraction: 0))
    }
}
