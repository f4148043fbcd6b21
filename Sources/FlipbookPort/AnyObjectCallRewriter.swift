import SwiftSyntax

/// Objective-C lets Swift call any `@objc` method on an `AnyObject`: libraries keep a delegate as
/// `weak var delegate: AnyObject?` and call `delegate?.menuOpened(self)`. Without the runtime
/// that lookup does not exist, so the call goes through the one protocol of the folder that
/// requires that method: `(delegate as? MenuDelegate)?.menuOpened(self)`. An object that does
/// not adopt the protocol is skipped, where iOS would have thrown "unrecognized selector" (or,
/// with `?(…)`, skipped it too). When no protocol, or more than one, requires the method, the
/// call is left by hand.
final class AnyObjectCallRewriter: IndexedFileVisitor {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        var callee = node.calledExpression
        if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression }  // `m?(…)`
        if let member = callee.as(MemberAccessExprSyntax.self), let tuple = member.base?.as(TupleExprSyntax.self) {
            castToAnyObject(node, member, tuple)
            return .visitChildren
        }
        guard let member = callee.as(MemberAccessExprSyntax.self),
            let chain = member.base?.as(OptionalChainingExprSyntax.self),
            let property = Self.propertyName(chain.expression), index.anyObjectProperties.contains(property)
        else { return .visitChildren }
        let name = member.declName.baseName.text
        let labels = member.declName.argumentNames.map { $0.arguments.map { $0.name.text } }
            ?? node.arguments.map { $0.label?.text ?? "_" }
        let key = PortIndex.methodKey(name, labels)
        guard index.functions[name] != nil else { return .visitChildren }  // not the folder's method
        let owners = index.requirementOwners[key] ?? []
        guard owners.count == 1, let owner = owners.first else {
            file.issue(
                at: node,
                "`\(node.oneLine)` calls `\(key)` on an `AnyObject`, which needs the Objective-C runtime; "
                    + (owners.isEmpty ? "no protocol of the folder requires it" : "protocols \(owners.sorted().map { "`\($0)`" }.joined(separator: ", ")) all require it")
                    + ": give `\(property)` a protocol type")
            return .visitChildren
        }
        let base = chain.expression
        file.replace(base, with: "(\(base.trimmedDescription) as? \(owner))")
        file.change(
            .anyObjectCall, at: node,
            "`\(base.trimmedDescription)?.\(name)` -> `(\(base.trimmedDescription) as? \(owner))?.\(name)`: `\(property)` is an "
                + "`AnyObject`, and `\(owner)` requires `\(key)`")
        return .visitChildren
    }

    /// `(view as AnyObject).configureLayout()`: on iOS the message is sent whatever the object
    /// is (and traps when it lacks the method); it becomes `(view as! LayoutConfigurable)`,
    /// through the one protocol of the folder that requires the method, trapping the same way.
    private func castToAnyObject(_ node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax, _ tuple: TupleExprSyntax) {
        // Operators are unfolded: `$0 as AnyObject` is a sequence of the value, `as` and the type.
        guard tuple.elements.count == 1, let cast = tuple.elements.first?.expression.as(SequenceExprSyntax.self),
            cast.elements.count == 3, let asExpr = Array(cast.elements)[1].as(UnresolvedAsExprSyntax.self),
            asExpr.questionOrExclamationMark == nil, Array(cast.elements)[2].trimmedDescription == "AnyObject"
        else { return }
        let valueExpr = Array(cast.elements)[0]
        let name = member.declName.baseName.text
        guard index.functions[name] != nil else { return }
        let labels = member.declName.argumentNames.map { $0.arguments.map { $0.name.text } }
            ?? node.arguments.map { $0.label?.text ?? "_" }
        let key = PortIndex.methodKey(name, labels)
        guard let owners = index.requirementOwners[key], owners.count == 1, let owner = owners.first else {
            file.issue(
                at: node,
                "`\(node.oneLine)` calls `\(key)` on an `AnyObject`, which needs the Objective-C runtime: cast to a "
                    + "protocol that requires it")
            return
        }
        let value = valueExpr.trimmedDescription
        file.replace(cast, with: "\(value) as! \(owner)")
        file.change(
            .anyObjectCall, at: node,
            "`(\(value) as AnyObject).\(name)` -> `(\(value) as! \(owner)).\(name)`: `\(owner)` requires `\(key)`")
    }

    /// `delegate` or `self.delegate`.
    static func propertyName(_ expr: ExprSyntax) -> String? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let m = expr.as(MemberAccessExprSyntax.self), m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return m.declName.baseName.text
        }
        return nil
    }
}
