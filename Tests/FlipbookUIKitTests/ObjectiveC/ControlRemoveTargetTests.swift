import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// `removeTarget(_:action:for:)` in the forms `flipbook port` writes and with UIKit's nil action.
@Suite(.freshRuntime) @MainActor struct ControlRemoveTargetTests {
    final class Handler: NSObject {
        var log: [String] = []
        func tapped() { log.append("tapped") }
        func tapped(_ sender: UIButton) { log.append("tapped sender") }
    }

    @Test func eachFormRemovesTheTargetsActionsForTheEvents() {
        let button = UIButton(type: .system)
        let handler = Handler()
        button.addTarget(handler, action: { $0.tapped() }, for: .touchUpInside)
        button.addTarget(handler, action: { $0.tapped($1) }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(handler.log == ["tapped", "tapped sender"])
        button.removeTarget(handler, action: { $0.tapped() }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(handler.log.count == 2, "closures cannot be told apart: the target's actions for the event go")
        button.addTarget(handler, action: { $0.tapped($1) }, for: .touchUpInside)
        button.removeTarget(handler, action: { $0.tapped($1) }, for: .touchUpInside)
        button.addTarget(handler, action: { $0.tapped() }, for: [.touchUpInside, .touchDown])
        button.removeTarget(nil, action: nil, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        #expect(handler.log == ["tapped", "tapped sender", "tapped"], "only .touchDown is left")
    }
}
