// UIKit's standard controls (segmented control, switch, progress view, stepper) as library demo
// screens and settings pages use them, compiled in the Swift 5 language mode. Target-action is
// in the form `flipbook port` writes `#selector(...)`: `{ $0.method($1) }`. Only the import and
// those closures differ from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A demo screen's options panel: a style picker, a toggle, a download bar and a count.
final class ControlsOptionsViewController: UIViewController {
    let stylePicker = UISegmentedControl(items: ["Fade", "Slide", "Zoom"])
    let iconPicker = UISegmentedControl(items: [UIImage(systemName: "list.bullet") as Any, UIImage(systemName: "square.grid.2x2") as Any])
    let toggle = UISwitch()
    let progressView = UIProgressView(progressViewStyle: .default)
    let stepper = UIStepper()
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        stylePicker.selectedSegmentIndex = 0
        stylePicker.addTarget(self, action: { $0.styleChanged($1) }, for: .valueChanged)
        stylePicker.setTitleTextAttributes([NSAttributedString.Key.foregroundColor: UIColor.white], for: .selected)
        if #available(iOS 13.0, *) {
            stylePicker.selectedSegmentTintColor = .systemBlue
        } else {
            stylePicker.tintColor = .systemBlue
        }
        stylePicker.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stylePicker)
        iconPicker.selectedSegmentIndex = UISegmentedControl.noSegment
        iconPicker.setWidth(60, forSegmentAt: 1)
        iconPicker.apportionsSegmentWidthsByContent = true
        view.addSubview(iconPicker)

        toggle.isOn = true
        toggle.onTintColor = UIColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        toggle.thumbTintColor = .white
        toggle.addTarget(self, action: { $0.toggled() }, for: .valueChanged)
        view.addSubview(toggle)

        progressView.progressTintColor = .systemGreen
        progressView.trackTintColor = UIColor.lightGray.withAlphaComponent(0.3)
        progressView.setProgress(0.25, animated: false)
        view.addSubview(progressView)

        stepper.minimumValue = 1
        stepper.maximumValue = 10
        stepper.stepValue = 1
        stepper.value = 3
        stepper.wraps = false
        stepper.autorepeat = true
        stepper.isContinuous = true
        stepper.addTarget(self, action: { $0.stepperChanged($1) }, for: .valueChanged)
        view.addSubview(stepper)

        NSLayoutConstraint.activate([
            stylePicker.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
            stylePicker.centerXAnchor.constraint(equalTo: view.centerXAnchor),
        ])
    }

    func styleChanged(_ sender: UISegmentedControl) {
        log.append("style \(sender.titleForSegment(at: sender.selectedSegmentIndex) ?? "")")
    }

    func toggled() { log.append("toggle \(toggle.isOn)") }

    func stepperChanged(_ sender: UIStepper) {
        log.append("count \(Int(sender.value))")
        progressView.setProgress(Float(sender.value / sender.maximumValue), animated: true)
    }
}

/// A segmented control made from actions (iOS 14).
func makeLayoutPicker(onChange: @escaping (String) -> Void) -> UISegmentedControl {
    let list = UIAction(title: "List") { _ in onChange("list") }
    let grid = UIAction(title: "Grid") { _ in onChange("grid") }
    let picker = UISegmentedControl(frame: .zero, actions: [list, grid])
    picker.selectedSegmentIndex = 0
    return picker
}

final class StandardControlsTests: XCTestCase {
    func testTheOptionsPanelSetsItsControlsUp() {
        let controller = ControlsOptionsViewController()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.stylePicker.numberOfSegments, 3)
        XCTAssertEqual(controller.stylePicker.selectedSegmentIndex, 0)
        XCTAssertEqual(controller.iconPicker.selectedSegmentIndex, -1)
        XCTAssertEqual(controller.stylePicker.intrinsicContentSize.height, 32)
        XCTAssertEqual(controller.toggle.frame.size, CGSize(width: 51, height: 31))
        XCTAssertTrue(controller.toggle.isOn)
        XCTAssertEqual(controller.progressView.progress, 0.25)
        XCTAssertEqual(controller.progressView.intrinsicContentSize.height, 4)
        XCTAssertEqual(controller.stepper.value, 3)
        XCTAssertEqual(controller.stepper.intrinsicContentSize, CGSize(width: 94, height: 32))
        // Programmatic changes send nothing.
        XCTAssertEqual(controller.log, [])
        let picker = makeLayoutPicker { _ in }
        XCTAssertEqual(picker.titleForSegment(at: 1), "Grid")
    }
}
