import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// UISwitch: its fixed size, taps that toggle it and send `.valueChanged`, programmatic changes
/// that send nothing, the knob's slide and the iOS drawing.
@Suite(.freshRuntime) @MainActor struct SwitchTests {
    @Test func theSizeIsFixedAt51By31() {
        #expect(UISwitch().frame.size == CGSize(width: 51, height: 31))
        let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        toggle.frame = CGRect(x: 5, y: 6, width: 10, height: 10)
        #expect(toggle.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(toggle.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 51, height: 31))
        #expect(!toggle.isOn && toggle.onTintColor == nil && toggle.thumbTintColor == nil)
        #expect(toggle.preferredStyle == .automatic && toggle.style == .sliding)
    }

    @Test func appearanceProxiesTintSwitches() {
        UISwitch.appearance().onTintColor = .systemPurple
        UISwitch.appearance().thumbTintColor = .systemGray
        let plain = UISwitch()
        let own = UISwitch()
        own.onTintColor = .systemRed
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        root.view.addSubview(plain)
        root.view.addSubview(own)
        app.window.layoutIfNeeded()
        #expect(plain.onTintColor == .systemPurple && plain.thumbTintColor == .systemGray)
        #expect(own.onTintColor == .systemRed && own.thumbTintColor == .systemGray)
    }

    @Test func settingTheValueInCodeSendsNothing() {
        let toggle = UISwitch()
        var sent = 0
        toggle.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        toggle.isOn = true
        #expect(toggle.isOn)
        toggle.setOn(false, animated: true)
        #expect(!toggle.isOn)
        toggle.setOn(true, animated: false)
        #expect(sent == 0)
    }

    @Test func aTapTogglesAndSendsValueChanged() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let toggle = UISwitch(frame: CGRect(x: 100, y: 200, width: 0, height: 0))
        root.view.addSubview(toggle)
        final class Settings { var log: [String] = [] }
        let settings = Settings()
        toggle.addTarget(settings, action: { settings, sender in settings.log.append("on \(sender.isOn)") }, for: .valueChanged)
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 125, y: 215))
        app.advanceFrames(20)
        #expect(toggle.isOn)
        app.tap(at: CGPoint(x: 110, y: 210))
        app.advanceFrames(20)
        // A touch that lifts far away (outside the 70-point slop) does nothing.
        let finger = app.touchDown(at: CGPoint(x: 125, y: 215))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 300, y: 500))
        app.advanceFrames(1)
        finger.lift()
        app.advanceFrames(1)
        toggle.isEnabled = false
        app.tap(at: CGPoint(x: 125, y: 215))
        app.advanceFrames(1)
        #expect(settings.log == ["on true", "on false"])
        #expect(!toggle.isOn)
    }

    @Test func setOnAnimatedSlidesTheKnob() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let toggle = UISwitch(frame: CGRect(x: 100, y: 200, width: 0, height: 0))
        root.view.addSubview(toggle)
        app.advanceFrames(1)
        let knob = toggle.subviews.first { $0.bounds.width == 27 }
        #expect(knob?.frame.minX == 2)
        toggle.setOn(true, animated: true)
        #expect(knob?.frame.minX == 22)                       // the model is at the end at once
        app.advance(by: 0.12)
        let x = knob?.layer.presentation()?.frame.minX ?? -1
        #expect(x > 4 && x < 20)
        app.advance(by: 0.3)
        #expect(knob?.layer.presentation()?.frame.minX == 22)
    }

    @Test func drawsOffOnAndTintedSwitches() {
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 47))
        stack.backgroundColor = .white
        let off = UISwitch(frame: CGRect(x: 8, y: 8, width: 0, height: 0))
        let on = UISwitch(frame: CGRect(x: 74, y: 8, width: 0, height: 0))
        on.isOn = true
        let tinted = UISwitch(frame: CGRect(x: 140, y: 8, width: 0, height: 0))
        tinted.isOn = true
        tinted.onTintColor = .systemOrange
        tinted.thumbTintColor = .black
        for s in [off, on, tinted] { stack.addSubview(s) }
        stack.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(stack.layer)
        // Off: the light grey track right of the knob (120,120,128 at 16% over white).
        let offTrack = image.pixel(x: 2 * 50, y: 2 * 23)
        #expect(offTrack.r > 228 && offTrack.r < 238)
        // On: iOS green (#34C759) left of the knob, the white knob on the right.
        let green = image.pixel(x: 2 * 84, y: 2 * 23)
        #expect(abs(Int(green.r) - 52) <= 2 && abs(Int(green.g) - 199) <= 2 && abs(Int(green.b) - 89) <= 2)
        let knob = image.pixel(x: 2 * 110, y: 2 * 23)
        #expect(knob.r == 255 && knob.g == 255 && knob.b == 255)
        let blackKnob = image.pixel(x: 2 * 176, y: 2 * 23)
        #expect(blackKnob.r < 10)
        GoldenImage.assert(image, named: "SwitchTests/off-on-tinted", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
