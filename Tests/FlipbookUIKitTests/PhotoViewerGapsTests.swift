import Foundation
import Testing
import TestSupport
import Flipbook

/// A page controller that owns buttons through a weak reference, as a photo viewer's pagination
/// view holds its browser.
@MainActor
private final class Pager {
    var log: [String] = []
    func next() { log.append("next") }
    func tapped(_ sender: UIButton) { log.append("tapped \(sender.currentTitle ?? "")") }
}

/// UIKit API a photo viewer library stopped on: optional targets, label shadows, image and title
/// edge insets, attributed-string measuring.
@MainActor
@Suite(.freshRuntime) struct PhotoViewerGapsTests {
    @Test func aWeaklyHeldTargetCanBePassedAsAnOptional() {
        let pager = Pager()
        weak var owner: Pager? = pager
        let button = UIButton()
        button.setTitle("Next", for: .normal)
        button.addTarget(owner, action: { $0.next() }, for: .touchUpInside)
        button.addTarget(owner, action: { $0.tapped($1) }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(pager.log == ["next", "tapped Next"])
    }

    @Test func aNilTargetRegistersNothingAndIsReported() {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        let none: Pager? = nil
        let button = UIButton()
        button.addTarget(none, action: { $0.next() }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(reports.contains { $0.contains("target is nil") })
    }

    @Test func aLabelShadowIsDrawnBesideTheText() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        root.view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 60))
        label.text = "████"
        label.font = .systemFont(ofSize: 40)
        label.textColor = .white
        root.view.addSubview(label)
        #expect(label.shadowColor == nil)
        #expect(label.shadowOffset == CGSize(width: 0, height: -1))
        app.advanceFrames(1)
        let plain = app.render(scale: 1)
        label.shadowColor = .black
        label.shadowOffset = CGSize(width: 3, height: 3)
        app.advanceFrames(1)
        let shadowed = app.render(scale: 1)
        var darker = 0
        for y in 100..<160 {
            for x in 20..<320 where Int(shadowed.pixel(x: x, y: y).r) + 40 < Int(plain.pixel(x: x, y: y).r) { darker += 1 }
        }
        #expect(darker > 50)
    }

    @Test func edgeInsetsMoveTheImageAndTitleWithoutResizingTheButton() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setTitle("Share", for: .normal)
        button.layoutIfNeeded()
        let title = button.titleLabel!.frame
        let size = button.intrinsicContentSize
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: -10)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame == title.offsetBy(dx: 10, dy: 0))
        #expect(button.intrinsicContentSize == size)
        button.titleEdgeInsets = UIEdgeInsets(top: 4, left: 0, bottom: 0, right: 0)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame == title.offsetBy(dx: 0, dy: 2))
    }

    @Test func attributedStringsMeasureOnOneLineOrWrapped() {
        let font = UIFont.systemFont(ofSize: 17)
        let text = NSAttributedString(
            string: "It has survived not only five centuries, but also the leap into electronic typesetting",
            attributes: [.font: font])
        let single = text.boundingRect(with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), options: [], context: nil)
        let wrapped = text.boundingRect(
            with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil)
        #expect(single.origin == .zero)
        #expect(single.width > 200)
        #expect(abs(single.height - font.lineHeight) < 2)
        #expect(wrapped.width <= 200)
        #expect(wrapped.height > 3 * font.lineHeight - 2)
        #expect(NSStringDrawingOptions.usesLineFragmentOrigin.rawValue == 1 && NSStringDrawingOptions.truncatesLastVisibleLine.rawValue == 32)
        #expect(NSAttributedString(string: "").boundingRect(with: .zero, context: nil) == .zero)
    }
}
