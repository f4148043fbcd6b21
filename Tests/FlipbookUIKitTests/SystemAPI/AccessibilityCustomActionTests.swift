import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// A cell whose custom actions come from its own state when it has some, as swipe-cell
/// libraries offer their swipe actions to VoiceOver.
@MainActor final class ActionCell: UITableViewCell {
    var offered: [String] = []
    var performed: [String] = []

    override var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get {
            guard !offered.isEmpty else { return super.accessibilityCustomActions }
            return offered.compactMap { NamedCellAction(title: $0, target: self, selector: { $0.perform(action: $1) }) }
        }
        set { super.accessibilityCustomActions = newValue }
    }

    func perform(action: NamedCellAction) -> Bool {
        performed.append(action.title)
        return true
    }
}

/// A custom action that keeps what it stands for, made through the target-action initialiser.
@MainActor final class NamedCellAction: UIAccessibilityCustomAction {
    let title: String

    init?(title: String?, target: ActionCell, selector: @escaping @MainActor (ActionCell, NamedCellAction) -> Bool) {
        guard let title, !title.isEmpty else { return nil }
        self.title = title
        super.init(name: title, target: target, selector: selector)
    }
}

@MainActor final class ActionTarget {
    var calls = 0
    func archive() -> Bool {
        calls += 1
        return true
    }
    func archive(_ action: UIAccessibilityCustomAction) -> Bool {
        calls += 10
        return action.name == "Archive"
    }
}

/// A floating button that lists its items as elements only while open (Floaty's override).
private final class FloatingButton: UIView {
    var closed = true
    let items = [UIView(), UIView()]
    override var accessibilityElements: [Any]? {
        get { closed ? [self] : [self] + items }
        set { super.accessibilityElements = newValue }
    }
}

@Suite(.freshRuntime) @MainActor struct AccessibilityCustomActionTests {
    @Test func aViewOverridesItsElementsAndAnNSObjectReferenceReachesTheOverride() {
        let button = FloatingButton()
        #expect(button.accessibilityElementCount() == 1)
        button.closed = false
        let object: NSObject = button
        #expect(object.accessibilityElements?.count == 3, "through NSObject, the override answers")
        #expect(button.index(ofAccessibilityElement: button.items[1]) == 2)
        let plain = UIView()
        plain.accessibilityElements = [button]
        #expect((plain as NSObject).accessibilityElements?.count == 1 && plain.accessibilityElementCount() == 1)
        #expect(UIColor.groupTableViewBackground == UIColor.systemGroupedBackground)
    }

    @Test func aTargetActionCallsTheTargetAndHoldsItWeakly() {
        var target: ActionTarget? = ActionTarget()
        let bare = UIAccessibilityCustomAction(name: "Archive", target: target, selector: { $0.archive() })
        let withSender = UIAccessibilityCustomAction(name: "Archive", target: target, selector: { $0.archive($1) })
        #expect(bare.name == "Archive" && bare.attributedName.string == "Archive" && bare.image == nil)
        #expect(bare.target === target && bare.selector == nil && bare.actionHandler == nil)
        #expect(bare.perform() && target?.calls == 1)
        #expect(withSender.perform() && target?.calls == 11)
        target = nil
        #expect(bare.target == nil && !bare.perform())      // the target is gone: nothing to call
    }

    @Test func aHandlerPerformsTheAction() {
        var names: [String] = []
        let action = UIAccessibilityCustomAction(name: "Delete") { action in
            names.append(action.name)
            return false
        }
        #expect(!action.perform() && names == ["Delete"])
        let image = UIImage(systemName: "trash")
        let attributed = UIAccessibilityCustomAction(
            attributedName: NSAttributedString(string: "Flag", attributes: [.foregroundColor: UIColor.red])
        ) { _ in true }
        #expect(attributed.name == "Flag" && attributed.perform())
        let imaged = UIAccessibilityCustomAction(name: "Trash", image: image) { _ in true }
        #expect(imaged.image === image)
        imaged.name = "Bin"
        #expect(imaged.attributedName.string == "Bin")
    }

    @Test func aCellOverridesItsActionsAndFallsBackToWhatWasSet() {
        let cell = ActionCell(style: .default, reuseIdentifier: nil)
        #expect(cell.accessibilityCustomActions == nil)
        let stored = UIAccessibilityCustomAction(name: "Stored") { _ in true }
        cell.accessibilityCustomActions = [stored]         // through the override's setter to super
        #expect(cell.accessibilityCustomActions?.first === stored)
        cell.offered = ["Reply", "", "Delete"]
        let actions = cell.accessibilityCustomActions ?? []
        #expect(actions.map(\.name) == ["Reply", "Delete"])
        #expect(actions.allSatisfy { $0.perform() })
        #expect(cell.performed == ["Reply", "Delete"])
        // An NSObject reference to the cell reaches the override.
        let object: NSObject = cell
        #expect(object.accessibilityCustomActions?.count == 2)
    }

    @Test func controllersAndPlainObjectsKeepTheirActions() {
        let controller = UIViewController()
        controller.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Close") { _ in true }]
        #expect(controller.accessibilityCustomActions?.map(\.name) == ["Close"])
        let element = NSObject()
        #expect(element.accessibilityCustomActions == nil)
        element.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Open") { _ in true }]
        #expect(element.accessibilityCustomActions?.map(\.name) == ["Open"])
        let view = UIView()
        (view as NSObject).accessibilityCustomActions = []
        #expect(view.accessibilityCustomActions?.isEmpty == true)
    }
}
