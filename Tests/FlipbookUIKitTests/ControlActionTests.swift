import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
final class Presenter {
    var history: [String] = []
    func didPressPresent() { history.append("present") }
    func handle(_ sender: UIButton) { history.append("handle \(sender.currentTitle ?? "")") }
}

@MainActor
@Suite(.freshRuntime) struct ControlActionTests {
    @Test func closureTargetActionIsTheOneLinePort() {
        let p = Presenter()
        let button = UIButton()
        button.setTitle("Present", for: .normal)
        button.addTarget(p, action: { $0.didPressPresent() }, for: .touchUpInside)
        button.addTarget(p, action: { $0.handle($1) }, for: [.touchUpInside, .touchDown])
        button.addAction(UIAction(title: "A") { action in p.history.append("action \(action.title) from \(action.sender === button)") }, for: .primaryActionTriggered)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .valueChanged)
        button.performPrimaryAction()
        #expect(p.history == [
            "present", "handle Present",
            "present", "handle Present", "action A from true",
        ])
    }

    @Test func targetsAreWeakAndRemovable() {
        let button = UIButton(type: .system)
        var count = 0
        do {
            let p = Presenter()
            button.addTarget(p, action: { _ in count += 1 }, for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            #expect(button.allTargets.count == 1)
            // UIKit's `Set<AnyHashable>`: a target is found by itself (an NSObject) or identity.
            let controller = UIViewController()
            button.addTarget(controller, action: { _ in }, for: .touchUpInside)
            #expect(button.allTargets.contains(controller))
            #expect(!button.allTargets.contains(UIViewController()))
            #expect(button.allTargets.count == 2)
        }
        button.sendActions(for: .touchUpInside)
        #expect(count == 1)
        let q = Presenter()
        button.addTarget(q, action: { $0.didPressPresent() }, for: .touchUpInside)
        button.removeTarget(q, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(q.history.isEmpty)
    }

    @Test func actionsReplaceByIdentifierAndRemove() {
        let control = UIControl()
        var log: [String] = []
        let id = UIAction.Identifier("x")
        control.addAction(UIAction(identifier: id) { _ in log.append("first") }, for: .valueChanged)
        control.addAction(UIAction(identifier: id) { _ in log.append("second") }, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        control.removeAction(identifiedBy: id, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(log == ["second"])
    }

    @Test func primaryActionInitialiserAndState() {
        var tapped = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Go") { _ in tapped += 1 })
        #expect(button.currentTitle == "Go")
        button.simulateTap()
        button.isEnabled = false
        button.simulateTap()
        #expect(tapped == 1)
        #expect(button.state == .disabled)
        button.isSelected = true
        #expect(button.state == [.disabled, .selected])
    }

    @Test func buttonTitlesAndColoursPerState() {
        let button = UIButton()
        button.setTitle("Dismiss", for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.setTitleColor(.red, for: .highlighted)
        #expect(button.titleLabel?.text == "Dismiss")
        #expect(button.titleLabel?.textColor == .white)
        button.isHighlighted = true
        #expect(button.titleLabel?.textColor == .red)
        #expect(button.title(for: .highlighted) == "Dismiss")
        #expect(UIButton(type: .system).titleColor(for: .normal) == .systemBlue)
        let size = button.intrinsicContentSize
        #expect(size.width >= 30 && size.height >= 30)
    }
}
