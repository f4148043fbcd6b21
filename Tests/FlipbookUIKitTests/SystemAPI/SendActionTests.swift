import Foundation
import Testing
import TestSupport
import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

private final class Field: UIView {
    override var canBecomeFirstResponder: Bool { true }
}

private final class FormViewController: UIViewController {
    var sent: [String] = []
    func done(_ sender: Any?) { sent.append("done from \(sender.map { "\(type(of: $0))" } ?? "nil")") }
}

private extension UIResponder {
    static weak var found: UIResponder?
    func findFirstResponder() { UIResponder.found = self }
}

/// `UIApplication.sendAction(_:to:from:for:)` in the closure forms the porter writes
/// (`SelectorRewriterTests.sendActionTakesATypedClosure`).
@Suite(.freshRuntime) @MainActor struct SendActionTests {
    /// A form with a field that can become first responder, in a window.
    private static func formWithField() -> (FormViewController, Field, AppDriver) {
        let form = FormViewController()
        let field = Field(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
        form.view.addSubview(field)
        return (form, field, AppDriver(rootViewController: form))
    }

    /// The first-responder idiom: nothing is found until a field is first responder, then the
    /// field itself is.
    @Test func aNilTargetReachesTheFirstResponder() {
        let (_, field, app) = Self.formWithField()
        defer { withExtendedLifetime(app) {} }
        UIResponder.found = nil
        #expect(!UIApplication.shared.sendAction({ (target: UIResponder) in target.findFirstResponder() }, to: nil, from: nil, for: nil))
        #expect(UIResponder.found == nil)
        #expect(field.becomeFirstResponder())
        #expect(UIApplication.shared.sendAction({ (target: UIResponder) in target.findFirstResponder() }, to: nil, from: nil, for: nil))
        #expect(UIResponder.found === field)
    }

    /// Up the chain: the field does not take a form's action, its controller does.
    @Test func theActionGoesUpTheChainToAResponderOfItsType() {
        let (form, field, app) = Self.formWithField()
        defer { withExtendedLifetime(app) {} }
        field.becomeFirstResponder()
        let button = UIButton()
        #expect(UIApplication.shared.sendAction({ (target: FormViewController, sender: Any?) in target.done(sender) }, to: nil, from: button, for: nil))
        #expect(form.sent == ["done from UIButton"])
    }

    /// A given target runs the action when it has the closure's type; another is reported.
    @Test func anExplicitTargetMustBeOfTheActionsType() {
        let form = FormViewController()
        let app = AppDriver(rootViewController: form)
        defer { withExtendedLifetime(app) {} }
        #expect(UIApplication.shared.sendAction({ (target: FormViewController, sender: Any?) in target.done(sender) }, to: form, from: nil, for: nil))
        #expect(form.sent == ["done from nil"])
        var reports: [String] = []
        let handled = FlipbookDiagnostics.capture {
            #expect(!UIApplication.shared.sendAction({ (target: FormViewController) in target.done(nil) }, to: UIView(), from: nil, for: nil))
        }
        reports = handled
        #expect(reports.count == 1 && form.sent.count == 1)
    }
}
