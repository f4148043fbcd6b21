import Foundation
import Testing
import TestSupport
import Flipbook

/// A black screen with a toolbar across its middle, as a photo viewer shows one.
@MainActor
private final class ToolbarHost: UIViewController {
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 400, width: 393, height: 44))
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        view.addSubview(toolbar)
    }
}

/// `UIBarAppearance`, `UIToolbarAppearance`, the toolbar's appearances and its background and
/// shadow images, seen in rendered pixels.
@Suite(.freshRuntime) @MainActor struct ToolbarAppearanceTests {
    /// The rendered colour at a point of the toolbar (1 pixel a point) and on its top edge.
    private func sample(_ host: ToolbarHost, _ app: AppDriver) -> (body: RGBA, edge: RGBA) {
        app.advanceFrames(1)
        let image = app.render(scale: 1)
        return (image.pixel(x: 200, y: 422), image.pixel(x: 200, y: 400))
    }

    @Test func theDefaultToolbarIsLightWithAHairline() {
        let host = ToolbarHost()
        let app = AppDriver(rootViewController: host)
        let (body, _) = sample(host, app)
        #expect(body.r > 200 && body.g > 200 && body.b > 200)
        #expect(host.toolbar.standardAppearance.backgroundEffect != nil)
        #expect(host.toolbar.standardAppearance.shadowColor != nil)
    }

    @Test func aTransparentAppearanceShowsWhatIsBehind() {
        let host = ToolbarHost()
        let app = AppDriver(rootViewController: host)
        let appearance = UIToolbarAppearance()
        appearance.configureWithTransparentBackground()
        host.toolbar.standardAppearance = appearance
        host.toolbar.compactAppearance = appearance
        host.toolbar.scrollEdgeAppearance = appearance
        let (body, edge) = sample(host, app)
        #expect(body.r < 10 && body.g < 10 && body.b < 10)
        #expect(edge.r < 10 && edge.g < 10 && edge.b < 10)
        #expect(appearance.backgroundEffect == nil && appearance.shadowColor == nil)
    }

    @Test func theBarKeepsACopyOfTheAppearance() {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let appearance = UIToolbarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .red
        toolbar.standardAppearance = appearance
        appearance.backgroundColor = .green
        #expect(toolbar.standardAppearance !== appearance)
        #expect(toolbar.standardAppearance.backgroundColor == .red)
        let copy = appearance.copy() as? UIToolbarAppearance
        #expect(copy?.backgroundColor == .green)
        #expect(toolbar.scrollEdgeAppearance == nil && toolbar.compactAppearance == nil)
    }

    @Test func anOpaqueAppearanceDrawsItsColour() {
        let host = ToolbarHost()
        let app = AppDriver(rootViewController: host)
        let appearance = UIToolbarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .red
        host.toolbar.standardAppearance = appearance
        let (body, _) = sample(host, app)
        #expect(body.r > 240 && body.g < 20 && body.b < 20)
    }

    @Test func anEmptyBackgroundImageAndShadowImageClearTheBar() {
        let host = ToolbarHost()
        let app = AppDriver(rootViewController: host)
        host.toolbar.setBackgroundImage(UIImage(), forToolbarPosition: .any, barMetrics: .default)
        host.toolbar.setShadowImage(UIImage(), forToolbarPosition: .any)
        #expect(host.toolbar.backgroundImage(forToolbarPosition: .any, barMetrics: .default) != nil)
        #expect(host.toolbar.backgroundImage(forToolbarPosition: .bottom, barMetrics: .default) == nil)
        #expect(host.toolbar.shadowImage(forToolbarPosition: .any) != nil)
        let (body, edge) = sample(host, app)
        #expect(body.r < 10 && body.g < 10 && body.b < 10)
        #expect(edge.r < 10 && edge.g < 10 && edge.b < 10)
    }

    @Test func aShadowImageAloneKeepsTheHairline() {
        let host = ToolbarHost()
        let app = AppDriver(rootViewController: host)
        host.toolbar.setShadowImage(UIImage(), forToolbarPosition: .any)
        let (body, _) = sample(host, app)
        #expect(body.r > 200)
    }

    @Test func barPositionsAreApplesValues() {
        #expect(UIBarPosition.any.rawValue == 0 && UIBarPosition.bottom.rawValue == 1)
        #expect(UIBarPosition.top.rawValue == 2 && UIBarPosition.topAttached.rawValue == 3)
    }
}
