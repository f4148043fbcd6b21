import SwiftSyntax

/// A library's own initialiser that takes a target and a `Selector` only to hand them on to
/// UIKit's target-action initialiser: a convenience initialiser on a gesture recognizer
/// (`convenience init(addTo view: UIView, target: Any, action: Selector) { self.init(target:
/// target, action: action); view.addGestureRecognizer(self) }`), or a subclass's designated
/// initialiser (`init?(item: Item, target: Any, selector: Selector)` of a
/// `UIAccessibilityCustomAction` subclass calling `super.init(name:target:selector:)`).
/// Both sides are ported: it becomes two generic initialisers, one per closure form Flipbook's
/// API takes, and its calls' `#selector`s become closures like any target-action call.
enum SelectorWrapper {
    static let recognizers: Set<String> = [
        "UIGestureRecognizer", "UIPanGestureRecognizer", "UITapGestureRecognizer", "UIScreenEdgePanGestureRecognizer",
        "UILongPressGestureRecognizer", "UIPinchGestureRecognizer", "UIRotationGestureRecognizer",
        "UISwipeGestureRecognizer",
    ]

    /// What a UIKit class's target-action initialiser calls its selector parameter and what the
    /// action returns; `sender` names the second closure argument's type (`Self` in an
    /// extension, the class itself in a subclass, where `Self` cannot be a parameter's type).
    struct Family {
        var actionLabel: String
        var result: String
        var sender: String
    }

    /// The family of an initialiser declared in an extension of, or in a direct subclass of, a
    /// UIKit class with target-action initialisers.
    static func family(of initializer: InitializerDeclSyntax) -> Family? {
        func family(for uikit: String, sender: String) -> Family? {
            if recognizers.contains(uikit) { return Family(actionLabel: "action", result: "Void", sender: sender) }
            if uikit == "UIAccessibilityCustomAction" { return Family(actionLabel: "selector", result: "Bool", sender: sender) }
            return nil
        }
        var parent = initializer.parent
        while let p = parent {
            if let ext = p.as(ExtensionDeclSyntax.self) { return family(for: ext.extendedType.trimmedDescription, sender: "Self") }
            if let c = p.as(ClassDeclSyntax.self) {
                guard let first = c.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return nil }
                return family(for: first, sender: c.name.text)
            }
            if p.is(StructDeclSyntax.self) || p.is(EnumDeclSyntax.self) || p.is(ProtocolDeclSyntax.self) { return nil }
            parent = p.parent
        }
        return nil
    }

    /// Whether `decl` is such an initialiser: with a `target: Any` (or `AnyObject`) and a
    /// `Selector` parameter under the family's label, each used only as the argument of the same
    /// label in a call.
    static func forwards(_ decl: DeclSyntax) -> Bool {
        guard let initializer = decl.as(InitializerDeclSyntax.self), let family = family(of: initializer),
            let body = initializer.body
        else { return false }
        let parameters = initializer.signature.parameterClause.parameters
        guard let target = parameters.first(where: { $0.firstName.text == "target" }),
            let action = parameters.first(where: { $0.firstName.text == family.actionLabel }),
            ["Any", "AnyObject"].contains(target.type.trimmedDescription), action.type.trimmedDescription == "Selector"
        else { return false }
        let targetName = (target.secondName ?? target.firstName).text
        let actionName = (action.secondName ?? action.firstName).text
        final class Uses: SyntaxVisitor {
            let names: [String: String]  // parameter name -> the argument label it may be passed as
            var ok = true
            init(_ names: [String: String]) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                guard let label = names[node.baseName.text] else { return .visitChildren }
                let argument = node.parent?.as(LabeledExprSyntax.self)
                if argument?.label?.text != label || argument?.expression.id != ExprSyntax(node).id { ok = false }
                return .visitChildren
            }
        }
        let uses = Uses([targetName: "target", actionName: family.actionLabel])
        uses.walk(body)
        return uses.ok
    }

    /// The initialiser's text with a generic `Target`, `target: Target` and the closure form of
    /// `arguments` (2: `(Target, Self) -> Void`, 1: `(Target) -> Void`; the family's sender and
    /// result types).
    static func rewrite(_ node: InitializerDeclSyntax, text: String, source: PortSource, arguments: Int) -> String? {
        guard node.genericParameterClause == nil, let family = family(of: node) else { return nil }
        let start = source.start(node)
        var edits: [(Range<Int>, String)] = []
        let afterInit = node.optionalMark.map { source.end($0) } ?? source.end(node.initKeyword)
        edits.append((afterInit..<afterInit, "<Target: AnyObject>"))
        for p in node.signature.parameterClause.parameters {
            if p.firstName.text == "target" {
                edits.append((source.range(p.type), "Target"))
            } else if p.firstName.text == family.actionLabel {
                let closure = arguments == 2 ? "(Target, \(family.sender)) -> \(family.result)" : "(Target) -> \(family.result)"
                edits.append((source.range(p.type), "@escaping @MainActor " + closure))
            }
        }
        var result = Array(text.utf8)
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange((range.lowerBound - start)..<(range.upperBound - start), with: Array(replacement.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }
}
