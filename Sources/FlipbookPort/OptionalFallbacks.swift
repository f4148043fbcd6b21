import SwiftSyntax

/// The fallbacks iOS callers give an optional requirement that returns a value: on iOS "not
/// implemented" made `delegate?.height?() ?? 300` use 300, so when every use of the requirement in
/// the ported files is such a call with the same constant fallback, a default returning that
/// constant keeps the meaning everywhere.
enum OptionalFallbacks {
    /// One use of an optional requirement's name: the labels it spells (`nil`: none) and the
    /// constant it falls back to when the requirement is not implemented (`nil`: none).
    struct Use {
        var labels: [String]?
        var fallback: String?
        /// Unlabelled, not called, and the folder declares a property of that name: it cannot
        /// name a method requirement.
        var readsProperty = false
    }

    /// Every use of each name in `names` as a member (`x?.name…`).
    static func uses(of names: Set<String>, in sources: [PortSource], properties: Set<String>) -> [String: [Use]] {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            let properties: Set<String>
            var uses: [String: [Use]] = [:]
            init(names: Set<String>, properties: Set<String>) {
                self.names = names
                self.properties = properties
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.declName.baseName.text
                guard names.contains(name), node.base != nil else { return .visitChildren }
                let labels = OptionalRequirement.referenceLabels(node)
                let readsProperty = labels == nil && properties.contains(name) && !OptionalFallbacks.isCalled(node)
                let fallback = OptionalFallbacks.fallback(of: node) ?? OptionalFallbacks.guardFallback(of: node)
                uses[name, default: []].append(Use(labels: labels, fallback: fallback, readsProperty: readsProperty))
                return .visitChildren
            }
        }
        let finder = Finder(names: names, properties: properties)
        for source in sources { finder.walk(source.tree) }
        return finder.uses
    }

    /// Whether `member` is the callee of a call, directly or through `?`/`!`.
    static func isCalled(_ member: MemberAccessExprSyntax) -> Bool {
        var callee = Syntax(member)
        if let parent = callee.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            callee = parent
        }
        return callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
    }

    /// `guard let f = x?.name(_:at:) else { return constant }` where the statements after the
    /// guard use `f` only as `return f(…)`: on iOS the caller returned `constant` when the method
    /// was not implemented, which a default returning it keeps.
    static func guardFallback(of member: MemberAccessExprSyntax) -> String? {
        guard let presence = GuardPresenceTest(member) else { return nil }
        return presence.returnedConstant
    }

    /// The constant after `??` when `member` is `x?.name` or the callee of `x?.name?(…)` and the
    /// whole is the left side of `?? constant`.
    static func fallback(of member: MemberAccessExprSyntax) -> String? {
        var whole = Syntax(member)
        if let chain = member.parent?.as(OptionalChainingExprSyntax.self), let call = chain.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == chain.id
        {
            whole = Syntax(call)
        } else if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            whole = Syntax(call)
        }
        guard let list = whole.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self)
        else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[0].id == whole.id,
            elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??", isConstant(elements[2])
        else { return nil }
        return elements[2].trimmedDescription
    }

    /// A literal, `.member`, `Type.member` or `-literal`: the same value wherever it is written.
    static func isConstant(_ e: ExprSyntax) -> Bool {
        if e.is(IntegerLiteralExprSyntax.self) || e.is(FloatLiteralExprSyntax.self) || e.is(BooleanLiteralExprSyntax.self)
            || e.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let s = e.as(StringLiteralExprSyntax.self) { return !s.segments.contains { $0.is(ExpressionSegmentSyntax.self) } }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            if let type = base.as(DeclReferenceExprSyntax.self) { return type.baseName.text.first?.isUppercase == true }
        }
        return false
    }
}

/// `guard let f = x?.name else { … }` around a reference to an optional requirement, and the
/// statements after it in the same block.
struct GuardPresenceTest {
    let guardStmt: GuardStmtSyntax
    let bound: String
    /// The statements after the guard, to the end of its block.
    let rest: [CodeBlockItemSyntax]

    /// The guard whose one condition binds `member` (or `Optional(member)`, a first run's form).
    init?(_ member: MemberAccessExprSyntax) {
        var value = Syntax(member)
        if let argument = value.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            list.count == 1, let call = list.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Optional"
        {
            value = Syntax(call)
        }
        guard let clause = value.parent?.as(InitializerClauseSyntax.self),
            let binding = clause.parent?.as(OptionalBindingConditionSyntax.self),
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let element = binding.parent?.as(ConditionElementSyntax.self),
            let conditions = element.parent?.as(ConditionElementListSyntax.self), conditions.count == 1,
            let guardStmt = conditions.parent?.as(GuardStmtSyntax.self),
            let item = guardStmt.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        self.guardStmt = guardStmt
        self.bound = bound
        self.rest = Array(list.drop { $0.id != item.id }.dropFirst())
    }

    /// The `else` holds nothing but `return`.
    var returnsNothing: Bool {
        guard guardStmt.body.statements.count == 1, let r = guardStmt.body.statements.first?.item.as(ReturnStmtSyntax.self)
        else { return false }
        return r.expression == nil
    }

    /// The constant the `else` returns, when it holds nothing but `return constant` and the rest
    /// uses the bound function only as `return f(…)`.
    var returnedConstant: String? {
        guard guardStmt.body.statements.count == 1, let r = guardStmt.body.statements.first?.item.as(ReturnStmtSyntax.self),
            let e = r.expression, OptionalFallbacks.isConstant(e), usesOnly(returned: true)
        else { return nil }
        return e.trimmedDescription
    }

    /// Whether every use of the bound name after the guard is a call (`f(…)`), and with
    /// `returned`, a call that is returned at once (`return f(…)`).
    func usesOnly(returned: Bool) -> Bool {
        final class Uses: SyntaxVisitor {
            let name: String
            let returned: Bool
            var ok = true
            init(_ name: String, returned: Bool) {
                self.name = name
                self.returned = returned
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.baseName.text == name else { return .visitChildren }
                guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(node).id,
                    !returned || call.parent?.is(ReturnStmtSyntax.self) == true
                else {
                    ok = false
                    return .visitChildren
                }
                return .visitChildren
            }
        }
        let uses = Uses(bound, returned: returned)
        for item in rest { uses.walk(item) }
        return uses.ok
    }
}
