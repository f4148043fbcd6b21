import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// UIStepper: defaults and range rules, taps on − and + through the touch pipeline, holding to
/// repeat, wrapping, the non-continuous mode, and the drawing (a quantity picker).
@Suite(.freshRuntime) @MainActor struct StepperTests {
    @Test func defaultsAndSize() {
        let stepper = UIStepper()
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(!stepper.wraps && stepper.autorepeat && stepper.isContinuous)
        #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        #expect(UIStepper(frame: CGRect(x: 3, y: 4, width: 10, height: 10)).frame == CGRect(x: 3, y: 4, width: 94, height: 32))
    }

    @Test func theValueStaysInRangeAndBadRangesAreReported() {
        let stepper = UIStepper()
        var sent = 0
        stepper.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        stepper.value = 150
        #expect(stepper.value == 100)
        stepper.value = -3
        #expect(stepper.value == 0)
        stepper.value = 50
        stepper.maximumValue = 20
        #expect(stepper.value == 20)
        stepper.minimumValue = 10
        stepper.value = 12
        stepper.minimumValue = 15
        #expect(stepper.value == 15)
        let reports = FlipbookDiagnostics.capture {
            stepper.minimumValue = 50            // above the maximum
            stepper.maximumValue = 1             // below the minimum
            stepper.stepValue = 0
            stepper.value = .nan
        }
        #expect(reports.count == 4)
        #expect(stepper.minimumValue == 15 && stepper.maximumValue == 20 && stepper.stepValue == 1 && stepper.value == 15)
        #expect(sent == 0)
    }

    /// A stepper at (40, 200): its − half is x 40…87, its + half x 87…134.
    private func host(_ stepper: UIStepper) -> AppDriver {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        stepper.frame.origin = CGPoint(x: 40, y: 200)
        root.view.addSubview(stepper)
        app.advanceFrames(1)
        return app
    }

    @Test func tapsStepTheValueAndSendValueChanged() {
        let stepper = UIStepper()
        stepper.maximumValue = 2
        let app = host(stepper)
        final class Cart { var counts: [Double] = [] }
        let cart = Cart()
        stepper.addTarget(cart, action: { cart, sender in cart.counts.append(sender.value) }, for: .valueChanged)
        app.tap(at: CGPoint(x: 60, y: 216))                   // − at the minimum: nothing
        app.advanceFrames(1)
        for _ in 0..<3 {                                      // + three times: 1, 2, then at the maximum
            app.tap(at: CGPoint(x: 110, y: 216))
            app.advanceFrames(1)
        }
        app.tap(at: CGPoint(x: 60, y: 216))
        app.advanceFrames(1)
        #expect(cart.counts == [1, 2, 1])
        stepper.wraps = true
        stepper.value = 2
        app.tap(at: CGPoint(x: 110, y: 216))                  // wraps to the minimum
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 60, y: 216))                   // and back to the maximum
        app.advanceFrames(1)
        #expect(cart.counts == [1, 2, 1, 0, 2])
    }

    @Test func holdingRepeatsAfterHalfASecond() {
        let stepper = UIStepper()
        let app = host(stepper)
        var values: [Double] = []
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        let finger = app.touchDown(at: CGPoint(x: 110, y: 216))
        app.advance(by: 0.4)
        #expect(values == [1])
        app.advance(by: 0.45)                                 // repeats at 0.5, 0.6, 0.7, 0.8
        finger.lift()
        app.advance(by: 0.5)
        #expect(values == [1, 2, 3, 4, 5])
        stepper.autorepeat = false
        let second = app.touchDown(at: CGPoint(x: 110, y: 216))
        app.advance(by: 1)
        second.lift()
        app.advanceFrames(1)
        #expect(values == [1, 2, 3, 4, 5, 6])
    }

    @Test func aNonContinuousStepperSendsOnceWhenTheFingerLifts() {
        let stepper = UIStepper()
        stepper.isContinuous = false
        let app = host(stepper)
        var values: [Double] = []
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        let finger = app.touchDown(at: CGPoint(x: 110, y: 216))
        app.advance(by: 0.78)
        #expect(values.isEmpty && stepper.value == 4)          // 1 at once, then 0.5, 0.6, 0.7
        finger.lift()
        app.advanceFrames(1)
        #expect(values == [4])
    }

    @Test func drawsTheTrackTheDividerAndTheSigns() {
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 110, height: 48))
        stack.backgroundColor = .white
        let stepper = UIStepper(frame: CGRect(x: 8, y: 8, width: 0, height: 0))
        stack.addSubview(stepper)
        stack.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(stack.layer)
        // The minus is dimmed at the minimum, the plus is black.
        let minus = image.pixel(x: 2 * (8 + 23) + 1, y: 2 * 24)
        #expect(minus.r > 150 && minus.r < 230)
        let plus = image.pixel(x: 2 * (8 + 70) + 1, y: 2 * 24 - 6)
        #expect(plus.r < 30)
        let track = image.pixel(x: 2 * 16, y: 2 * 14)
        #expect(track.r > 230 && track.r < 245)
        let outside = image.pixel(x: 2, y: 2)
        #expect(outside.r == 255)
        GoldenImage.assert(image, named: "StepperTests/default", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
