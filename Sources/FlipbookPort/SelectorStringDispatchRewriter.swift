import SwiftSyntax

/// A method chosen by a name built at run time and called if the object has it:
///
/// ```swift
/// let effectFunc = Selector("\(effectName)Load")
/// if responds(to: effectFunc) {
///     perform(effectFunc)
/// }
/// ```
///
/// Without the Objective-C runtime no name can be looked up, but the methods it can reach are
/// the type's own methods without parameters whose names fit the string's fixed part (here every
/// `func …Load()` of the type, in its body and extensions). The two statements become a `switch`
/// over the same string with one case per such method, which calls what the runtime would have
/// (docs/Porting.md, "Objective-C runtime"). Only for a string with a fixed prefix or suffix, a
/// receiver that is `self`, and at least one such method; anything else stays reported.
final class SelectorStringDispatchRewriter: FileVisitor {
    private let index: PortIndex

    init(file: FileRewrite, index: PortIndex) {
        self.index = index
        super.init(file: file)
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let items = Array(node)
        for (k, item) in items.enumerated() where k + 1 < items.count {
            guard let declaration = item.item.as(VariableDeclSyntax.self),
                let (name, string) = Self.selectorConstant(declaration),
                let condition = items[k + 1].item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                    ?? items[k + 1].item.as(IfExprSyntax.self),
                Self.isRespondsThenPerform(condition, name: name),
                let type = Self.enclosingTypeName(of: node),
                let methods = candidates(in: type, matching: string), !methods.isEmpty
            else { continue }
            // No other use of the constant in the block.
            let uses = node.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .identifier(name) }
            guard uses.count == 3 else { continue }
            let indent = file.source.indentation(at: file.source.start(item))
            var text = "switch \(string.trimmedDescription) {\n"
            for method in methods { text += "\(indent)case \"\(method)\": \(method)()\n" }
            text += "\(indent)default: break\n\(indent)}"
            let range = file.source.start(item)..<file.source.end(items[k + 1])
            file.add(SourceEdit(range: range, replacement: text))
            file.claim(range)
            file.change(
                .selector, at: item,
                "`Selector(\(string.trimmedDescription))` sent to `self` when it responds -> a `switch` calling "
                    + methods.map { "`\($0)()`" }.joined(separator: ", ") + " by name")
        }
        return .visitChildren
    }

    /// `let x = Selector(<string>)` or `NSSelectorFromString(<string>)`: its name and the string.
    static func selectorConstant(_ node: VariableDeclSyntax) -> (String, StringLiteralExprSyntax)? {
        guard node.bindingSpecifier.tokenKind == .keyword(.let), node.bindings.count == 1, let binding = node.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            callee == "Selector" || callee == "NSSelectorFromString", call.arguments.count == 1,
            let string = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return (name, string)
    }

    /// `if [self.]responds(to: name) { [_ =] [self.]perform(name) }` and nothing else.
    static func isRespondsThenPerform(_ node: IfExprSyntax, name: String) -> Bool {
        guard node.elseBody == nil, node.conditions.count == 1,
            let test = node.conditions.first?.condition.as(ExprSyntax.self)?.as(FunctionCallExprSyntax.self),
            isSelfCall(test, "responds", label: "to", argument: name),
            node.body.statements.count == 1, let statement = node.body.statements.first
        else { return false }
        var expression = statement.item.as(ExprSyntax.self)
        if let assignment = statement.item.as(SequenceExprSyntax.self), assignment.elements.count == 3,
            assignment.elements.first?.is(DiscardAssignmentExprSyntax.self) == true
        {
            expression = assignment.elements.last
        }
        guard let perform = expression?.as(FunctionCallExprSyntax.self) else { return false }
        return isSelfCall(perform, "perform", label: nil, argument: name)
    }

    private static func isSelfCall(_ call: FunctionCallExprSyntax, _ method: String, label: String?, argument: String) -> Bool {
        let callee = call.calledExpression
        let onSelf: Bool
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            onSelf = reference.baseName.text == method
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            onSelf = member.declName.baseName.text == method && member.base?.trimmedDescription == "self"
        } else {
            onSelf = false
        }
        guard onSelf, call.arguments.count == 1, let only = call.arguments.first else { return false }
        return only.label?.text == label && only.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == argument
    }

    /// The class or extension the code is in.
    static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var current: Syntax? = Syntax(node)
        while let n = current {
            if let c = n.as(ClassDeclSyntax.self) { return c.name.text }
            if let e = n.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
            current = n.parent
        }
        return nil
    }

    /// The type's methods without parameters whose names the string can spell: its fixed text
    /// before the first interpolation is a prefix and after the last one a suffix. Nil when the
    /// string has no fixed part (any method would fit).
    private func candidates(in type: String, matching string: StringLiteralExprSyntax) -> [String]? {
        var prefix = "", suffix = "", seenInterpolation = false
        for segment in string.segments {
            if let text = segment.as(StringSegmentSyntax.self)?.content.text {
                if seenInterpolation { suffix += text } else { prefix += text }
            } else {
                seenInterpolation = true
                suffix = ""
            }
        }
        if !seenInterpolation { return [prefix] .filter { index.typeFunctions[type]?[$0]?.contains([]) == true } }
        guard !prefix.isEmpty || !suffix.isEmpty, let table = index.typeFunctions[type] else { return nil }
        return table.filter { name, labels in
            labels.contains([]) && name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
        }.keys.sorted()
    }
}
