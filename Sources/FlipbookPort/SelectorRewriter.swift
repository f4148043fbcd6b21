import SwiftSyntax

/// A `#selector(…)` read: the method's base name and, when the selector spells them, its
/// argument labels (`_` for an unlabelled argument).
struct SelectorReference {
    var name: String
    /// Nil for a bare `#selector(handlePan)`: the labels come from the folder's declarations.
    var labels: [String]?
    /// `getter` or `setter` for `#selector(getter: …)`.
    var accessor: String?

    init?(_ macro: MacroExpansionExprSyntax) {
        guard macro.macroName.text == "selector", let argument = macro.arguments.first else { return nil }
        accessor = argument.label?.text
        let reference: DeclReferenceExprSyntax
        if let ref = argument.expression.as(DeclReferenceExprSyntax.self) {
            reference = ref
        } else if let member = argument.expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
        } else {
            return nil
        }
        name = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map { $0.name.text } }
    }
}

/// Target-action with `#selector` becomes Flipbook's closure form (docs/Porting.md): the same
/// target, and a closure that receives the target first and the selector's arguments after it.
final class SelectorRewriter: IndexedFileVisitor {
    /// Calls whose unlabelled first argument is the target.
    static let targetFirstCalls: Set<String> = ["addTarget", "removeTarget", "addObserver"]

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector" else { return .visitChildren }
        let argument = node.parent?.as(LabeledExprSyntax.self)
        let call = argument?.parent?.parent?.as(FunctionCallExprSyntax.self)
        let callName = call?.calledExpression.calledName
        // `responds(to:)` belongs to the optional-requirement rewrite, `perform(_:)` and
        // `cancelPreviousPerformRequests` to `TimeRewriter` and Unportable.
        if callName == "responds" || callName == "perform" || callName?.hasPrefix("performSelector") == true
            || callName == "cancelPreviousPerformRequests"
        {
            return .skipChildren
        }
        guard let call, let label = argument?.label?.text, label == "action" || label == "selector",
            call.arguments.contains(where: { $0.label?.text == "target" })
                || (Self.targetFirstCalls.contains(callName ?? "") && call.arguments.first?.label == nil)
        else {
            file.issue(
                at: node,
                "`\(node.oneLine)` outside a target-action call: selectors need the Objective-C runtime; "
                    + "pass a closure (docs/Porting.md, Target-action)")
            return .skipChildren
        }
        // The folder's own API taking a `Selector`: its call sites port only with it (by hand).
        let isInit = callName?.first?.isUppercase == true || call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "init"
        let callLabels = call.arguments.map { $0.label?.text ?? "_" }
        if let callName,
            let site = index.selectorParameters["\(isInit ? "init" : callName)|\(label)"]?.first(where: { $0.accepts(callLabels) })
        {
            file.issue(
                at: node,
                "`\(node.oneLine)` is passed to `\(callName)`, which these files declare with a `Selector` parameter "
                    + "(\(site.path):\(site.line)): change that parameter to a closure (`(Target) -> Void`), then port again; "
                    + "both are left as they are")
            return .skipChildren
        }
        let target = call.arguments.first { $0.label?.text == "target" } ?? call.arguments.first
        if target?.expression.is(NilLiteralExprSyntax.self) == true {
            file.issue(
                at: node,
                "`\(node.oneLine)` with a nil target goes up the responder chain, which needs selectors: "
                    + "name the target and pass a closure (docs/Porting.md, Target-action)")
            return .skipChildren
        }
        guard let reference = SelectorReference(node) else {
            file.issue(at: node, "`\(node.oneLine)`: the porter reads `#selector(method)` and `#selector(method(_:))` only; write the closure by hand")
            return .skipChildren
        }
        if let accessor = reference.accessor {
            file.issue(
                at: node,
                "`\(node.oneLine)` names a property's \(accessor), which only Objective-C can call: "
                    + "pass a closure that \(accessor == "getter" ? "reads" : "sets") the property")
            return .skipChildren
        }
        let targetIsSelf = target?.expression.trimmedDescription == "self"
        guard let labels = labels(of: reference, at: node, targetIsSelf: targetIsSelf) else { return .skipChildren }
        guard labels.count <= 2 else {
            file.issue(
                at: node,
                "`\(node.oneLine)` takes \(labels.count) arguments; a target-action closure receives the target, "
                    + "the sender and the event only")
            return .skipChildren
        }
        let arguments = labels.enumerated().map { i, label in (label == "_" ? "" : "\(label): ") + "$\(i + 1)" }
        let closure = "{ $0.\(reference.name)(\(arguments.joined(separator: ", "))) }"
        file.replace(node, with: closure)
        file.change(.selector, at: node, "`\(node.oneLine)` -> `\(closure)`")
        return .skipChildren
    }

    /// The labels the selector spells, or those of the one method of that name in the folder.
    private func labels(of reference: SelectorReference, at node: MacroExpansionExprSyntax, targetIsSelf: Bool) -> [String]? {
        if let labels = reference.labels { return labels }
        let declared = index.functions[reference.name] ?? []
        if declared.count == 1 { return declared.first! }
        // Declared with other labels elsewhere: the target's own type (and its superclasses in
        // the folder) may still have one form only.
        if declared.count > 1, targetIsSelf, let type = Self.enclosingType(of: node) {
            var current: String? = type
            var seen: Set<String> = []
            while let name = current, seen.insert(name).inserted {
                if let forms = index.typeFunctions[name]?[reference.name] {
                    if forms.count == 1 { return forms.first! }
                    break
                }
                current = index.superclass(of: name)
            }
        }
        if declared.isEmpty {
            file.issue(
                at: node,
                "`\(node.oneLine)`: no method named `\(reference.name)` in the ported files, so its arguments are "
                    + "unknown; write the closure by hand (`{ $0.\(reference.name)() }` or `{ $0.\(reference.name)($1) }`)")
        } else {
            let forms = declared.map { "\(reference.name)(\($0.map { "\($0):" }.joined()))" }.sorted()
            file.issue(
                at: node,
                "`\(node.oneLine)` is ambiguous: `\(reference.name)` is declared as \(forms.joined(separator: " and ")); "
                    + "spell the one meant, e.g. `#selector(\(forms[0]))`")
        }
        return nil
    }

    /// The class or extension a `#selector(name)` with `self` as target is written in.
    static func enclosingType(of node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let p = parent {
            if let c = p.as(ClassDeclSyntax.self) { return c.name.text }
            if let e = p.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
            if p.is(StructDeclSyntax.self) || p.is(EnumDeclSyntax.self) { return nil }
            parent = p.parent
        }
        return nil
    }

    // MARK: Other Objective-C selectors

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "Selector" || name == "NSSelectorFromString"
        {
            file.issue(
                at: node,
                "`\(name)(…)` names a method by string, which only the Objective-C runtime can call: pass a closure")
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // A `Selector?` parameter (`override init(target: Any?, action: Selector?)` in a recognizer
        // subclass) compiles: Flipbook's `Selector` is uninhabited, so only `nil` is ever passed.
        let optionalParameter = node.parent?.is(OptionalTypeSyntax.self) == true
            && node.parent?.parent?.is(FunctionParameterSyntax.self) == true
        if node.name.text == "Selector", !optionalParameter {
            file.issue(
                at: node,
                "a `Selector` value needs the Objective-C runtime: store a closure (e.g. `(Target) -> Void`) instead")
        }
        return .visitChildren
    }
}
