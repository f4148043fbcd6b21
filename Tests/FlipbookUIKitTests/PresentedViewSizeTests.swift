import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller whose view is made at a design size (a storyboard's 375 × 667), that reads its
/// size in viewWillAppear, as code that sets up a layout once before appearing does.
@MainActor
private final class DesignSizedController: UIViewController {
    var sizeInWillAppear: CGSize?
    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        view.backgroundColor = .white
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        sizeInWillAppear = view.bounds.size
    }
}

@Suite(.freshRuntime) @MainActor struct PresentedViewSizeTests {
    /// Full screen, animated or not: the presented view has the screen's size when its
    /// viewWillAppear runs, and keeps it.
    @Test(arguments: [true, false]) func fullScreenPresentedViewIsScreenSizedInViewWillAppear(animated: Bool) {
        let host = UIViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        app.advanceFrames(1)
        for style in [UIModalPresentationStyle.fullScreen, .overFullScreen] {
            let presented = DesignSizedController()
            presented.modalPresentationStyle = style
            host.present(presented, animated: animated)
            #expect(presented.sizeInWillAppear == CGSize(width: 393, height: 852))
            app.advance(by: 1)
            #expect(presented.view.bounds.size == CGSize(width: 393, height: 852))
            host.dismiss(animated: false)
            app.advance(by: 0.1)
        }
    }
}
