import SwiftSyntax

/// `target.perform(action)` or `target.performSelector(onMainThread: action, with: x,
/// waitUntilDone: true)` where `action` is a `Selector` value a library kept (a testing hook
/// storing the selector its initialiser was given). Flipbook's `Selector` has no values: the
/// runtime that makes them is missing, so no code can ever hold one, and the call can never run.
/// The statement becomes `_ = action`, which still evaluates the value (and still type-checks
/// it as a `Selector`) and says plainly that nothing is sent. A `#selector(…)` literal is not
/// this case: `TimeRewriter` ports `perform(_:with:afterDelay:)` and Unportable reports the rest.
final class SelectorValueRewriter: IndexedFileVisitor {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledExpression.calledName, let first = node.arguments.first,
            node.trailingClosure == nil,
            Self.isPerform(name: name, firstLabel: first.label?.text, call: node),
            index.functions[name] == nil,  // the folder's own `perform` is another method
            Self.isSelectorValue(first.expression),
            let statement = node.parent?.as(CodeBlockItemSyntax.self)
        else { return .visitChildren }
        let value = first.expression.trimmedDescription
        file.add(SourceEdit(range: file.source.range(statement.item), replacement: "_ = \(value)"))
        file.markHandled(node)
        file.change(
            .selector, at: node,
            "`\(node.calledExpression.oneLine)(\(value), …)` -> `_ = \(value)`: `\(value)` is a `Selector` value, which cannot "
                + "exist without the Objective-C runtime (Flipbook's `Selector` has none), so the call never runs")
        return .skipChildren
    }

    /// `perform(_:with:)`, `perform(_:with:with:)`, `perform(_:with:afterDelay:)`, `perform(_:on:with:waitUntilDone:)`
    /// and `performSelector(onMainThread:…)`/`performSelector(inBackground:…)`. A one-argument
    /// `x.perform(y)` is too common a name for other methods to be taken as NSObject's.
    static func isPerform(name: String, firstLabel: String?, call: FunctionCallExprSyntax) -> Bool {
        if name == "performSelector" { return firstLabel == "onMainThread" || firstLabel == "inBackground" }
        guard name == "perform", firstLabel == nil else { return false }
        let labels = call.arguments.dropFirst().map { $0.label?.text ?? "" }
        return labels.contains("with") && labels.allSatisfy { ["with", "afterDelay", "inModes", "on", "waitUntilDone", "modes"].contains($0) }
    }

    /// A plain name or member read (`action`, `self.action`, `handler.selector`): not a
    /// `#selector(…)` literal, not `Selector("…")`, not an enum case (`.delete`).
    static func isSelectorValue(_ expr: ExprSyntax) -> Bool {
        if expr.is(DeclReferenceExprSyntax.self) { return true }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            return base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
        }
        return false
    }
}
