import SwiftSyntax

/// A delegate proxy that answers `responds(to:)` for its delegates and implements every message
/// itself, each one handing the call to the first delegate that responds:
///
/// ```swift
/// class DelegateProxy<DelegateType: NSObjectProtocol>: NSObject {
///     var delegates: [DelegateType] { [primary, secondary].compactMap { $0 } }
///     func firstDelegateRespondingTo(_ selector: Selector) -> DelegateType? {
///         delegates.first { $0.responds(to: selector) }
///     }
///     override func responds(to aSelector: Selector!) -> Bool { firstDelegateRespondingTo(aSelector) != nil }
/// }
/// class TabBarProxy: DelegateProxy<UITabBarControllerDelegate>, UITabBarControllerDelegate {
///     func tabBarController(_ t: UITabBarController, shouldSelect v: UIViewController) -> Bool {
///         firstDelegateRespondingTo(#selector(tabBarController(_:shouldSelect:)))?.tabBarController?(t, shouldSelect: v) ?? false
///     }
///     func tabBarController(_ t: UITabBarController, didSelect v: UIViewController) {
///         delegates.forEach { $0.tabBarController?(t, didSelect: v) }
///     }
/// }
/// ```
///
/// On iOS UIKit asks `responds(to:)` first, so a message no delegate implements is never sent and
/// its fallback (`?? false`) never seen. Flipbook's UIKit sends every message a proxy implements,
/// and has no selectors, so the porter turns the base class into a `DelegateForwarding` proxy:
/// the `responds(to:)` override becomes `forwardingDelegates` (the collection it searches) with
/// `forwardingStyle` `.firstImplementer`, and each subclass method whose whole body hands the call
/// to the helper's answer goes, so that the message reaches the first delegate that implements it
/// through Flipbook's defaults, or UIKit's own fallback when none does (docs/Semantics.md,
/// "Delegate proxies"). Methods that do more (a fan-out to every delegate) stay. The helper goes
/// when nothing else calls it. Any other shape is left to the other passes.
final class RespondingProxyRewriter: IndexedFileVisitor {
    /// A proxy class of the folder, found by `proxies(in:)`.
    struct Proxy {
        /// The class's name.
        var name: String
        /// The collection its `responds(to:)` searches, as written (`delegates`).
        var collection: String
        /// The helper the override calls, when it calls one (`firstDelegateRespondingTo`).
        var helper: String?
    }

    /// The proxy classes declared in `tree`.
    static func proxies(in tree: SourceFileSyntax) -> [Proxy] {
        tree.descendants(ClassDeclSyntax.self).compactMap { decl in
            guard let (_, collection, helper) = shape(of: decl) else { return nil }
            return Proxy(name: decl.name.text, collection: collection, helper: helper?.name.text)
        }
    }

    /// The `responds(to:)` override of a proxy class, the collection it searches and its helper.
    private static func shape(of decl: ClassDeclSyntax) -> (FunctionDeclSyntax, String, FunctionDeclSyntax?)? {
        let functions = decl.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        guard let responds = functions.first(where: { DelegateProxyRewriter.isRuntimeQuery($0) && $0.name.text == "responds" }),
            responds.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
            let selector = onlyParameter(of: responds), let expression = onlyExpression(of: responds)
        else { return nil }
        // `C.contains { $0.responds(to: s) }`, or `C.first { … } != nil`.
        if let collection = searchedCollection(expression, selector: selector, method: "contains") {
            return (responds, collection, nil)
        }
        guard let operand = comparedWithNil(expression) else { return nil }
        if let collection = searchedCollection(operand, selector: selector, method: "first") {
            return (responds, collection, nil)
        }
        // `helper(s) != nil`, the helper's body `C.first { $0.responds(to: p) }`.
        guard let call = operand.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            call.arguments.count == 1, call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == selector,
            let helper = functions.first(where: { $0.name.text == name && $0.signature.parameterClause.parameters.count == 1 }),
            let parameter = onlyParameter(of: helper), let body = onlyExpression(of: helper),
            let collection = searchedCollection(body, selector: parameter, method: "first")
        else { return nil }
        return (responds, collection, helper)
    }

    /// The name the one parameter of `f` is read by.
    private static func onlyParameter(of f: FunctionDeclSyntax) -> String? {
        let parameters = f.signature.parameterClause.parameters
        guard parameters.count == 1, let p = parameters.first else { return nil }
        return (p.secondName ?? p.firstName).text
    }

    /// The expression a one-statement body evaluates (`return e` or `e`).
    private static func onlyExpression(of f: FunctionDeclSyntax) -> ExprSyntax? {
        guard let statements = f.body?.statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if let r = item.as(ReturnStmtSyntax.self) { return r.expression }
        if let e = item.as(ExpressionStmtSyntax.self) { return e.expression }
        return item.as(ExprSyntax.self)
    }

    /// `x` of `x != nil` (the porter's trees are unfolded: a three-element sequence).
    private static func comparedWithNil(_ e: ExprSyntax) -> ExprSyntax? {
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let parts = Array(sequence.elements)
        guard parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=", parts[2].is(NilLiteralExprSyntax.self) else { return nil }
        return parts[0]
    }

    /// `C` of `C.method { $0.responds(to: s) }` (or `(where: { d in d.responds(to: s) })`).
    private static func searchedCollection(_ e: ExprSyntax, selector: String, method: String) -> String? {
        guard let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == method, let base = member.base
        else { return nil }
        let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        guard let closure, call.arguments.count <= (call.trailingClosure == nil ? 1 : 0),
            closure.statements.count == 1, let item = closure.statements.first?.item
        else { return nil }
        let element: String
        if let names = closure.signature?.parameterClause {
            guard let shorthand = names.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1,
                let name = shorthand.first?.name.text
            else { return nil }
            element = name
        } else {
            element = "$0"
        }
        let body = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        guard let test = body?.as(FunctionCallExprSyntax.self), let asks = test.calledExpression.as(MemberAccessExprSyntax.self),
            asks.declName.baseName.text == "responds", asks.base?.trimmedDescription == element,
            test.arguments.count == 1, test.arguments.first?.label?.text == "to",
            test.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == selector
        else { return nil }
        return base.trimmedDescription
    }

    /// Whether `f`'s whole body hands its call to `helper`'s answer for a `#selector`:
    /// `helper(#selector(m))?.m(…)`, with `return` or not, and with a `?? fallback` or not.
    static func isHandedToHelper(_ f: FunctionDeclSyntax, helper: String) -> Bool {
        guard var e = onlyExpression(of: f) else { return false }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" else { return false }
            e = parts[0]
        }
        guard e.firstToken(viewMode: .sourceAccurate)?.text == helper,
            let call = e.descendants(FunctionCallExprSyntax.self).first(where: {
                $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == helper
            }),
            call.positionAfterSkippingLeadingTrivia == e.positionAfterSkippingLeadingTrivia,
            call.arguments.count == 1,
            let argument = call.arguments.first?.expression.as(MacroExpansionExprSyntax.self),
            argument.macroName.text == "selector"
        else { return false }
        // The answer is sent the very message the method stands for: `helper(…)?.m?(…)` in `m`.
        var parent = call.parent
        while let p = parent, p.is(OptionalChainingExprSyntax.self) || p.is(ForceUnwrapExprSyntax.self) { parent = p.parent }
        guard let member = parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == f.name.text else { return false }
        return true
    }

    /// Calls of each proxy helper in `sources` other than from the methods that go: a helper
    /// with none goes too.
    static func otherHelperUses(in sources: [PortSource], proxies: [Proxy], index: PortIndex) -> [String: Int] {
        var uses: [String: Int] = [:]
        for proxy in proxies { if let helper = proxy.helper { uses[helper] = 0 } }
        guard !uses.isEmpty else { return uses }
        for source in sources {
            for call in source.tree.descendants(FunctionCallExprSyntax.self) {
                guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, uses[name] != nil else { continue }
                let function = call.ancestorOrSelf { $0.as(FunctionDeclSyntax.self) }
                let owner = call.ancestorOrSelf { $0.as(ClassDeclSyntax.self) }?.name.text
                if let function, let owner, let proxy = proxies.first(where: { $0.helper == name }) {
                    if function.name.text == "responds", owner == proxy.name { continue }
                    if function.name.text == name, owner == proxy.name { continue }
                    if index.inherits(owner, from: proxy.name), isHandedToHelper(function, helper: name) { continue }
                }
                uses[name, default: 0] += 1
            }
        }
        return uses
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let source = file.source
        if let (responds, collection, helper) = Self.shape(of: node) {
            let indent = source.indentation(at: source.start(responds))
            let body = "\(indent)public var forwardingDelegate: AnyObject? { nil }\n"
                + "\(indent)public var forwardingDelegates: [AnyObject] { \(collection).map { $0 as AnyObject } }\n"
                + "\(indent)public var forwardingStyle: DelegateForwardingStyle { .firstImplementer }\n"
            file.add(SourceEdit(range: source.fullLines(of: responds), replacement: body, isContainer: true))
            file.claim(source.range(responds))
            let typeIndent = source.indentation(at: source.start(node))
            file.add(.insert("\n\n\(typeIndent)extension \(node.name.text): \(DelegateProxyRewriter.protocolName) {}", at: source.end(node)))
            file.change(
                .delegateProxy, at: responds,
                "`\(ExtensionOverrideMover.summary(DeclSyntax(responds)))` -> `forwardingDelegates` (`\(collection)`), "
                    + "`forwardingStyle` `.firstImplementer` and `extension \(node.name.text): \(DelegateProxyRewriter.protocolName) {}`: "
                    + "each delegate message it does not implement goes to the first of them that implements it")
            if let helper, index.respondingProxyHelperUses[helper.name.text] == 0 {
                file.removeWhole(source.tidyLineDeletion(source.fullLines(of: helper)), node: source.range(helper))
                file.change(
                    .delegateProxy, at: helper,
                    "`\(ExtensionOverrideMover.summary(DeclSyntax(helper)))` removed: the messages it picked a delegate for "
                        + "are forwarded to the first delegate that implements them")
            }
        }
        for proxy in index.respondingProxies where proxy.name != node.name.text && index.inherits(node.name.text, from: proxy.name) {
            guard let helper = proxy.helper else { continue }
            // Adjacent methods go as one block, so that no blank line stays between them.
            var run: [FunctionDeclSyntax] = []
            func removeRun() {
                guard let first = run.first, let last = run.last else { return }
                let lines = source.fullLines(of: first).lowerBound..<source.fullLines(of: last).upperBound
                file.removeWhole(source.tidyLineDeletion(lines), node: source.start(first)..<source.end(last))
                run = []
            }
            for member in node.memberBlock.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self), Self.isHandedToHelper(f, helper: helper) else {
                    removeRun()
                    continue
                }
                file.change(
                    .delegateProxy, at: f,
                    "`\(ExtensionOverrideMover.summary(DeclSyntax(f)))` removed: \(proxy.name) forwards it to the first "
                        + "delegate that implements it (`DelegateForwarding`), and UIKit's fallback answers when none does")
                run.append(f)
            }
            removeRun()
        }
        return .visitChildren
    }
}
