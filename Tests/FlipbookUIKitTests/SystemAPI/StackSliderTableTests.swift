import Foundation
import Testing
import TestSupport
import Flipbook

@MainActor
private final class Box: UIView {
    var size: CGSize
    init(_ w: CGFloat, _ h: CGFloat) {
        size = CGSize(width: w, height: h)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize { size }
}

/// UIStackView, UISlider and UITableViewController (issue 25 E, part 7).
@Suite(.freshRuntime) @MainActor struct StackSliderTableTests {
    func frames(_ stack: UIStackView) -> [CGRect] {
        stack.layoutIfNeeded()
        return stack.arrangedSubviews.map(\.frame)
    }

    @Test func distributionsShareTheLength() {
        let a = Box(40, 20), b = Box(60, 30), c = Box(100, 10)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
        stack.spacing = 10
        #expect(stack.intrinsicContentSize == CGSize(width: 220, height: 30))
        // .fill: the 80 points left go to the view that hugs least (all equal: the first).
        #expect(frames(stack) == [
            CGRect(x: 0, y: 0, width: 120, height: 50), CGRect(x: 130, y: 0, width: 60, height: 50),
            CGRect(x: 200, y: 0, width: 100, height: 50),
        ])
        b.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        #expect(frames(stack).map(\.width) == [40, 140, 100])
        stack.distribution = .fillEqually
        let third: CGFloat = 280 / 3
        #expect(frames(stack).map(\.width) == [third, third, third])
        stack.distribution = .fillProportionally
        let proportional: [CGFloat] = [56, 84, 140]      // 280 points shared 40 : 60 : 100
        #expect(frames(stack).map(\.width) == proportional)
        stack.distribution = .equalSpacing
        #expect(frames(stack).map(\.minX) == [0, 90, 200])   // gaps of (300 - 200) / 2
        stack.distribution = .equalCentering
        // Centres at 20, 110 (halfway between 20 and 250), 250.
        #expect(frames(stack).map(\.midX) == [20, 135, 250])
    }

    @Test func alignmentAxisAndHiddenViews() {
        let a = Box(40, 20), b = Box(60, 30)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.axis = .vertical
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        stack.alignment = .center
        stack.distribution = .equalSpacing
        #expect(frames(stack) == [CGRect(x: 30, y: 0, width: 40, height: 20), CGRect(x: 20, y: 170, width: 60, height: 30)])
        stack.alignment = .trailing
        #expect(frames(stack).map(\.minX) == [60, 40])
        b.isHidden = true                                   // collapses: a alone
        #expect(frames(stack)[0] == CGRect(x: 60, y: 0, width: 40, height: 20))
        #expect(stack.intrinsicContentSize == CGSize(width: 40, height: 20))
        b.isHidden = false
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.count == 1 && a.superview === stack)
        b.removeFromSuperview()
        #expect(stack.arrangedSubviews.isEmpty)
        stack.insertArrangedSubview(b, at: 0)
        stack.insertArrangedSubview(a, at: 0)
        #expect(stack.arrangedSubviews.map { $0 === a } == [true, false])
    }

    @Test func sliderDragsSendValueChanged() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.value = 25
        root.view.addSubview(slider)
        var values: [Float] = []
        slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
        app.window.layoutIfNeeded()
        // Travel is 228 - 28 = 200 points: value 25 puts the thumb's centre at 20 + 14 + 50 = 84.
        let finger = app.touchDown(at: CGPoint(x: 84, y: 115))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 134, y: 115))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 380, y: 115))            // past the end: clamped
        app.advanceFrames(1)
        finger.lift()
        app.advanceFrames(1)
        #expect(values == [50, 100])
        #expect(slider.value == 100)
        // A touch on the track away from the thumb does nothing.
        app.tap(at: CGPoint(x: 40, y: 115))
        app.advanceFrames(2)
        #expect(values == [50, 100] && slider.value == 100)
        slider.isContinuous = false
        slider.setValue(0, animated: false)
        app.window.layoutIfNeeded()
        let second = app.touchDown(at: CGPoint(x: 34, y: 115))
        app.advanceFrames(1)
        second.move(to: CGPoint(x: 84, y: 115))
        app.advanceFrames(1)
        second.move(to: CGPoint(x: 134, y: 115))
        app.advanceFrames(1)
        second.lift()
        app.advanceFrames(1)
        #expect(values == [50, 100, 50])                     // once, at the end
        let reports = FlipbookDiagnostics.capture { slider.value = .nan }
        #expect(reports.count == 1 && slider.value == 50)
        slider.maximumValue = 10                             // the value follows the range
        #expect(slider.value == 10)
    }

    @Test func tableViewControllerIsItsTablesSourceAndClearsSelection() {
        final class Rows: UITableViewController {
            var selected: [Int] = []
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                selected.append(indexPath.row)
            }
        }
        let rows = Rows(style: .plain)
        let nav = UINavigationController(rootViewController: rows)
        let app = AppDriver(rootViewController: nav)
        #expect(rows.view === rows.tableView)
        #expect(rows.tableView.dataSource === rows && rows.tableView.delegate === rows)
        #expect(rows.tableView.numberOfRows(inSection: 0) == 5)
        #expect(rows.tableView.rectForRow(at: IndexPath(row: 1, section: 0)).height == 60)
        rows.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        nav.pushViewController(UIViewController(), animated: false)
        nav.popViewController(animated: false)
        #expect(rows.tableView.indexPathForSelectedRow == nil)   // cleared on viewWillAppear
        #expect(UITableViewController().tableView.style == .plain)
        withExtendedLifetime(app) {}
    }
}
