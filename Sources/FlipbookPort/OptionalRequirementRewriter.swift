import SwiftSyntax

/// `@objc optional` protocol requirements (Objective-C only) become plain requirements with a
/// default implementation in an extension after the protocol; `x?.method?(…)` call sites lose
/// the second `?`, and `responds(to: #selector(method))` becomes `true`.
enum OptionalRequirement {
    /// What a default implementation of an optional requirement can be.
    enum DefaultKind: Equatable {
        /// A method returning Void: an empty body.
        case emptyBody
        /// A method or read-only property returning an Optional: `nil`.
        case returnsNil
        /// A settable Optional property: `get { nil } set {}`.
        case nilGetterEmptySetter
        /// No faithful default: on iOS "not implemented" made the call site use its fallback.
        case none(String)
    }

    static func isOptional(_ decl: DeclSyntax) -> Bool {
        guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers else { return false }
        return modifiers.contains { $0.name.tokenKind == .keyword(.optional) }
    }

    static func name(of decl: DeclSyntax) -> String? {
        if let f = decl.as(FunctionDeclSyntax.self) { return f.name.text }
        if let v = decl.as(VariableDeclSyntax.self), let b = v.bindings.first,
            let id = b.pattern.as(IdentifierPatternSyntax.self)
        {
            return id.identifier.text
        }
        return nil
    }

    static func defaultKind(of decl: DeclSyntax) -> DefaultKind {
        if let f = decl.as(FunctionDeclSyntax.self) {
            guard let type = f.signature.returnClause?.type else { return .emptyBody }
            if isVoid(type) { return .emptyBody }
            if isOptional(type) { return .returnsNil }
            return .none("returns `\(type.trimmedDescription)`")
        }
        if let v = decl.as(VariableDeclSyntax.self), let b = v.bindings.first {
            guard let type = b.typeAnnotation?.type else { return .none("has no written type") }
            guard isOptional(type) else { return .none("is a `\(type.trimmedDescription)`") }
            if case .accessors(let list)? = b.accessorBlock?.accessors,
                list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) })
            {
                return .nilGetterEmptySetter
            }
            return .returnsNil
        }
        return .none("is not a method or a property")
    }

    static func isVoid(_ type: TypeSyntax) -> Bool {
        if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text == "Void" }
        if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.isEmpty }
        return false
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text == "Optional" }
        return false
    }

    /// UIKit's and Core Animation's optional requirements that transition code calls with
    /// `?(…)`. Flipbook declares them as requirements with default implementations, so on Linux
    /// such a call takes no `?` while iOS needs it: reported, not rewritten.
    static let uikitOptionalRequirements: Set<String> = [
        "animationController", "interactionControllerForPresentation", "interactionControllerForDismissal",
        "presentationController", "animationEnded", "interruptibleAnimator", "navigationController",
        "tabBarController", "gestureRecognizerShouldBegin", "gestureRecognizer", "scrollViewDidScroll",
        "scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewDidEndDecelerating", "scrollViewDidEndScrollingAnimation", "animationDidStart", "animationDidStop",
        "adaptivePresentationStyle", "presentationControllerWillDismiss", "presentationControllerDidDismiss",
        "presentationControllerShouldDismiss", "pageViewController", "collectionView", "tableView",
    ]
}

/// The per-file rewrite of optional requirements, their call sites and `responds(to:)`.
final class OptionalRequirementRewriter: IndexedFileVisitor {
    let ported: Set<String>

    override init(file: FileRewrite, index: PortIndex) {
        self.ported = index.portedOptionalNames
        super.init(file: file, index: index)
    }

    // MARK: Protocols

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let plan = index.objcProtocols[node.name.text], plan.path == file.path,
            plan.decl.id == node.id, !plan.optionalRequirements.isEmpty
        else { return .visitChildren }
        let name = node.name.text
        if plan.isKept {
            for r in plan.optionalRequirements {
                guard case .none(let why) = r.kind else { continue }
                file.issue(
                    at: r.decl,
                    "optional requirement `\(r.name)` of `\(name)` \(why): no default can mean \"not implemented\" (on iOS "
                        + "the caller's fallback ran); give it a default implementation returning that fallback, then "
                        + "drop `@objc optional` (`\(name)` keeps `@objc` and its optional requirements until then)")
            }
            return .visitChildren
        }
        let source = file.source
        let protocolIndent = source.indentation(at: source.start(node))
        let access = node.modifiers.first { ["public", "package", "open"].contains($0.name.text) }
            .map { ($0.name.text == "open" ? "public" : $0.name.text) + " " } ?? ""
        var defaults: [String] = []
        for r in plan.optionalRequirements {
            guard let modifier = r.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.first(where: {
                $0.name.tokenKind == .keyword(.optional)
            }) else { continue }
            file.remove(source.range(modifier))
            let memberIndent = source.indentation(at: source.start(r.decl))
            let unit = memberIndent.hasPrefix(protocolIndent) && memberIndent != protocolIndent
                ? String(memberIndent.dropFirst(protocolIndent.count)) : "    "
            let text = defaultImplementation(of: r.decl, kind: r.kind, access: access)
                .reindented(from: memberIndent, to: "")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : protocolIndent + unit + $0 }.joined(separator: "\n")
            defaults.append(text)
            let body: String
            switch r.kind {
            case .emptyBody: body = "{}"
            case .nilGetterEmptySetter: body = "get { nil } set {}"
            default: body = "nil"
            }
            file.change(
                .optionalRequirement, at: r.decl,
                "`\(r.name)` of `\(name)` is a plain requirement with a default implementation (\(body)) in `extension \(name)`")
        }
        let e = source.end(node)
        let insertion = "\n\n\(protocolIndent)extension \(name) {\n" + defaults.joined(separator: "\n") + "\n\(protocolIndent)}"
        file.add(.insert(insertion, at: source.lineEnd(of: e)))
        return .visitChildren
    }

    /// `func name(…) -> T? { nil }` from the requirement's own text, without its attributes and
    /// `optional`, with the protocol's access level.
    private func defaultImplementation(of decl: DeclSyntax, kind: OptionalRequirement.DefaultKind, access: String) -> String {
        let source = file.source
        let isStatic = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        } ?? false
        let prefix = access + (isStatic ? "static " : "")
        if let f = decl.as(FunctionDeclSyntax.self) {
            let endNode: Syntax = f.genericWhereClause.map(Syntax.init) ?? Syntax(f.signature)
            let signature = source.text(source.start(f.funcKeyword)..<source.end(endNode))
            let indent = source.indentation(at: source.start(decl))
            return indent + prefix + signature + (kind == .emptyBody ? " {}" : " { nil }")
        }
        let v = decl.as(VariableDeclSyntax.self)!
        let binding = v.bindings.first!
        let head = source.text(source.start(v.bindingSpecifier)..<source.end(binding.typeAnnotation!))
        let indent = source.indentation(at: source.start(decl))
        return indent + prefix + head + (kind == .nilGetterEmptySetter ? " { get { nil } set {} }" : " { nil }")
    }

    // MARK: Call sites

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.calledName == "responds", let first = node.arguments.first, first.label?.text == "to" {
            respondsTo(node, argument: first.expression)
            return .visitChildren
        }
        var called = node.calledExpression
        let mark: TokenSyntax
        if let chain = called.as(OptionalChainingExprSyntax.self) {
            mark = chain.questionMark
            called = chain.expression
        } else if let force = called.as(ForceUnwrapExprSyntax.self) {
            mark = force.exclamationMark
            called = force.expression
        } else {
            return .visitChildren
        }
        // `x.method?(…)` only: a bare `name?()` is as likely a local closure.
        guard let member = called.as(MemberAccessExprSyntax.self), member.base != nil else { return .visitChildren }
        let name = member.declName.baseName.text
        if ported.contains(name) {
            file.add(.delete(file.source.range(mark)))
            let before = node.calledExpression.oneLine
            let after = called.oneLine
            file.change(.optionalCall, at: node, "`\(before)(…)` -> `\(after)(…)`: `\(name)` has a default implementation now")
        } else if OptionalRequirement.uikitOptionalRequirements.contains(name), !index.properties.contains(name),
            !isOwnOptionalRequirement(name)
        {
            file.issue(
                at: node,
                "`\(node.calledExpression.oneLine)(…)` calls an optional requirement of a UIKit protocol: Flipbook gives "
                    + "it a default implementation, so on Linux the call takes no `\(mark.text)` (iOS needs it): "
                    + "write both under `#if canImport(UIKit)` / `#else`")
        }
        return .visitChildren
    }

    /// Whether `name` is an optional requirement of a protocol in the folder that stays `@objc`.
    private func isOwnOptionalRequirement(_ name: String) -> Bool {
        index.objcProtocols.values.contains { $0.optionalRequirements.contains { $0.name == name } }
    }

    private func respondsTo(_ call: FunctionCallExprSyntax, argument: ExprSyntax) {
        if let macro = argument.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let reference = SelectorReference(macro), ported.contains(reference.name)
        {
            // `x?.responds(to: …) == true` and `… ?? false` become `true` whole.
            var replaced = Syntax(call)
            if let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
                sequence.elements.count == 3, sequence.elements.first?.id == call.id
            {
                let elements = Array(sequence.elements)
                let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
                let rhs = elements[2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind
                if (op == "==" && rhs == .keyword(.true)) || (op == "??" && rhs == .keyword(.false)) {
                    replaced = Syntax(sequence)
                }
            }
            file.replace(replaced, with: "true")
            file.change(
                .respondsTo, at: call,
                "`\(replaced.oneLine)` -> `true`: `\(reference.name)` is a requirement with a default implementation now")
            return
        }
        file.issue(
            at: call,
            "`responds(to:)` asks the Objective-C runtime, which Linux Swift lacks: make the method a protocol "
                + "requirement with a default implementation, or test the type with `as?`")
    }
}
