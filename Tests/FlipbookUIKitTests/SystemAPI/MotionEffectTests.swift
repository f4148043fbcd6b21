import Foundation
import Testing
import TestSupport
import Flipbook

/// UIMotionEffect, UIInterpolatingMotionEffect, UIMotionEffectGroup and UIView's motion
/// effects (issue 25 E, part 2).
@Suite(.freshRuntime) @MainActor struct MotionEffectTests {
    @Test func interpolatingEffectsAnswerAlongTheirAxis() {
        let horizontal = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        #expect(horizontal.keyPathsAndRelativeValues(forViewerOffset: .zero) == nil)   // no values yet
        horizontal.minimumRelativeValue = -20
        horizontal.maximumRelativeValue = 20.0
        func value(_ e: UIMotionEffect, _ h: CGFloat, _ v: CGFloat) -> CGFloat? {
            e.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: h, vertical: v))?.values.first as? CGFloat
        }
        #expect(value(horizontal, 0, 0) == 0)
        #expect(value(horizontal, 1, -1) == 20)
        #expect(value(horizontal, -0.5, 1) == -10)
        #expect(value(horizontal, 3, 0) == 20)                 // clamped
        let vertical = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
        vertical.minimumRelativeValue = NSNumber(value: 0)
        vertical.maximumRelativeValue = NSNumber(value: 10)
        #expect(value(vertical, 1, 0) == 5)
        let group = UIMotionEffectGroup()
        group.motionEffects = [horizontal, vertical]
        let both = group.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: 1))
        #expect(both?["center.x"] as? CGFloat == 20 && both?["center.y"] as? CGFloat == 10)
        #expect(UIMotionEffect().keyPathsAndRelativeValues(forViewerOffset: .zero) == nil)
        #expect(UIInterpolatingMotionEffect.EffectType.tiltAlongVerticalAxis.rawValue == 1)
    }

    @Test func viewsKeepTheirEffectsAndStayPut() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let card = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        root.view.addSubview(card)
        let effect = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        effect.minimumRelativeValue = -30
        effect.maximumRelativeValue = 30
        card.addMotionEffect(effect)
        card.addMotionEffect(effect)
        #expect(card.motionEffects.count == 1)
        app.advance(by: 0.5)
        #expect(card.layer.presentation()?.position == CGPoint(x: 60, y: 70))   // viewer offset zero: no motion
        card.removeMotionEffect(effect)
        #expect(card.motionEffects.isEmpty)
    }
}
