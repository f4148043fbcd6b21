import Foundation
import Testing
import TestSupport
import Flipbook

/// The pre-iOS 4 animation blocks (`beginAnimations(_:context:)` … `commitAnimations()`).
@MainActor
@Suite(.freshRuntime) struct BeginAnimationsTests {
    private func host() -> (AppDriver, UIView) {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let box = UIView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        root.view.addSubview(box)
        return (app, box)
    }

    @Test func settingsMadeInsideTheBlockApplyToItsChanges() {
        let (app, box) = host()
        UIView.beginAnimations(nil, context: nil)
        box.center = CGPoint(x: 225, y: 125)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        UIView.commitAnimations()
        #expect(box.center == CGPoint(x: 225, y: 125))
        app.advance(by: 0.5)
        let x = box.layer.presentation()?.position.x ?? 0
        #expect(abs(x - 125) < 4)
        app.advance(by: 0.6)
        #expect(box.layer.presentation()?.position.x == 225)
    }

    @Test func aBlockLastsAFifthOfASecondByDefault() {
        let (app, box) = host()
        UIView.beginAnimations("move", context: nil)
        box.alpha = 0
        UIView.commitAnimations()
        app.advance(by: 0.1)
        let midway = box.layer.presentation()?.opacity ?? 0
        #expect(midway > 0.1 && midway < 0.9)
        app.advance(by: 0.15)
        #expect(box.layer.presentation()?.opacity == 0)
    }

    @Test func aDelayPostponesTheAnimation() {
        let (app, box) = host()
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDelay(0.5)
        UIView.setAnimationDuration(0.2)
        box.alpha = 0
        UIView.commitAnimations()
        app.advance(by: 0.3)
        #expect(box.layer.presentation()?.opacity == 1)
        app.advance(by: 0.5)
        #expect(box.layer.presentation()?.opacity == 0)
    }

    @Test func aCommitWithoutABlockIsReported() {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        UIView.commitAnimations()
        UIView.setAnimationDuration(3)
        #expect(reports.contains { $0.contains("commitAnimations") })
    }
}
