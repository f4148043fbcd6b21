import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// UISegmentedControl: segments and their editing, sizes, taps through the touch pipeline and
/// the `.valueChanged` they send (a tab-like filter above a list, a settings screen's choice).
@Suite(.freshRuntime) @MainActor struct SegmentedControlTests {
    @Test func itemsMakeSegmentsAndTheControlFitsThem() {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        #expect(control.numberOfSegments == 3)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && UISegmentedControl.noSegment == -1)
        #expect(control.titleForSegment(at: 2) == "Three" && control.titleForSegment(at: 3) == nil)
        #expect(control.intrinsicContentSize.height == 32)
        #expect(control.frame.size == control.intrinsicContentSize)
        // Equal widths: three times the widest segment ("Three" plus 12 points each side).
        let equal = control.intrinsicContentSize.width
        #expect(equal.truncatingRemainder(dividingBy: 3) == 0 && equal > 3 * 24)
        control.apportionsSegmentWidthsByContent = true
        #expect(control.intrinsicContentSize.width < equal)
        control.apportionsSegmentWidthsByContent = false
        control.setWidth(100, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 100)
        #expect(control.intrinsicContentSize.width == 100 + equal * 2 / 3)
        let image = UIImage(systemName: "star.fill")
        let mixed = UISegmentedControl(items: ["A", image as Any, 7])
        #expect(mixed.numberOfSegments == 3 && mixed.imageForSegment(at: 1) === image && mixed.titleForSegment(at: 1) == nil)
        #expect(UISegmentedControl(items: nil).numberOfSegments == 0)
        #expect(UISegmentedControl(frame: .zero).intrinsicContentSize == CGSize(width: 0, height: 32))
    }

    @Test func settingTheSelectionInCodeSendsNothing() {
        let control = UISegmentedControl(items: ["A", "B"])
        var sent = 0
        control.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        control.selectedSegmentIndex = 1
        #expect(control.selectedSegmentIndex == 1)
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        #expect(control.selectedSegmentIndex == -1)
        let reports = FlipbookDiagnostics.capture { control.selectedSegmentIndex = 2 }
        #expect(reports.count == 1 && control.selectedSegmentIndex == -1)
        #expect(sent == 0)
    }

    @Test func editingSegmentsKeepsTheSelectedOne() {
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.numberOfSegments == 4 && control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "B")
        control.insertSegment(with: UIImage(systemName: "star"), at: 99, animated: true)   // clamped to the end
        #expect(control.numberOfSegments == 5 && control.imageForSegment(at: 4) != nil)
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1 && control.titleForSegment(at: 1) == "B")
        control.removeSegment(at: 1, animated: true)
        #expect(control.selectedSegmentIndex == -1 && control.numberOfSegments == 3)
        control.setTitle("Q", forSegmentAt: 3 - 1)
        #expect(control.titleForSegment(at: 2) == "Q" && control.imageForSegment(at: 2) == nil)
        control.setImage(UIImage(systemName: "star"), forSegmentAt: 0)
        #expect(control.titleForSegment(at: 0) == nil)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1) && control.isEnabledForSegment(at: 0))
        control.setContentOffset(CGSize(width: 2, height: 1), forSegmentAt: 0)
        #expect(control.contentOffsetForSegment(at: 0) == CGSize(width: 2, height: 1))
        let reports = FlipbookDiagnostics.capture {
            control.setTitle("X", forSegmentAt: 9)
            control.removeSegment(at: -1, animated: false)
            control.setWidth(.nan, forSegmentAt: 0)
        }
        #expect(reports.count == 3)
        control.selectedSegmentIndex = 0
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == -1)
    }

    @Test func titleAttributesAreKeptPerState() {
        let control = UISegmentedControl(items: ["A"])
        #expect(control.titleTextAttributes(for: .normal) == nil)
        control.setTitleTextAttributes([.foregroundColor: UIColor.white, .font: UIFont.systemFont(ofSize: 15)], for: .normal)
        control.setTitleTextAttributes([.foregroundColor: UIColor.black], for: .selected)
        #expect(control.titleTextAttributes(for: .normal)?[.font] is UIFont)
        #expect((control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor) == .black)
        #expect(control.selectedSegmentTintColor == nil && !control.isMomentary && !control.apportionsSegmentWidthsByContent)
        control.selectedSegmentTintColor = .systemBlue
        #expect(control.selectedSegmentTintColor == .systemBlue)
    }

    @Test func appearanceProxiesStyleControlsThatDidNotSetTheirOwn() {
        UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.red], for: .selected)
        UISegmentedControl.appearance().selectedSegmentTintColor = .systemYellow
        let control = UISegmentedControl(items: ["A"])
        let own = UISegmentedControl(items: ["B"])
        own.selectedSegmentTintColor = .black
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        root.view.addSubview(control)
        root.view.addSubview(own)
        app.window.layoutIfNeeded()
        #expect((control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor) == .red)
        #expect(control.titleTextAttributes(for: .normal) == nil)
        #expect(control.selectedSegmentTintColor == .systemYellow && own.selectedSegmentTintColor == .black)
    }

    /// A control 300 wide at (20, 200) with three equal segments: centres at x 70, 170, 270.
    private func host(_ control: UISegmentedControl) -> AppDriver {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        control.frame = CGRect(x: 20, y: 200, width: 300, height: 32)
        root.view.addSubview(control)
        app.advanceFrames(1)
        return app
    }

    @Test func aTapSelectsTheSegmentUnderTheFingerAndSendsValueChanged() {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        control.selectedSegmentIndex = 0
        let app = host(control)
        final class Screen { var log: [String] = [] }
        let screen = Screen()
        control.addTarget(screen, action: { screen, sender in screen.log.append("changed \(sender.selectedSegmentIndex)") }, for: .valueChanged)
        control.addTarget(screen, action: { $0.log.append("up") }, for: .touchUpInside)
        app.tap(at: CGPoint(x: 170, y: 216))
        app.advanceFrames(20)
        #expect(control.selectedSegmentIndex == 1)
        app.tap(at: CGPoint(x: 175, y: 216))                  // the selected segment again: nothing changes
        app.advanceFrames(1)
        control.setEnabled(false, forSegmentAt: 2)
        app.tap(at: CGPoint(x: 270, y: 216))                  // disabled segment
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 60, y: 216))
        app.advanceFrames(1)
        #expect(screen.log == ["changed 1", "up", "up", "up", "changed 0", "up"])
        #expect(control.selectedSegmentIndex == 0)
        // A drag that ends over another segment selects that one.
        let finger = app.touchDown(at: CGPoint(x: 60, y: 216))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 150, y: 220))
        app.advanceFrames(1)
        finger.lift()
        app.advanceFrames(1)
        #expect(control.selectedSegmentIndex == 1 && screen.log.last == "up" && screen.log.dropLast().last == "changed 1")
    }

    @Test func aMomentaryControlSendsEveryTap() {
        let control = UISegmentedControl(items: ["−", "+"])
        control.isMomentary = true
        let app = host(control)
        var taps: [Int] = []
        control.addAction(UIAction { action in taps.append((action.sender as? UISegmentedControl)?.selectedSegmentIndex ?? -9) }, for: .valueChanged)
        app.tap(at: CGPoint(x: 250, y: 216))
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 250, y: 216))
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 40, y: 216))
        app.advanceFrames(1)
        #expect(taps == [1, 1, 0])
    }

    @Test func actionSegmentsRunTheirActionThenSendValueChanged() {
        var log: [String] = []
        let actions = ["List", "Grid"].map { title in UIAction(title: title) { _ in log.append("action \(title)") } }
        let control = UISegmentedControl(frame: .zero, actions: actions)
        #expect(control.numberOfSegments == 2 && control.titleForSegment(at: 1) == "Grid")
        #expect(control.frame.size == control.intrinsicContentSize)
        #expect(control.segmentIndex(identifiedBy: actions[1].identifier) == 1)
        #expect(control.actionForSegment(at: 0) === actions[0])
        control.addAction(UIAction { _ in log.append("changed") }, for: .valueChanged)
        let app = host(control)
        app.tap(at: CGPoint(x: 250, y: 216))
        app.advanceFrames(1)
        #expect(log == ["action Grid", "changed"])
        #expect(control.selectedSegmentIndex == 1)
    }

    @Test func drawsTheTrackAndTheSelectedPill() {
        let stack = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 88))
        stack.backgroundColor = .white
        let plain = UISegmentedControl(items: ["First", "Second", "Third"])
        plain.selectedSegmentIndex = 1
        plain.frame = CGRect(x: 12, y: 6, width: 216, height: 32)
        stack.addSubview(plain)
        let tinted = UISegmentedControl(items: ["Map", "Transit", UIImage(systemName: "star.fill") as Any])
        tinted.selectedSegmentIndex = 0
        tinted.selectedSegmentTintColor = .systemBlue
        tinted.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        tinted.frame = CGRect(x: 12, y: 50, width: 216, height: 32)
        stack.addSubview(tinted)
        stack.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(stack.layer)
        // The plain control's segments are 72 wide: the middle one's pill spans x 86...154.
        let track = image.pixel(x: 2 * 30, y: 2 * 10)            // first segment, above its title
        #expect(track.r > 230 && track.r < 245 && track.b > track.r - 1)
        let pill = image.pixel(x: 2 * 95, y: 2 * 10)             // the pill, above "Second"
        #expect(pill.r == 255 && pill.g == 255 && pill.b == 255)
        let outside = image.pixel(x: 2 * 4, y: 2 * 20)
        #expect(outside.r == 255)
        let blue = image.pixel(x: 2 * 30, y: 2 * 56)            // the tinted pill
        #expect(blue.b > 200 && blue.r < 60)
        GoldenImage.assert(image, named: "SegmentedControlTests/plain-and-tinted", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
