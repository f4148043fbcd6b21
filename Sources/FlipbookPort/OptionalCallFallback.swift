import SwiftSyntax

/// `if let f = delegate?.drawerController(_:didChangeState:) { f(self, state) } else { delegate?
/// .drawerController?(self, stateChanged: state) }`: call a `Void` optional requirement when the
/// delegate implements it, and do something else (usually call its deprecated name) when not.
///
/// After the port every delegate has the requirement (its default does nothing), so the test
/// alone would always take the first branch. The porter makes such a requirement's default say
/// it is one (`PortedOptionalRequirement.notImplemented(returning: ())`) and the statement
///
///     if PortedOptionalRequirement.answer({ delegate?.drawerController(self, didChangeState: state) }) == nil {
///         delegate?.drawerController(self, stateChanged: state)
///     }
///
/// which calls it, and runs the other branch when the delegate is nil or the call reached the
/// default: iOS's two outcomes. Only for a body that is that one call of the bound name and an
/// `else` block.
struct OptionalCallFallback {
    let ifExpr: IfExprSyntax
    let member: MemberAccessExprSyntax
    let labels: [String]
    let arguments: LabeledExprListSyntax
    let elseBlock: CodeBlockSyntax

    init?(_ ifExpr: IfExprSyntax) {
        guard ifExpr.conditions.count == 1, let binding = ifExpr.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value, let member = value.as(MemberAccessExprSyntax.self), member.base != nil,
            let labels = member.declName.argumentNames?.arguments.map({ $0.name.text }),
            case .codeBlock(let elseBlock)? = ifExpr.elseBody,
            ifExpr.body.statements.count == 1,
            let call = ifExpr.body.statements.first?.item.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == bound,
            call.trailingClosure == nil, call.arguments.count == labels.count,
            call.arguments.allSatisfy({ $0.label == nil })
        else { return nil }
        self.ifExpr = ifExpr
        self.member = member
        self.labels = labels
        self.arguments = call.arguments
        self.elseBlock = elseBlock
    }

    var name: String { member.declName.baseName.text }

    /// How the index names a requirement: `name(label:label:)`.
    static func key(_ name: String, labels: [String]) -> String {
        name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// `base.name(label: argument, …)`.
    var call: String {
        let arguments = zip(labels, arguments).map { label, argument in
            (label == "_" ? "" : label + ": ") + argument.expression.trimmedDescription
        }
        return "\(member.base!.trimmedDescription).\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// What replaces the `if` up to its `else` block, which stays (and is ported as usual).
    var head: String { "if PortedOptionalRequirement.answer({ \(call) }) == nil " }
}
