import SwiftSyntax

/// A library's own convenience initialiser on a gesture recognizer that takes a target and a
/// `Selector` only to hand them on (`convenience init(addTo view: UIView, target: Any, action:
/// Selector) { self.init(target: target, action: action); view.addGestureRecognizer(self) }`).
/// Both sides are ported: it becomes two generic initialisers, one per closure form Flipbook's
/// recognizers take, and its calls' `#selector`s become closures like any target-action call.
enum SelectorWrapper {
    static let recognizers: Set<String> = [
        "UIGestureRecognizer", "UIPanGestureRecognizer", "UITapGestureRecognizer", "UIScreenEdgePanGestureRecognizer",
        "UILongPressGestureRecognizer", "UIPinchGestureRecognizer", "UIRotationGestureRecognizer",
        "UISwipeGestureRecognizer",
    ]

    /// Whether `decl` is such an initialiser: in an extension of a recognizer class, with a
    /// `target: Any` (or `AnyObject`) and an `action: Selector` parameter, each used only as the
    /// argument of the same label in a call.
    static func forwards(_ decl: DeclSyntax) -> Bool {
        guard let initializer = decl.as(InitializerDeclSyntax.self),
            let ext = initializer.ancestorOrSelf(mapping: { $0.as(ExtensionDeclSyntax.self) }),
            recognizers.contains(ext.extendedType.trimmedDescription),
            let body = initializer.body
        else { return false }
        let parameters = initializer.signature.parameterClause.parameters
        guard let target = parameters.first(where: { $0.firstName.text == "target" }),
            let action = parameters.first(where: { $0.firstName.text == "action" }),
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
        let uses = Uses([targetName: "target", actionName: "action"])
        uses.walk(body)
        return uses.ok
    }

    /// The initialiser's text with a generic `Target`, `target: Target` and the closure form of
    /// `arguments` (2: `(Target, Self) -> Void`, 1: `(Target) -> Void`).
    static func rewrite(_ node: InitializerDeclSyntax, text: String, source: PortSource, arguments: Int) -> String? {
        guard node.genericParameterClause == nil else { return nil }
        let start = source.start(node)
        var edits: [(Range<Int>, String)] = []
        let afterInit = node.optionalMark.map { source.end($0) } ?? source.end(node.initKeyword)
        edits.append((afterInit..<afterInit, "<Target: AnyObject>"))
        for p in node.signature.parameterClause.parameters {
            if p.firstName.text == "target" {
                edits.append((source.range(p.type), "Target"))
            } else if p.firstName.text == "action" {
                let closure = arguments == 2 ? "(Target, Self) -> Void" : "(Target) -> Void"
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
