import Foundation
import Testing
import TestSupport
import Flipbook

/// A gauge layer as iOS code writes it (`@NSManaged var level: CGFloat`, ported to a computed
/// property over the key-value storage), redrawn when "level" changes.
private final class GaugeLayer: CALayer {
    static var drawnLevels: [CGFloat] = []
    var level: CGFloat {
        get { value(forKey: "level") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) {
        GaugeLayer.drawnLevels.append(level)
        ctx.setFillColor(UIColor.systemBlue.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: level, height: bounds.height))
    }
}

private final class GaugeView: UIView {
    override class var layerClass: AnyClass { GaugeLayer.self }
}

/// A layer class that only says "level" needs display; its view draws.
private final class LevelLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
}

private final class DrawingView: UIView {
    override class var layerClass: AnyClass { LevelLayer.self }
    override func draw(_ rect: CGRect) {
        UIColor.systemRed.setFill()
        UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

/// A view's backing layer with a custom key animates it and redraws its presentation layer
/// (issue 37; docs/Semantics.md, "Custom layer keys").
@Suite(.freshRuntime) @MainActor struct CustomLayerKeyViewTests {
    @Test func aViewBackedLayerDrawsItsAnimatedCustomKey() {
        let view = GaugeView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        let gauge = view.layer as! GaugeLayer
        gauge.level = 80  // the view answers NSNull: no implicit animation, as on iOS
        #expect(gauge.animation(forKey: "level") == nil)
        #expect(gauge.needsDisplay())
        let a = CABasicAnimation(keyPath: "level")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        gauge.add(a, forKey: "fill")
        MediaClock.main.advance(by: 0.3)
        GaugeLayer.drawnLevels = []
        let shown = gauge.presentation()
        #expect(abs((shown?.level ?? .nan) - 30) < 1e-9)
        #expect(GaugeLayer.drawnLevels.count == 1 && abs(GaugeLayer.drawnLevels[0] - 30) < 1e-9)
        #expect(gauge.level == 80)
    }

    @Test func aViewThatDrawsItselfDrawsIntoTheRedrawnPresentationLayer() {
        let view = DrawingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.layer.add({
            let a = CABasicAnimation(keyPath: "level")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 1
            return a
        }(), forKey: "l")
        MediaClock.main.advance(by: 0.5)
        let shown = view.layer.presentation()
        // The copy was redrawn (the animated key needs display) with the view's own drawing,
        // not left blank.
        #expect(shown?.drawnContent?.commands.isEmpty == false)
    }
}
