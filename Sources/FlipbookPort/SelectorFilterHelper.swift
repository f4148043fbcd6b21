import SwiftSyntax

/// A delegate proxy whose `forwardingTarget(for:)` returns what a helper of its own finds for the
/// selector, the helper picking one delegate and keeping it only when it responds:
///
/// ```swift
/// private func delegate(respondingTo selector: Selector?) -> NSObjectProtocol? {
///     guard let selector = selector else { return nil }
///     guard !selector.description.starts(with: "_") else { return nil }   // private selectors
///     let delegate: NSObjectProtocol? = isTabBar ? previousTabBarDelegate : previousNavigationDelegate
///     return true == delegate?.responds(to: selector) ? delegate : nil
/// }
/// override func forwardingTarget(for aSelector: Selector!) -> Any? {
///     guard let superTarget = super.forwardingTarget(for: aSelector) else { return delegate(respondingTo: aSelector) }
///     return superTarget
/// }
/// ```
///
/// Without the selector the helper's body still says which object messages go to: its guards
/// on the selector (each ending in `return nil`) go, and its last `return C ? X : nil`, whose
/// condition asks about the selector, returns `X` (Flipbook's defaults forward only to an object
/// that adopts the protocol, and let it answer for what it does not implement). That body becomes
/// `forwardingDelegate`. Anything else that reads the selector, or another use of the helper,
/// and the proxy is left by hand.
struct SelectorFilterHelper {
    let helper: FunctionDeclSyntax
    /// The helper's statements without the selector: whole lines of source, or rewritten returns.
    let lines: [String]

    /// The property's body: the kept lines carry the helper's own indentation, which is the
    /// property's (both are members of the same type).
    var body: String { lines.joined() }

    static func find(_ forwarding: FunctionDeclSyntax, in members: MemberBlockSyntax, source: PortSource) -> SelectorFilterHelper? {
        guard let body = forwarding.body, let parameter = forwarding.signature.parameterClause.parameters.first else { return nil }
        let selectorName = (parameter.secondName ?? parameter.firstName).text
        // Names bound to `super.forwardingTarget(for:)`'s answer (`guard let superTarget = super…`).
        var superNames: Set<String> = []
        for binding in body.descendants(OptionalBindingConditionSyntax.self) {
            if let value = binding.initializer?.value, value.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.super),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                superNames.insert(name)
            }
        }
        var helperName: String?
        for r in body.descendants(ReturnStmtSyntax.self) where r.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) == nil {
            guard let e = r.expression else { return nil }
            if e.is(NilLiteralExprSyntax.self) || e.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.super) { continue }
            if let ref = e.as(DeclReferenceExprSyntax.self), superNames.contains(ref.baseName.text) { continue }
            guard let call = e.as(FunctionCallExprSyntax.self), let name = call.calledExpression.calledName, call.arguments.count == 1,
                call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == selectorName,
                helperName == nil || helperName == name
            else { return nil }
            helperName = name
        }
        guard let helperName,
            let helper = members.members.compactMap({ $0.decl.as(FunctionDeclSyntax.self) }).first(where: {
                $0.name.text == helperName && $0.signature.parameterClause.parameters.count == 1
                    && $0.signature.parameterClause.parameters.first?.type.trimmedDescription.hasPrefix("Selector") == true
            }),
            let helperBody = helper.body, let helperParameter = helper.signature.parameterClause.parameters.first
        else { return nil }
        let name = (helperParameter.secondName ?? helperParameter.firstName).text
        func mentions(_ node: some SyntaxProtocol) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
        }
        var lines: [String] = []
        for item in helperBody.statements {
            if !mentions(item) {
                lines.append(source.text(source.fullLines(of: item)))
            } else if let guardStmt = item.item.as(GuardStmtSyntax.self), guardStmt.body.statements.count == 1,
                guardStmt.body.statements.first?.item.as(ReturnStmtSyntax.self)?.expression?.is(NilLiteralExprSyntax.self) == true
            {
                continue  // a test of the selector alone
            } else if let ret = item.item.as(ReturnStmtSyntax.self), let kept = ret.expression.flatMap(keptBranch), !mentions(kept) {
                let indent = source.indentation(at: source.start(item))
                lines.append("\(indent)return \(kept.trimmedDescription)\n")
            } else {
                return nil
            }
        }
        return SelectorFilterHelper(helper: helper, lines: lines)
    }

    /// `X` of `condition ? X : nil` (as parsed, an unfolded sequence ending in the ternary's
    /// `? X :` and `nil`).
    static func keptBranch(of expression: ExprSyntax) -> ExprSyntax? {
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return ternary.elseExpression.is(NilLiteralExprSyntax.self) ? ternary.thenExpression : nil
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[elements.count - 1].is(NilLiteralExprSyntax.self),
            let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
            !elements.dropLast(2).contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) })
        else { return nil }
        return ternary.thenExpression
    }
}
