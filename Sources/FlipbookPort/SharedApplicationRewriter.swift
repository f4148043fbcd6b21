import SwiftSyntax

/// Libraries that may be linked into an app extension, where `UIApplication.shared` is
/// unavailable, reach the application object through the Objective-C runtime:
///
/// ```swift
/// let selector = NSSelectorFromString("sharedApplication")
/// guard UIApplication.responds(to: selector),
///       let app = UIApplication.perform(selector)?.takeUnretainedValue() as? UIApplication
/// else { return nil }
/// ```
///
/// Flipbook has no app extensions and no runtime to ask, and its `UIApplication.shared` is always
/// there, so the porter says so directly (docs/Porting.md, "Objective-C runtime"):
/// `UIApplication.responds(to: …)` becomes `true`, `UIApplication.perform(…)` becomes
/// `Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared))` (still an Optional, so the
/// `guard let`/`?.` around it compiles), and a local `let` holding the selector goes when every
/// use of it was one of these calls. The selector may be written `NSSelectorFromString("…")`,
/// `Selector("…")`, `Selector(("…"))` or `#selector(getter: UIApplication.shared)`.
final class SharedApplicationRewriter: FileVisitor {
    static let performReplacement = "Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared))"

    /// References to local selector constants whose declaration this pass removed.
    private var aliases: Set<SyntaxIdentifier> = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.bindingSpecifier.tokenKind == .keyword(.let), node.bindings.count == 1,
            let binding = node.bindings.first, binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == "Selector",
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value, Self.namesSharedApplication(value),
            let block = node.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) })
        else { return .visitChildren }
        // Every later use must be the argument of one of the calls this pass ports.
        let uses = block.tokens(viewMode: .sourceAccurate).filter {
            $0.tokenKind == .identifier(name) && $0.position > node.endPosition
        }
        var references: [SyntaxIdentifier] = []
        for token in uses {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let argument = reference.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                Self.applicationCall(call) != nil
            else { return .visitChildren }
            references.append(reference.id)
        }
        guard !references.isEmpty else { return .visitChildren }
        aliases.formUnion(references)
        let range = file.source.range(node)
        file.claim(range)
        file.remove(range)
        file.change(
            .sharedApplication, at: node,
            "`\(node.oneLine)` removed: Flipbook's `UIApplication.shared` is always there, so nothing asks for it by selector")
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let kind = Self.applicationCall(node), let argument = node.arguments.first?.expression,
            Self.namesSharedApplication(argument)
                || (argument.as(DeclReferenceExprSyntax.self).map { aliases.contains($0.id) } ?? false)
        else { return .visitChildren }
        let replacement = kind == "responds" ? "true" : Self.performReplacement
        file.claim(file.source.range(node))
        file.replace(node, with: replacement)
        file.markHandled(node)
        file.change(
            .sharedApplication, at: node,
            "`\(node.oneLine)` -> `\(replacement)`: Flipbook's `UIApplication.shared` is always there (no app extensions)")
        return .skipChildren
    }

    /// `"responds"` or `"perform"` for `UIApplication.responds(to: x)` / `UIApplication.perform(x)`.
    static func applicationCall(_ call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedDescription == "UIApplication", call.arguments.count == 1,
            call.trailingClosure == nil
        else { return nil }
        switch (member.declName.baseName.text, call.arguments.first?.label?.text) {
        case ("responds", "to"): return "responds"
        case ("perform", nil): return "perform"
        default: return nil
        }
    }

    /// Whether `expression` is a selector naming `+[UIApplication sharedApplication]`.
    static func namesSharedApplication(_ expression: ExprSyntax) -> Bool {
        if let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector" {
            let text = macro.arguments.trimmedDescription.filter { !$0.isWhitespace }
            return text == "getter:UIApplication.shared"
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            ["NSSelectorFromString", "Selector"].contains(call.calledExpression.trimmedDescription),
            call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil
        else { return false }
        var value = argument.expression
        while let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            value = inner.expression  // `Selector(("sharedApplication"))` silences a warning on iOS
        }
        return value.as(StringLiteralExprSyntax.self)?.representedLiteralValue == "sharedApplication"
    }
}
