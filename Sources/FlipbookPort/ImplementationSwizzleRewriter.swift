import SwiftSyntax

/// A swizzle that sets the implementation rather than exchanging two (FloatingPanel's
/// `dismiss(animated:completion:)`): the installer looks up UIKit's method and the library's
/// `IMP`, keeps the old one from `method_setImplementation`, and the library's method calls it
/// back through `unsafeBitCast(saved, to: F.self)` as a `@convention(c)` function taking `self`
/// and the selector first:
///
/// ```swift
/// private var originalDismissImp: IMP?
/// private typealias DismissFunction = @convention(c) (AnyObject, Selector, Bool, (() -> Void)?) -> Void
/// static let swizzling: Void = {                                 static let swizzling: Void = {
///     … method_setImplementation(original, swizzledImp) …    →      UIViewController.flipbookInterposeDismiss { $0.my_dismiss(animated: $1, completion: $2) }
/// }()                                                            }()
/// func my_dismiss(animated flag: Bool, completion: …) {          func my_dismiss(animated flag: Bool, completion: …) {
///     let imp = unsafeBitCast(originalDismissImp, to: DismissFunction.self)
///     let sel = #selector(UIViewController.dismiss(animated:completion:))
///     imp(self, sel, flag, completion)                              flipbookOriginalDismiss(animated: flag, completion: completion)
/// }                                                              }
/// ```
///
/// The saved-`IMP` variable and the function typealias go. Only for an interposable method
/// (`SwizzleRewriter.interposable`), with the installer's statements naming exactly that method
/// and the library's, declared in an extension of the class in the same file; anything else
/// stays reported.
final class ImplementationSwizzleRewriter: IndexedFileVisitor {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.calledExpression.calledName == "method_setImplementation", !file.handled.contains(node.id),
            let statements = SwizzleRewriter.swizzleStatements(around: node), let first = statements.first, let last = statements.last
        else { return .visitChildren }
        let selectors = statements.flatMap { SwizzleRewriter.selectors(in: $0) }
        guard selectors.count == 2, let a = SelectorReference(selectors[0]), let b = SelectorReference(selectors[1]) else {
            return .visitChildren
        }
        // The class: a `C.self` the installer names, one Flipbook lets a library interpose.
        let classes = statements.flatMap { $0.descendants(MemberAccessExprSyntax.self) }
            .filter { $0.declName.baseName.text == "self" }.compactMap { $0.base?.trimmedDescription }
        guard let type = classes.first(where: { SwizzleRewriter.interposable[$0] != nil }),
            let methods = SwizzleRewriter.interposable[type]
        else { return .visitChildren }
        let pair = [a, b]
        guard let original = pair.first(where: { methods[$0.name] != nil }), let mine = pair.first(where: { methods[$0.name] == nil }),
            let labels = methods[original.name], original.labels == nil || original.labels == labels,
            let method = SwizzleRewriter.function(named: mine.name, arity: labels.count, inExtensionOf: type, in: file.source.tree),
            let body = method.body
        else { return .visitChildren }
        // In the library's method: `let f = unsafeBitCast(saved, to: F.self)`, `let sel = #selector(…)`, and calls `f(self, sel, …)`.
        var casts: [(item: CodeBlockItemSyntax, name: String, saved: String, function: String)] = []
        var selectorLets: [(item: CodeBlockItemSyntax, name: String)] = []
        for item in body.statements {
            guard let v = item.item.as(VariableDeclSyntax.self), v.bindings.count == 1, let binding = v.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
            else { continue }
            if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.calledName == "unsafeBitCast",
                call.arguments.count == 2, let saved = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let target = call.arguments.last?.expression.as(MemberAccessExprSyntax.self), target.declName.baseName.text == "self",
                let function = target.base?.trimmedDescription
            {
                casts.append((item, name, saved, function))
            } else if let macro = value.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector" {
                selectorLets.append((item, name))
            }
        }
        guard casts.count == 1, let cast = casts.first else { return .visitChildren }
        let calls = body.descendants(FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == cast.name
        }
        guard !calls.isEmpty, calls.allSatisfy({ $0.arguments.count == labels.count + 2 }) else { return .visitChildren }
        // Rewrite: the installer, the library's method, and the file's saved `IMP` and typealias.
        let myLabels = method.signature.parameterClause.parameters.map { $0.firstName.text }
        let arguments = myLabels.enumerated().map { i, label in (label == "_" ? "" : "\(label): ") + "$\(i + 1)" }
        let registration = "\(type).\(SwizzleRewriter.interposeName(original.name)) { $0.\(mine.name)(\(arguments.joined(separator: ", "))) }"
        let installer = file.source.start(first)..<file.source.end(last)
        file.add(SourceEdit(range: installer, replacement: registration, isContainer: true))
        file.claim(installer)
        for item in [cast.item] + selectorLets.map(\.item) {
            file.add(.delete(file.source.removalRange(file.source.range(item)), container: true))
            file.claim(file.source.range(item))
        }
        for call in calls {
            let passed = call.arguments.dropFirst(2).map(\.expression.trimmedDescription)
            let text = "\(SwizzleRewriter.originalName(original.name))("
                + zip(labels, passed).map { ($0 == "_" ? "" : "\($0): ") + $1 }.joined(separator: ", ") + ")"
            file.add(SourceEdit(range: file.source.range(call), replacement: text, isContainer: true))
            file.claim(file.source.range(call))
        }
        for item in file.source.tree.statements {
            if let v = item.item.as(VariableDeclSyntax.self), v.bindings.count == 1,
                v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == cast.saved
            {
                file.add(.delete(file.source.removalRange(file.source.range(item)), container: true))
                file.claim(file.source.range(item))
            }
            if let alias = item.item.as(TypeAliasDeclSyntax.self), alias.name.text == cast.function {
                file.add(.delete(file.source.removalRange(file.source.range(item)), container: true))
                file.claim(file.source.range(item))
            }
        }
        file.markHandled(node)
        file.change(
            .swizzle, at: node,
            "setting `\(type).\(original.name)`'s implementation to `\(mine.name)` -> `\(registration)`; its calls of the saved "
                + "implementation -> `\(SwizzleRewriter.originalName(original.name))(…)`")
        return .skipChildren
    }
}
