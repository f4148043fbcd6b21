import SwiftSyntax

/// The per-file rewrite of optional requirements, their call sites and `responds(to:)`.
final class OptionalRequirementRewriter: IndexedFileVisitor {
    let ported: Set<String>

    override init(file: FileRewrite, index: PortIndex) {
        self.ported = index.portedOptionalNames
        super.init(file: file, index: index)
    }

    // MARK: Protocols

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let plan = index.objcProtocol(declaredBy: node, in: file.path), !plan.optionalRequirements.isEmpty
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
            if case .optionalized(let type) = r.kind, let node = OptionalRequirement.optionalizableType(of: r.decl) {
                file.add(SourceEdit(range: source.range(node), replacement: OptionalRequirement.optional(type)))

            }
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
            case .returns(let fallback): body = "\(fallback), the fallback at every call site"
            case .probed:
                body = "that says so; calls with `?(…)` become `PortedOptionalRequirement.answer({ … })`, nil when "
                    + "the conforming type does not implement it, as on iOS"
            case .optionalized(let type):
                body = "nil; the requirement is `\(OptionalRequirement.optional(type))`, as callers read it, and conforming "
                    + "types elsewhere must declare `\(OptionalRequirement.optional(type))` too"
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
            var signature = source.text(source.start(f.funcKeyword)..<source.end(endNode))
            if case .optionalized(let type) = kind, let node = f.signature.returnClause?.type {
                signature = source.text(source.start(f.funcKeyword)..<source.start(node)) + OptionalRequirement.optional(type)
                    + source.text(source.end(node)..<source.end(endNode))
            }
            let indent = source.indentation(at: source.start(decl))
            if case .returns(let fallback) = kind { return indent + prefix + signature + " { \(fallback) }" }
            if case .probed(let placeholder) = kind {
                return indent + prefix + signature + " { PortedOptionalRequirement.notImplemented(returning: \(placeholder)) }"
            }
            if kind == .emptyBody,
                index.probedVoidRequirements.contains(
                    OptionalCallFallback.key(f.name.text, labels: f.signature.parameterClause.parameters.map(\.firstName.text)))
            {
                // An `if let … else` somewhere asks whether it is implemented (`OptionalCallFallback`).
                return indent + prefix + signature + " { PortedOptionalRequirement.notImplemented(returning: ()) }"
            }
            return indent + prefix + signature + (kind == .emptyBody ? " {}" : " { nil }")
        }
        let v = decl.as(VariableDeclSyntax.self)!
        let binding = v.bindings.first!
        var head = source.text(source.start(v.bindingSpecifier)..<source.end(binding.typeAnnotation!))
        if case .optionalized(let type) = kind, let node = binding.typeAnnotation?.type {
            head = source.text(source.start(v.bindingSpecifier)..<source.start(node)) + OptionalRequirement.optional(type)
        }
        let indent = source.indentation(at: source.start(decl))
        if case .returns(let fallback) = kind { return indent + prefix + head + " { \(fallback) }" }
        return indent + prefix + head + (kind == .nilGetterEmptySetter ? " { get { nil } set {} }" : " { nil }")
    }

    // MARK: Conforming types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        optionalizeConformers(node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        optionalizeConformers(node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        optionalizeConformers(node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    /// In a type declaring conformance to a protocol whose requirement became `T?`, the member
    /// of that name declares `T?` too (it still returns its `T`, which Swift wraps).
    private func optionalizeConformers(_ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax) {
        guard let inheritance else { return }
        var optionalized: [(decl: DeclSyntax, name: String, type: String)] = []
        for inherited in inheritance.inheritedTypes {
            guard let plan = index.objcProtocols[inherited.type.trimmedDescription] else { continue }
            for r in plan.optionalRequirements { if case .optionalized(let type) = r.kind { optionalized.append((r.decl, r.name, type)) } }
        }
        guard !optionalized.isEmpty else { return }
        let source = file.source
        for item in members.members {
            let decl = item.decl
            guard let name = OptionalRequirement.name(of: decl),
                let type = optionalized.first(where: {
                    $0.name == name && OptionalRequirement.labels(of: $0.decl) == OptionalRequirement.labels(of: decl)
                })?.type
            else { continue }
            let written: TypeSyntax?
            if let f = decl.as(FunctionDeclSyntax.self) {
                written = f.signature.returnClause?.type
            } else {
                written = decl.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
            }
            guard let written, !OptionalRequirement.isOptional(written) else { continue }
            file.add(SourceEdit(range: source.range(written), replacement: OptionalRequirement.optional(written.trimmedDescription)))
            file.change(
                .optionalRequirement, at: decl,
                "`\(name)` is `\(OptionalRequirement.optional(type))` here too, as its protocol's requirement now is")
        }
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
            if mark.tokenKind == .postfixQuestionMark, isProbed(name, labels: OptionalRequirement.referenceLabels(member)) {
                wrapInAnswer(node)
                file.change(
                    .optionalCall, at: node,
                    "`\(before)(…)` -> `PortedOptionalRequirement.answer({ \(after)(…) })`: nil when the conforming type "
                        + "does not implement `\(name)`, as on iOS")
            } else {
                file.change(.optionalCall, at: node, "`\(before)(…)` -> `\(after)(…)`: `\(name)` has a default implementation now")
            }
        } else if OptionalRequirement.uikitOptionalRequirements.contains(name),
            // A closure property of that name is called without labels; a labelled call is a method.
            !index.properties.contains(name) || node.arguments.contains(where: { $0.label != nil }),
            !isOwnOptionalRequirement(name)
        {
            // Flipbook's UIKit protocols give these requirements defaults that answer what
            // "not implemented" made the caller do on iOS (nil, true, nothing).
            file.add(.delete(file.source.range(mark)))
            file.change(
                .optionalCall, at: node,
                "`\(node.calledExpression.oneLine)(…)` -> `\(called.oneLine)(…)`: Flipbook's UIKit protocols give `\(name)` "
                    + "a default implementation")
        }
        return .visitChildren
    }

    /// Whether a `?(…)` call of `name` with `labels` may call a `.probed` requirement (wrapping
    /// a call of any other kind in `answer` keeps its value, so a shared name is wrapped).
    private func isProbed(_ name: String, labels: [String]?) -> Bool {
        index.objcProtocols.values.contains { plan in
            !plan.isKept && plan.optionalRequirements.contains {
                guard $0.name == name, OptionalRequirement.matches($0.decl, labels: labels), case .probed = $0.kind else {
                    return false
                }
                return true
            }
        }
    }

    /// `x.m?(a)` -> `PortedOptionalRequirement.answer({ x.m(a) })` (the `?` is deleted by the
    /// caller); followed by `?` when the call continues an optional chain (`x.m?(a).y`).
    private func wrapInAnswer(_ call: FunctionCallExprSyntax) {
        let source = file.source
        var continues = false
        if let parent = call.parent {
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == call.id { continues = true }
            if let next = parent.as(FunctionCallExprSyntax.self), next.calledExpression.id == call.id { continues = true }
            if let next = parent.as(SubscriptCallExprSyntax.self), next.calledExpression.id == call.id { continues = true }
        }
        file.add(.insert("PortedOptionalRequirement.answer({ ", at: source.start(call)))
        file.add(.insert(" })" + (continues ? "?" : ""), at: source.end(call)))
    }

    // MARK: Concrete reads of optionalized members

    /// `Conformer().member` where `member` became `T?` in the conformer (its protocol's optional
    /// requirement now reads `T?`): the conformer's own value was a `T` before the port and is
    /// never nil, so the read is unwrapped (`Conformer().member!`) and keeps its type
    /// (`behavior.rate ?? DefaultBehavior().rate` stays a `T`).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let construction = node.base?.as(FunctionCallExprSyntax.self),
            let typeName = construction.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            index.classes[typeName] != nil,
            isOptionalized(node.declName.baseName.text, inConformer: typeName)
        else { return .visitChildren }
        let read: ExprSyntax
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            read = ExprSyntax(call)
        } else {
            read = ExprSyntax(node)
        }
        if let next = read.nextToken(viewMode: .sourceAccurate), next.tokenKind == .exclamationMark || next.tokenKind == .postfixQuestionMark {
            return .visitChildren
        }
        file.add(.insert("!", at: file.source.end(read)))
        file.change(
            .optionalRequirement, at: node,
            "`\(read.oneLine)` -> `\(read.oneLine)!`: `\(node.declName.baseName.text)` of `\(typeName)` is Optional now, "
                + "as its protocol's requirement is, and this class's value is never nil")
        return .visitChildren
    }

    /// Whether `member` is an optionalized requirement of a protocol that `className` or one of
    /// its superclasses in the folder declares conformance to.
    private func isOptionalized(_ member: String, inConformer className: String) -> Bool {
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, let site = index.classes[name], seen.insert(name).inserted {
            current = nil
            for inherited in site.decl.inheritanceClause?.inheritedTypes ?? [] {
                let t = inherited.type.trimmedDescription
                if let plan = index.objcProtocols[t], plan.optionalRequirements.contains(where: {
                    guard $0.name == member, case .optionalized = $0.kind else { return false }
                    return true
                }) {
                    return true
                }
                if index.classes[t] != nil { current = t }
            }
        }
        return false
    }

    // MARK: Presence tests

    /// `if let f = delegate?.didTap { … }`: on iOS this asks whether the delegate implements the
    /// optional method. After the port every conforming type has it (the default does nothing),
    /// so the test is always true.
    /// - With no `else` and `f` only called in the body, the outcome is iOS's: where iOS skipped
    ///   the body, the body now calls a method that does nothing. The test stays (a
    ///   non-Optional base becomes `Optional(base.didTap)` so it still binds), with a warning,
    ///   since the rest of the body now runs too.
    /// - Otherwise (an `else`, `guard`, a comparison with `nil`, `f` used other than called),
    ///   iOS's fallback would never run: left by hand.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard var value = node.initializer?.value else { return .visitChildren }
        var wrapped = false  // `Optional(base.name)`: what a first run wrote
        if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Optional",
            call.arguments.count == 1, let only = call.arguments.first, only.label == nil
        {
            value = only.expression
            wrapped = true
        }
        guard let (member, chained) = Self.requirementReference(value) else { return .visitChildren }
        let name = member.declName.baseName.text
        let labels = OptionalRequirement.referenceLabels(member)
        // `guard let pagerView = self.pagerView`: an unlabelled reference to a name the folder
        // also declares as a property reads the property.
        if labels == nil, index.properties.contains(name) { return .visitChildren }
        guard let kind = ownRequirementKind(name, labels: labels) else { return .visitChildren }
        let bound = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let ifExpr = node.parent?.parent?.as(ConditionElementListSyntax.self)?.parent?.as(IfExprSyntax.self)
        if kind == .emptyBody, let ifExpr, let fallback = OptionalCallFallback(ifExpr),
            index.probedVoidRequirements.contains(OptionalCallFallback.key(name, labels: fallback.labels))
        {
            let source = file.source
            file.add(SourceEdit(range: source.start(ifExpr)..<source.start(fallback.elseBlock), replacement: fallback.head))
            file.change(
                .optionalCall, at: node,
                "`if let \(bound ?? "_") = \(value.oneLine) { … } else { … }` -> `if PortedOptionalRequirement.answer({ "
                    + "\(fallback.call) }) == nil { … }`: the default of `\(name)` says it is one, so the `else` runs "
                    + "exactly when iOS ran it")
            return .visitChildren
        }
        if kind == .emptyBody, let bound, let ifExpr, ifExpr.elseBody == nil,
            Self.onlyCalled(bound, in: ifExpr.body)
        {
            if !chained, !wrapped {
                file.replace(value, with: "Optional(\(value.trimmedDescription))")
                file.change(
                    .optionalCall, at: node,
                    "`\(node.oneLine)` -> `let \(bound) = Optional(\(value.oneLine))`: `\(name)` has a default implementation now")
            }
            file.warning(
                at: node,
                "`if let \(bound) = \(value.oneLine)` asked whether the delegate implements `\(name)`; every delegate does now (the default "
                    + "does nothing), so the body always runs: check that the rest of it may")
            return .visitChildren
        }
        if let bound, let presence = GuardPresenceTest(member) {
            let outcome: String?
            switch kind {
            case .emptyBody:
                outcome = presence.returnsNothing && presence.usesOnly(returned: false) ? "does nothing" : nil
            case .returns(let constant):
                outcome = presence.returnedConstant == constant ? "returns `\(constant)`, the guard's own fallback" : nil
            default:
                outcome = nil
            }
            if let outcome {
                if !chained, !wrapped {
                    file.replace(value, with: "Optional(\(value.trimmedDescription))")
                    file.change(
                        .optionalCall, at: node,
                        "`\(node.oneLine)` -> `let \(bound) = Optional(\(value.oneLine))`: `\(name)` has a default implementation now")
                }
                file.warning(
                    at: node,
                    "`guard let \(bound) = \(value.oneLine)` asked whether the delegate implements `\(name)`; every delegate does now "
                        + "(the default \(outcome)), so the statements after the guard always run: check that they may")
                return .visitChildren
            }
        }
        file.issue(
            at: node,
            "`\(value.oneLine)` (bound by `let`) asks whether the delegate implements the optional `\(name)`; every delegate does now (it "
                + "has a default implementation), so this is always true and iOS's fallback never runs: decide by hand")
        return .visitChildren
    }

    /// `delegate?.didTap != nil` / `== nil`: the same question, always answered "implemented".
    /// (The parser leaves operators unfolded: `a == nil` is a sequence of three expressions.)
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        guard parts.count == 3, let op = parts[1].as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(op.operator.text),
            parts[2].is(NilLiteralExprSyntax.self) || parts[0].is(NilLiteralExprSyntax.self)
        else { return .visitChildren }
        let other = parts[2].is(NilLiteralExprSyntax.self) ? parts[0] : parts[2]
        guard let (member, _) = Self.requirementReference(other), ownRequirementKind(member.declName.baseName.text) != nil
        else { return .visitChildren }
        file.issue(
            at: node,
            "`\(node.oneLine)` asks whether the delegate implements the optional `\(member.declName.baseName.text)`; every "
                + "delegate does now (it has a default implementation): decide by hand")
        return .visitChildren
    }

    /// `base.name` or `base?.name`, not called: a reference to the member as a value.
    static func requirementReference(_ expr: ExprSyntax) -> (MemberAccessExprSyntax, chained: Bool)? {
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        return (member, base.is(OptionalChainingExprSyntax.self))
    }

    /// The default kind of the folder's ported optional requirement called `name`, if there is one.
    /// Methods only: reading an optional property (`if let t = delegate?.title`) reads its
    /// value, which the default keeps meaning nil. A requirement an extension of its protocol
    /// already implements (a second run) counts too.
    private func ownRequirementKind(_ name: String, labels: [String]? = nil) -> OptionalRequirement.DefaultKind? {
        if ported.contains(name) {
            for p in index.objcProtocols.values where !p.isKept {
                if let r = p.requirement(name, labels: labels) {
                    return r.decl.is(FunctionDeclSyntax.self) ? r.kind : nil
                }
            }
        }
        if let defaults = index.defaultedRequirements[name] {
            if let labels { return defaults.first { $0.labels == labels }?.kind }
            return defaults.allSatisfy { $0.kind == .emptyBody } ? .emptyBody : .returnsNil
        }
        return nil
    }

    /// Whether every use of `name` in `body` is as a called function (`name(…)`).
    static func onlyCalled(_ name: String, in body: CodeBlockSyntax) -> Bool {
        final class Uses: SyntaxVisitor {
            let name: String
            var onlyCalled = true
            init(_ name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text == name,
                    node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(node).id
                {
                    onlyCalled = false
                }
                return .visitChildren
            }
        }
        let uses = Uses(name)
        uses.walk(body)
        return uses.onlyCalled
    }

    /// Whether `name` is an optional requirement of a protocol in the folder that stays `@objc`.
    private func isOwnOptionalRequirement(_ name: String) -> Bool {
        index.objcProtocols.values.contains { $0.optionalRequirements.contains { $0.name == name } }
    }

    /// `#selector(UIViewControllerContextTransitioning.view(forKey:))`: a member of one of UIKit's
    /// transition protocols. Flipbook declares every one of their members as a requirement
    /// (optional ones with UIKit's fallback as the default), so every conforming object answers.
    static func isUIKitProtocolMember(_ reference: SelectorReference) -> Bool {
        guard let type = reference.typeName else { return false }
        return uikitProtocols.contains(type)
    }

    /// `#selector(setter: UITableViewCell.separatorInset)`: a member of a UIKit class, which code
    /// asked about when the member was new (iOS 7 and 8). Flipbook's class has it if the code
    /// that goes on to use it compiles.
    static func isUIKitClassMember(_ reference: SelectorReference) -> Bool {
        guard let type = reference.typeName else { return false }
        return PortIndex.uikitAncestors[type] != nil && type != "NSObject"
    }

    /// `#selector(getter: self.shouldAutorotate)` in a class descending from a UIKit class, for a
    /// member the folder declares nowhere: UIKit's member (the selector compiles only if the
    /// class has it), which every instance of that UIKit class has.
    private func isInheritedUIKitMember(_ reference: SelectorReference, at node: some SyntaxProtocol) -> Bool {
        guard reference.typeName == nil, var current = SelectorRewriter.enclosingType(of: node) else { return false }
        var seen: Set<String> = []
        while seen.insert(current).inserted, index.classes[current] != nil, let next = index.superclass(of: current) {
            current = next
        }
        guard PortIndex.uikitAncestors[current] != nil, current != "NSObject" else { return false }
        return !index.declaredMembers.contains { $0 == reference.name || $0.hasPrefix(reference.name + "(") }
    }

    static let uikitProtocols: Set<String> = [
        "UIViewControllerContextTransitioning", "UIViewControllerAnimatedTransitioning",
        "UIViewControllerInteractiveTransitioning", "UIViewControllerTransitioningDelegate",
        "UIViewControllerTransitionCoordinator", "UIViewControllerTransitionCoordinatorContext",
        "UINavigationControllerDelegate", "UITabBarControllerDelegate", "UIAdaptivePresentationControllerDelegate",
        "UIGestureRecognizerDelegate", "UIScrollViewDelegate", "UIDynamicAnimatorDelegate", "UIViewImplicitlyAnimating",
        "UIViewAnimating", "CAAnimationDelegate",
    ]

    private func respondsTo(_ call: FunctionCallExprSyntax, argument: ExprSyntax) {
        if let macro = argument.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let reference = SelectorReference(macro),
            ported.contains(reference.name) || Self.isUIKitProtocolMember(reference) || Self.isUIKitClassMember(reference)
                || isInheritedUIKitMember(reference, at: call)
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
                "`\(replaced.oneLine)` -> `true`: `\(reference.name)` is "
                    + (ported.contains(reference.name)
                        ? "a requirement with a default implementation now"
                        : Self.isUIKitProtocolMember(reference)
                            ? "a requirement of Flipbook's `\(reference.typeName ?? "")`, which every conforming type answers"
                            : "a member of Flipbook's `\(reference.typeName ?? "UIKit class")`, which every instance has (the "
                                + "code that uses it compiles only if it does)"))
            return
        }
        if let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, Self.isSelectorParameter(name, around: call) {
            // `func unwind(withSelector: Selector) { … $0.responds(to: withSelector) … }`
            file.warning(
                at: call,
                "`responds(to: \(name))` compiles, but `\(name)` is a `Selector` parameter, which no code can make in "
                    + "Flipbook (no Objective-C runtime): the function can never be called; give it a closure parameter "
                    + "to keep the API")
            return
        }
        file.issue(
            at: call,
            "`responds(to:)` asks the Objective-C runtime, which Linux Swift lacks: make the method a protocol "
                + "requirement with a default implementation, or test the type with `as?`")
    }

    /// Whether `name` is a non-optional `Selector` parameter of the function around `node`.
    static func isSelectorParameter(_ name: String, around node: some SyntaxProtocol) -> Bool {
        guard let function = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }) else { return false }
        return function.signature.parameterClause.parameters.contains {
            ($0.secondName ?? $0.firstName).text == name && $0.type.trimmedDescription == "Selector"
        }
    }
}
