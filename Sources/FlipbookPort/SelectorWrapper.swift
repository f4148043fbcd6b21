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
        /// The UIKit class a subclass's initialiser is in (nil in an extension).
        var superclassName: String?
    }

    /// The `super.init(target: …, action: …)` calls of a body (the family's action label).
    static func superInitCalls(in body: CodeBlockSyntax, actionLabel: String) -> [FunctionCallExprSyntax] {
        final class Calls: SyntaxVisitor {
            let actionLabel: String
            var found: [FunctionCallExprSyntax] = []
            init(_ actionLabel: String) {
                self.actionLabel = actionLabel
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                    member.base?.is(SuperExprSyntax.self) == true, member.declName.baseName.tokenKind == .keyword(.`init`),
                    node.arguments.map({ $0.label?.text ?? "" }) == ["target", actionLabel]
                {
                    found.append(node)
                }
                return .visitChildren
            }
        }
        let calls = Calls(actionLabel)
        calls.walk(body)
        return calls.found
    }

    /// The family of an initialiser declared in an extension of, or in a direct subclass of, a
    /// UIKit class with target-action initialisers.
    static func family(of initializer: InitializerDeclSyntax) -> Family? {
        func family(for uikit: String, sender: String, subclass: Bool) -> Family? {
            let superclassName = subclass ? uikit : nil
            if recognizers.contains(uikit) {
                return Family(actionLabel: "action", result: "Void", sender: sender, superclassName: superclassName)
            }
            if uikit == "UIAccessibilityCustomAction" {
                return Family(actionLabel: "selector", result: "Bool", sender: sender, superclassName: superclassName)
            }
            return nil
        }
        var parent = initializer.parent
        while let p = parent {
            if let ext = p.as(ExtensionDeclSyntax.self) {
                return family(for: ext.extendedType.trimmedDescription, sender: "Self", subclass: false)
            }
            if let c = p.as(ClassDeclSyntax.self) {
                guard let first = c.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return nil }
                return family(for: first, sender: c.name.text, subclass: true)
            }
            if p.is(StructDeclSyntax.self) || p.is(EnumDeclSyntax.self) || p.is(ProtocolDeclSyntax.self) { return nil }
            parent = p.parent
        }
        return nil
    }

    /// Whether `decl` is such an initialiser: with a `target: Any` (or `AnyObject`, or either
    /// Optional) and a `Selector` (or `Selector?`) parameter under the family's label, each used
    /// only as the argument of the same label in a call.
    static func forwards(_ decl: DeclSyntax) -> Bool {
        // An `override init(target:action:)` is UIKit's own initialiser, which compiles as it is.
        guard let initializer = decl.as(InitializerDeclSyntax.self), let family = family(of: initializer),
            let body = initializer.body, !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
        else { return false }
        let parameters = initializer.signature.parameterClause.parameters
        guard let target = parameters.first(where: { $0.firstName.text == "target" }),
            let action = parameters.first(where: { $0.firstName.text == family.actionLabel }),
            ["Any", "AnyObject", "Any?", "AnyObject?"].contains(target.type.trimmedDescription),
            ["Selector", "Selector?"].contains(action.type.trimmedDescription)
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

    /// Whether the initialiser takes the target and the selector as Optionals (`target: Any? =
    /// nil, action: Selector? = nil`): then it is kept beside the generic ones, for the calls that
    /// pass neither (a `Selector?` can only be nil in Flipbook, so it compiles as it is).
    static func takesOptionals(_ node: InitializerDeclSyntax) -> Bool {
        guard let family = family(of: node) else { return false }
        return node.signature.parameterClause.parameters.contains {
            ["target", family.actionLabel].contains($0.firstName.text) && $0.type.is(OptionalTypeSyntax.self)
        }
    }

    /// Whether the type beside `node` already declares the generic forms (the same labels, a
    /// generic clause): the kept original of an earlier port.
    static func hasGenericForms(of node: InitializerDeclSyntax) -> Bool {
        guard let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return false }
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        return members.contains { member in
            guard let other = member.decl.as(InitializerDeclSyntax.self), other.genericParameterClause != nil else { return false }
            return other.signature.parameterClause.parameters.map(\.firstName.text) == labels
        }
    }

    /// The initialiser's text with a generic `Target`, `target: Target` and the closure form of
    /// `arguments` (2: `(Target, Self) -> Void`, 1: `(Target) -> Void`; the family's sender and
    /// result types). Defaults of the two parameters go (a closure has no `nil`). A recognizer
    /// subclass's designated initialiser cannot hand the closure to `super.init(target:action:)`
    /// (Flipbook's closure forms are convenience initialisers, as they must be for subclasses
    /// that override UIKit's designated one to inherit them): it calls `super.init(target: nil,
    /// action: nil)` and then `addTarget(_:action:)`, which is what UIKit's initialiser does.
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
            } else {
                continue
            }
            if let value = p.defaultValue { edits.append((source.end(p.type)..<source.end(value), "")) }
        }
        if recognizers.contains(family.superclassName ?? ""), !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) }),
            let body = node.body
        {
            for call in superInitCalls(in: body, actionLabel: family.actionLabel) {
                let args = call.arguments.map { $0.expression.trimmedDescription }
                let indent = source.indentation(at: source.start(call))
                edits.append((source.range(call), "super.init(target: nil, action: nil)\n\(indent)addTarget(\(args[0]), action: \(args[1]))"))
            }
        }
        var result = Array(text.utf8)
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange((range.lowerBound - start)..<(range.upperBound - start), with: Array(replacement.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }
}
