import SwiftSyntax

/// A delegate proxy sits between a UIKit object and its delegate: it implements the messages it
/// cares about and hands every other one on through the Objective-C runtime:
///
/// ```swift
/// final class ScrollProxy: NSObject, UIScrollViewDelegate {
///     weak var original: UIScrollViewDelegate?
///     override func responds(to aSelector: Selector!) -> Bool { super.responds(to: aSelector) || original?.responds(to: aSelector) == true }
///     override func forwardingTarget(for aSelector: Selector!) -> Any? { original }
///     func scrollViewDidScroll(_ scrollView: UIScrollView) { … }
/// }
/// ```
///
/// Flipbook's stand-in is `DelegateForwarding` (docs/Semantics.md, "Delegate proxies"): the
/// default implementation of every UIKit delegate requirement hands the call to the object's
/// `forwardingDelegate`. The porter makes the `forwardingTarget(for:)` override that property,
/// `public var forwardingDelegate: AnyObject? { original }`, removes the `responds(to:)` and
/// `conforms(to:)` overrides beside it (the defaults answer for every requirement now), and adds
/// `extension ScrollProxy: DelegateForwarding {}` after the class (in an extension, so that the
/// main-actor protocol does not make the whole class main-actor).
///
/// The forwarding target is read from the override's body: the one object it returns other than
/// `nil` and `super`'s answer (`return original`; `if original?.responds(to: aSelector) == true {
/// return original } else { return super.forwardingTarget(for: aSelector) }`). A body that
/// returns anything depending on the selector, or two different objects, is left by hand, with
/// one exception: a body returning what a helper of the same type finds for the selector
/// (`SelectorFilterHelper`), which the property then computes itself.
final class DelegateProxyRewriter: FileVisitor {
    static let protocolName = "DelegateForwarding"
    static let property = "forwardingDelegate"

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        // A nested proxy's conformance goes after the outermost type around it, at file scope,
        // with the qualified name (an extension cannot sit in a type's body).
        var names = [node.name.text]
        var outermost = Syntax(node)
        var parent = node.parent
        while let ancestor = parent {
            parent = ancestor.parent
            if let type = ancestor.asProtocol(NamedDeclSyntax.self), ancestor.is(ClassDeclSyntax.self)
                || ancestor.is(StructDeclSyntax.self) || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self)
            {
                names.insert(type.name.text, at: 0)
                outermost = ancestor
            } else if let extended = ancestor.as(ExtensionDeclSyntax.self) {
                names.insert(extended.extendedType.trimmedDescription, at: 0)
                outermost = ancestor
            }
        }
        rewrite(members: node.memberBlock, typeName: names.joined(separator: "."), after: outermost)
        return .visitChildren
    }

    private func rewrite(members: MemberBlockSyntax, typeName: String, after decl: Syntax) {
        let overrides = members.members.compactMap { member -> FunctionDeclSyntax? in
            guard let f = member.decl.as(FunctionDeclSyntax.self),
                f.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
            else { return nil }
            return f
        }
        guard let forwarding = overrides.first(where: { Self.isForwardingTarget($0) }) else { return }
        let source = file.source
        let indent = source.indentation(at: source.start(forwarding))
        let body: String
        let target: String
        var isOrdered = false
        if let simple = Self.target(of: forwarding) {
            target = simple
            body = "\(indent)public var \(Self.property): AnyObject? { \(target) as AnyObject? }\n"
        } else if let ordered = Self.orderedTargets(of: forwarding) {
            target = ordered.joined(separator: "`, then `")
            let list = ordered.map { "\($0) as AnyObject?" }.joined(separator: ", ")
            body = "\(indent)public var \(Self.property): AnyObject? { nil }\n"
                + "\(indent)public var forwardingDelegates: [AnyObject] { [\(list)].compactMap { $0 } }\n"
                + "\(indent)public var forwardingStyle: DelegateForwardingStyle { .firstImplementer }\n"
            isOrdered = true
        } else if let found = SelectorFilterHelper.find(forwarding, in: members, source: source),
            Self.helperUses(found.helper, in: members, outside: overrides) == 0
        {
            target = "what `\(found.helper.name.text)(…)` finds"
            body = "\(indent)public var \(Self.property): AnyObject? {\n" + found.body + "\(indent)}\n"
            file.add(.delete(source.tidyLineDeletion(source.fullLines(of: found.helper)), container: true))
            file.claim(source.range(found.helper))
            file.change(
                .delegateProxy, at: found.helper,
                "`\(ExtensionOverrideMover.summary(DeclSyntax(found.helper)))` removed: its body, without the tests of the "
                    + "selector, is `\(Self.property)`")
        } else {
            return
        }
        file.add(SourceEdit(range: source.fullLines(of: forwarding), replacement: leadingComments(of: forwarding) + body, isContainer: true))
        file.claim(source.range(forwarding))
        for f in overrides where f.id != forwarding.id && Self.isRuntimeQuery(f) {
            file.add(.delete(source.tidyLineDeletion(source.fullLines(of: f)), container: true))
            file.claim(source.range(f))
            file.change(
                .delegateProxy, at: f,
                "`\(ExtensionOverrideMover.summary(DeclSyntax(f)))` removed: the defaults of UIKit's delegate protocols "
                    + "answer every requirement and hand it to `\(Self.property)`")
        }
        let summary =
            isOrdered
            ? "`forwardingDelegates` (`\(target)`), `forwardingStyle` `.firstImplementer`"
            : "`public var \(Self.property): AnyObject? { \(target.hasPrefix("what") ? "…" : target + " as AnyObject?") }`"
        let typeIndent = source.indentation(at: source.start(decl))
        file.add(.insert("\n\n\(typeIndent)extension \(typeName): \(Self.protocolName) {}", at: source.end(decl)))
        file.change(
            .delegateProxy, at: forwarding,
            "`\(ExtensionOverrideMover.summary(DeclSyntax(forwarding)))` -> " + summary
                + " and `extension \(typeName): \(Self.protocolName) {}`: the delegate messages it does not implement go to "
                + (target.hasPrefix("what") ? target : "`\(target)`") + (isOrdered ? ", the first that implements each" : ""))
    }

    /// How many calls of `helper` the type's members make outside the helper itself and the
    /// runtime overrides (`excluded`, which go).
    static func helperUses(_ helper: FunctionDeclSyntax, in members: MemberBlockSyntax, outside excluded: [FunctionDeclSyntax]) -> Int {
        let name = helper.name.text
        var count = 0
        for member in members.members {
            if member.decl.id == DeclSyntax(helper).id { continue }
            if let f = member.decl.as(FunctionDeclSyntax.self), excluded.contains(where: { $0.id == f.id }),
                isForwardingTarget(f) || isRuntimeQuery(f)
            {
                continue
            }
            count += member.descendants(FunctionCallExprSyntax.self).filter { $0.calledExpression.calledName == name }.count
        }
        return count
    }

    /// The comment lines before `decl` on lines of their own, kept when it is replaced.
    private func leadingComments(of decl: FunctionDeclSyntax) -> String {
        let source = file.source
        let lines = source.fullLines(of: decl)
        let text = source.text(lines.lowerBound..<source.start(decl))
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }

    static func isForwardingTarget(_ f: FunctionDeclSyntax) -> Bool {
        f.name.text == "forwardingTarget" && f.signature.parameterClause.parameters.map(\.firstName.text) == ["for"]
    }

    /// `responds(to:)` and `conforms(to:)`: the questions Objective-C asks a proxy.
    static func isRuntimeQuery(_ f: FunctionDeclSyntax) -> Bool {
        ["responds", "conforms"].contains(f.name.text) && f.signature.parameterClause.parameters.map(\.firstName.text) == ["to"]
    }

    /// The objects a `forwardingTarget(for:)` body tries in turn, each returned when it responds
    /// to the selector, as written:
    ///
    /// ```swift
    /// if proxy?.responds(to: aSelector) == true { return proxy }
    /// if origin.responds(to: aSelector) { return origin }
    /// return nil   // or super.forwardingTarget(for: aSelector)
    /// ```
    ///
    /// Two or more of them, and nothing else in the body; nil for any other shape.
    static func orderedTargets(of f: FunctionDeclSyntax) -> [String]? {
        guard let body = f.body, let parameter = f.signature.parameterClause.parameters.first else { return nil }
        let selectorName = (parameter.secondName ?? parameter.firstName).text
        var targets: [String] = []
        let statements = Array(body.statements)
        guard let last = statements.last?.item.as(ReturnStmtSyntax.self), let fallback = last.expression,
            fallback.is(NilLiteralExprSyntax.self) || fallback.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.super)
        else { return nil }
        for statement in statements.dropLast() {
            guard let expression = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                ?? statement.item.as(IfExprSyntax.self),
                expression.elseBody == nil, expression.conditions.count == 1,
                let condition = expression.conditions.first?.condition.as(ExprSyntax.self),
                expression.body.statements.count == 1,
                let returned = expression.body.statements.first?.item.as(ReturnStmtSyntax.self)?.expression,
                let asked = respondsReceiver(condition, selector: selectorName)
            else { return nil }
            let name = returned.trimmedDescription
            guard asked == name, !returned.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(selectorName) }),
                !targets.contains(name)
            else { return nil }
            targets.append(name)
        }
        return targets.count >= 2 ? targets : nil
    }

    /// The object `condition` asks about `selector`, written without its `?`:
    /// `x.responds(to: s)`, `x?.responds(to: s) == true`, `x?.responds(to: s) ?? false` (the
    /// porter's trees are unfolded: a binary operator is a three-element sequence).
    private static func respondsReceiver(_ condition: ExprSyntax, selector: String) -> String? {
        var call: FunctionCallExprSyntax?
        if let direct = condition.as(FunctionCallExprSyntax.self) {
            call = direct
        } else if let sequence = condition.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
            let literal = elements[2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind
            guard (op == "==" && literal == .keyword(.true)) || (op == "??" && literal == .keyword(.false)) else { return nil }
            call = elements[0].as(FunctionCallExprSyntax.self)
        }
        guard let call, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "responds", call.arguments.count == 1,
            call.arguments.first?.label?.text == "to",
            call.arguments.first?.expression.trimmedDescription == selector,
            var base = member.base
        else { return nil }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        return base.trimmedDescription
    }

    /// The one object a `forwardingTarget(for:)` body hands messages to, as written.
    static func target(of f: FunctionDeclSyntax) -> String? {
        guard let body = f.body, let parameter = f.signature.parameterClause.parameters.first else { return nil }
        let selectorName = (parameter.secondName ?? parameter.firstName).text
        var results: [ExprSyntax] = []
        final class Returns: SyntaxVisitor {
            var found: [ExprSyntax?] = []
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                found.append(node.expression)
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let returns = Returns(viewMode: .sourceAccurate)
        if body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) {
            results.append(only)  // `{ original }`
        } else {
            returns.walk(body)
            for r in returns.found {
                guard let r else { return nil }
                results.append(r)
            }
        }
        var targets: Set<String> = []
        for r in results {
            if r.is(NilLiteralExprSyntax.self) { continue }
            let tokens = r.tokens(viewMode: .sourceAccurate)
            if r.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.super) { continue }  // `super.forwardingTarget(for: aSelector)`
            if tokens.contains(where: { $0.tokenKind == .identifier(selectorName) }) { return nil }
            targets.insert(r.trimmedDescription)
        }
        guard targets.count == 1 else { return nil }
        return targets.first
    }
}
