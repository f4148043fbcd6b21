import SwiftSyntax

/// A `#selector(…)` read: the method's base name and, when the selector spells them, its
/// argument labels (`_` for an unlabelled argument).
struct SelectorReference {
    var name: String
    /// Nil for a bare `#selector(handlePan)`: the labels come from the folder's declarations.
    var labels: [String]?
    /// `getter` or `setter` for `#selector(getter: …)`.
    var accessor: String?
    /// `MenuViewController` in `#selector(MenuViewController.handleTap(recognizer:))`.
    var typeName: String?

    init?(_ macro: MacroExpansionExprSyntax) {
        guard macro.macroName.text == "selector", let argument = macro.arguments.first else { return nil }
        accessor = argument.label?.text
        let reference: DeclReferenceExprSyntax
        if let ref = argument.expression.as(DeclReferenceExprSyntax.self) {
            reference = ref
        } else if let member = argument.expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            // `#selector(action.didTap)` names the method through an instance (a variable, lower
            // case by Swift's convention), not a type: no cast.
            typeName = member.base.map(\.trimmedDescription).flatMap {
                $0 == "self" || $0 == "Self" || $0.first?.isLowercase == true ? nil : $0
            }
        } else {
            return nil
        }
        name = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map { $0.name.text } }
    }
}

/// Target-action with `#selector` becomes Flipbook's closure form (docs/Porting.md): the same
/// target, and a closure that receives the target first and the selector's arguments after it.
final class SelectorRewriter: IndexedFileVisitor {
    /// Calls whose unlabelled first argument is the target.
    static let targetFirstCalls: Set<String> = ["addTarget", "removeTarget", "addObserver"]

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector" else { return .visitChildren }
        let argument = node.parent?.as(LabeledExprSyntax.self)
        let call = argument?.parent?.parent?.as(FunctionCallExprSyntax.self)
        let callName = call?.calledExpression.calledName
        // `responds(to:)` belongs to the optional-requirement rewrite, `perform(_:)` and
        // `cancelPreviousPerformRequests` to `TimeRewriter` and Unportable.
        if callName == "responds" || callName == "perform" || callName?.hasPrefix("performSelector") == true
            || callName == "cancelPreviousPerformRequests"
        {
            return .skipChildren
        }
        if call == nil, rewriteActionAssignment(node) { return .skipChildren }
        if let call, callName == "sendAction", argument?.label == nil, rewriteSendAction(node, in: call) { return .skipChildren }
        guard let call, let label = argument?.label?.text, label == "action" || label == "selector",
            call.arguments.contains(where: { $0.label?.text == "target" || $0.label?.text == "withTarget" })
                || (Self.targetFirstCalls.contains(callName ?? "") && call.arguments.first?.label == nil)
        else {
            file.issue(
                at: node,
                "`\(node.oneLine)` outside a target-action call: selectors need the Objective-C runtime; "
                    + "pass a closure (docs/Porting.md, Target-action)")
            return .skipChildren
        }
        // The folder's own API taking a `Selector`: its call sites port only with it (by hand).
        let isInit = callName?.first?.isUppercase == true || call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "init"
        let callLabels = call.arguments.map { $0.label?.text ?? "_" }
        if let callName,
            let site = index.selectorParameters["\(isInit ? "init" : callName)|\(label)"]?.first(where: { $0.accepts(callLabels) }),
            !site.forwards
        {
            file.issue(
                at: node,
                "`\(node.oneLine)` is passed to `\(callName)`, which these files declare with a `Selector` parameter "
                    + "(\(site.path):\(site.line)): change that parameter to a closure (`(Target) -> Void`), then port again; "
                    + "both are left as they are")
            return .skipChildren
        }
        let target = call.arguments.first { $0.label?.text == "target" || $0.label?.text == "withTarget" } ?? call.arguments.first
        if target?.expression.is(NilLiteralExprSyntax.self) == true {
            file.issue(
                at: node,
                "`\(node.oneLine)` with a nil target goes up the responder chain, which needs selectors: "
                    + "name the target and pass a closure (docs/Porting.md, Target-action)")
            return .skipChildren
        }
        guard let reference = SelectorReference(node) else {
            file.issue(at: node, "`\(node.oneLine)`: the porter reads `#selector(method)` and `#selector(method(_:))` only; write the closure by hand")
            return .skipChildren
        }
        if let accessor = reference.accessor {
            file.issue(
                at: node,
                "`\(node.oneLine)` names a property's \(accessor), which only Objective-C can call: "
                    + "pass a closure that \(accessor == "getter" ? "reads" : "sets") the property")
            return .skipChildren
        }
        let targetIsSelf = target?.expression.trimmedDescription == "self"
        guard let labels = labels(of: reference, at: node, targetIsSelf: targetIsSelf) else { return .skipChildren }
        guard labels.count <= 2 else {
            file.issue(
                at: node,
                "`\(node.oneLine)` takes \(labels.count) arguments; a target-action closure receives the target, "
                    + "the sender and the event only")
            return .skipChildren
        }
        // UIKit hands an action method the sender (and the event): a first parameter of a value
        // type (`ignoreAndShare: Bool`) cannot take it. On iOS it reads the sender's pointer
        // bits; no port keeps that meaning, so the call is left to the author.
        let methodKey = PortIndex.methodKey(reference.name, labels)
        var placeholder: String?
        if let first = index.parameterTypes[methodKey]?.first, Self.valueTypes.contains(first),
            !index.firstParameterRead.contains(methodKey), labels.count == 1
        {
            // The method never reads it: whatever iOS passed made no difference, so any value
            // keeps the meaning.
            placeholder = Self.zeroValues[first]
        }
        if placeholder == nil, let first = index.parameterTypes[methodKey]?.first,
            Self.valueTypes.contains(first)
        {
            file.issue(
                at: node,
                "`\(node.oneLine)`: `\(reference.name)` takes a `\(first)` where UIKit hands the sender; write the "
                    + "closure by hand with the value meant (`{ $0.\(reference.name)(\(labels[0] == "_" ? "" : "\(labels[0]): ")…) }`)")
            return .skipChildren
        }
        // A recognizer made here, or one declared of a kind and given a target here, hands
        // itself; a method declared for another kind (`handleSwipe(_ g: UITapGestureRecognizer)`
        // given to a swipe) gets it unchecked on iOS.
        if placeholder == nil, let sender = Self.recognizerSender(of: call, callName: callName, isInit: isInit),
            Self.gestureRecognizers.contains(sender), labels.count == 1,
            let declared = index.parameterTypes[methodKey]?.first,
            case let first = String(declared.filter { $0 != "!" && $0 != "?" }),
            Self.gestureRecognizers.contains(first), first != sender,
            !(sender == "UIScreenEdgePanGestureRecognizer" && first == "UIPanGestureRecognizer")
        {
            guard !index.firstParameterRead.contains(methodKey) else {
                file.issue(
                    at: node,
                    "`\(node.oneLine)`: `\(reference.name)` takes a `\(first)`, but this `\(sender)` hands itself, "
                        + "which Objective-C passes unchecked: declare the parameter as `\(sender)` or `UIGestureRecognizer`")
                return .skipChildren
            }
            // Never read: any recognizer of the declared kind keeps the meaning.
            placeholder = "\(first)()"
        }
        // A recognizer declared only as `UIGestureRecognizer` holds some kind the declaration
        // does not say; the method says which. Objective-C hands the object over unchecked, and
        // a message the object lacks traps there: the closure casts it the same way.
        var senderCast: String?
        if placeholder == nil, labels.count >= 1,
            Self.recognizerSender(of: call, callName: callName, isInit: isInit) == "UIGestureRecognizer",
            let declared = index.parameterTypes[methodKey]?.first,
            case let first = String(declared.filter { $0 != "!" && $0 != "?" }),
            Self.gestureRecognizers.contains(first)
        {
            senderCast = first
        }
        // The event comes as `UIEvent?` (nil when code sends the actions itself); a method that
        // declares a plain `UIEvent` gets it unwrapped, as iOS hands it one from a touch.
        let types = index.parameterTypes[PortIndex.methodKey(reference.name, labels)] ?? []
        let arguments = labels.enumerated().map { i, label in
            (label == "_" ? "" : "\(label): ")
                + (i == 0 && placeholder != nil ? placeholder!
                    : i == 0 && senderCast != nil ? "$1 as! \(senderCast!)"
                    : "$\(i + 1)" + (i == 1 && types.count == 2 && types[1] == "UIEvent" ? "!" : ""))
        }
        // `#selector(MenuViewController.handleTap(recognizer:))` sent to a target whose type is
        // not visibly that class (`target: toViewController`, a `UIViewController`): on iOS the
        // message is sent whatever the static type says (and traps if the object lacks it), so the
        // closure casts its target the same way.
        var receiver = "$0"
        if Self.isForwardingProxy(target?.expression, index: index) {
            // `target: WeakProxy(self)`: a proxy that hands every message to a weakly held object
            // (made a `DelegateForwarding` by the porter); the method is that object's, so the
            // closure reaches it through the proxy, and does nothing once it is gone, as the
            // message to a proxy whose target is nil does.
            guard let type = reference.typeName ?? Self.enclosingType(of: node) else {
                file.issue(
                    at: node,
                    "`\(node.oneLine)` is sent through a forwarding proxy to an object whose type is not known here: write "
                        + "the closure by hand (`{ ($0.forwardingDelegate as? Target)?.\(reference.name)() }`)")
                return .skipChildren
            }
            receiver = "($0.\(DelegateProxyRewriter.property) as? \(type))?"
        } else if let type = reference.typeName, !Self.isSelf(target?.expression, in: type, index: index) {
            receiver = "($0 as! \(type))"
        }
        let closure = "{ \(receiver).\(reference.name)(\(arguments.joined(separator: ", "))) }"
        file.replace(node, with: closure)
        file.change(
            .selector, at: node,
            "`\(node.oneLine)` -> `\(closure)`"
                + (placeholder.map { "; `\(reference.name)` never reads its first parameter, so it gets `\($0)` where iOS passed the sender" } ?? "")
                + (senderCast.map { "; the recognizer is declared as `UIGestureRecognizer`, so it is cast to the `\($0)` `\(reference.name)` takes, as Objective-C passes it unchecked" } ?? ""))
        return .skipChildren
    }

    /// `UIApplication.shared.sendAction(#selector(m), to: target, from: sender, for: event)`:
    /// the selector becomes a closure whose parameter is typed, as `to:` (an `Any?`) cannot say
    /// the target's type: the type the selector names, the enclosing type when the target is
    /// `self`, or, for a nil target (up the responder chain), the one type in the folder that
    /// declares the method (the first-responder idiom: `_findFirstResponder` in `extension
    /// UIResponder`). A method taking the sender gets it when it takes `Any?`. False (and
    /// reported) for anything else, so the caller reports nothing more.
    private func rewriteSendAction(_ node: MacroExpansionExprSyntax, in call: FunctionCallExprSyntax) -> Bool {
        guard let to = call.arguments.first(where: { $0.label?.text == "to" }) else { return false }
        guard let reference = SelectorReference(node), reference.accessor == nil else {
            file.issue(at: node, "`\(node.oneLine)` sent with `sendAction`: the porter reads `#selector(method)` only; write the closure by hand")
            return true
        }
        let targetIsSelf = to.expression.trimmedDescription == "self"
        guard let labels = labels(of: reference, at: node, targetIsSelf: targetIsSelf) else { return true }
        var type = reference.typeName
        if type == nil, targetIsSelf { type = Self.enclosingType(of: node) }
        if type == nil, to.expression.is(NilLiteralExprSyntax.self) {
            let owners = index.typeFunctions.filter { $0.value[reference.name]?.contains(labels) == true }.map(\.key)
            if owners.count == 1 { type = owners[0] }
        }
        guard let type else {
            file.issue(
                at: node,
                "`\(node.oneLine)` sent with `sendAction`: the type that implements `\(reference.name)` is not known here; "
                    + "write the closure with its parameter typed (`{ (target: Type) in target.\(reference.name)() }`)")
            return true
        }
        let closure: String
        if labels.isEmpty {
            closure = "{ (target: \(type)) in target.\(reference.name)() }"
        } else if labels.count == 1, let first = index.parameterTypes[PortIndex.methodKey(reference.name, labels)]?.first,
            ["Any?", "Any", "AnyObject?"].contains(first)
        {
            let sender = first == "Any" ? "sender as Any" : first == "AnyObject?" ? "sender as AnyObject?" : "sender"
            closure = "{ (target: \(type), sender: Any?) in target.\(reference.name)(\(labels[0] == "_" ? "" : "\(labels[0]): ")\(sender)) }"
        } else {
            file.issue(
                at: node,
                "`\(node.oneLine)` sent with `sendAction`: `\(reference.name)` takes a sender of a type the action cannot "
                    + "vouch for; write the closure by hand (`{ (target: \(type), sender: Any?) in … }`)")
            return true
        }
        file.replace(node, with: closure)
        file.change(.selector, at: node, "`\(node.oneLine)` -> `\(closure)` (UIApplication's closure form of `sendAction`)")
        return true
    }

    /// A bar button item's target-action set through its properties, `item.target = t` and, in
    /// the same block, `item.action = #selector(m)`: the second becomes
    /// `item.setAction(target: t) { $0.m() }` (Flipbook's closure form of the pair; the
    /// `target` assignment stays, harmless). False when the node is not such an assignment.
    private func rewriteActionAssignment(_ node: MacroExpansionExprSyntax) -> Bool {
        guard let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
            case let elements = Array(sequence.elements), elements.count == 3,
            elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id,
            let property = elements[0].as(MemberAccessExprSyntax.self), property.declName.baseName.text == "action",
            let base = property.base?.trimmedDescription,
            let block = sequence.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        // The sibling `base.target = t`.
        var targetExpression: ExprSyntax?
        for item in block {
            guard let other = item.item.as(SequenceExprSyntax.self), case let parts = Array(other.elements), parts.count == 3,
                parts[1].is(AssignmentExprSyntax.self), let member = parts[0].as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "target", member.base?.trimmedDescription == base
            else { continue }
            targetExpression = parts[2]
        }
        guard let targetExpression, case let target = targetExpression.trimmedDescription, target != "nil", let reference = SelectorReference(node), reference.accessor == nil else { return false }
        if let declared = Self.declaredType(of: base, from: node), declared != "UIBarButtonItem" { return false }
        guard let labels = labels(of: reference, at: node, targetIsSelf: target == "self") else { return true }
        guard labels.count <= 1 else {
            file.issue(
                at: node,
                "`\(node.oneLine)` takes \(labels.count) arguments; a bar button item's action receives the item only")
            return true
        }
        var receiver = "$0"
        if let type = reference.typeName, !Self.isSelf(targetExpression, in: type, index: index) {
            receiver = "($0 as! \(type))"
        }
        let arguments = labels.map { ($0 == "_" ? "" : "\($0): ") + "$1" }.joined()
        let text = "\(base).setAction(target: \(target)) { \(receiver).\(reference.name)(\(arguments)) }"
        file.replace(sequence, with: text)
        file.change(.selector, at: node, "`\(sequence.trimmedDescription)` -> `\(text)`")
        return true
    }

    /// Whether `target` is a forwarding proxy of the folder (a class that overrides
    /// `forwardingTarget(for:)`): made in place (`WeakProxy(self)`) or a name declared as one.
    static func isForwardingProxy(_ target: ExprSyntax?, index: PortIndex) -> Bool {
        guard let target else { return false }
        let type: String?
        if let call = target.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            type = name.baseName.text
        } else if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text {
            type = declaredType(of: name, from: target)
        } else {
            type = nil
        }
        guard let type else { return false }
        return index.typeFunctions[type]?["forwardingTarget"] != nil
    }

    /// The kind of recognizer that sends the action: the one made (`UITapGestureRecognizer(target:
    /// action:)`), or the declared type of the one given (or relieved of) a target
    /// (`pan.addTarget(self, action:)` with `pan: UIPanGestureRecognizer`, `self.pan` likewise).
    static func recognizerSender(of call: FunctionCallExprSyntax, callName: String?, isInit: Bool) -> String? {
        if isInit { return callName }
        guard callName == "addTarget" || callName == "removeTarget", var base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        // `pan?.addTarget(…)`, `pan!.addTarget(…)`: the variable's declared type all the same.
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return declaredType(of: reference.baseName.text, from: call)
        }
        if let access = base.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return declaredType(of: access.declName.baseName.text, from: call)
        }
        return nil
    }

    /// UIKit's gesture recognizers, each the sender of the actions it is made with.
    static let gestureRecognizers: Set<String> = [
        "UITapGestureRecognizer", "UIPanGestureRecognizer", "UISwipeGestureRecognizer", "UIPinchGestureRecognizer",
        "UIRotationGestureRecognizer", "UILongPressGestureRecognizer", "UIScreenEdgePanGestureRecognizer",
        "UIHoverGestureRecognizer",
    ]

    /// A value of each of `valueTypes`, for a parameter the method never reads.
    static let zeroValues: [String: String] = [
        "Bool": "false", "Int": "0", "UInt": "0", "Double": "0", "Float": "0", "CGFloat": "0", "String": "\"\"",
        "TimeInterval": "0", "CFTimeInterval": "0", "Int32": "0", "Int64": "0",
    ]
    /// Parameter types no sender or event can be passed as.
    static let valueTypes: Set<String> = [
        "Bool", "Int", "UInt", "Double", "Float", "CGFloat", "String", "TimeInterval", "CFTimeInterval", "Int32", "Int64",
    ]

    /// The labels the selector spells, or those of the one method of that name in the folder.
    private func labels(of reference: SelectorReference, at node: MacroExpansionExprSyntax, targetIsSelf: Bool) -> [String]? {
        if let labels = reference.labels { return labels }
        let declared = index.functions[reference.name] ?? []
        if declared.count == 1 { return declared.first! }
        // Declared with other labels elsewhere: the target's own type (and its superclasses in
        // the folder) may still have one form only.
        if declared.count > 1, targetIsSelf, let type = Self.enclosingType(of: node) {
            var current: String? = type
            var seen: Set<String> = []
            while let name = current, seen.insert(name).inserted {
                if let forms = index.typeFunctions[name]?[reference.name] {
                    if forms.count == 1 { return forms.first! }
                    break
                }
                current = index.superclass(of: name)
            }
        }
        // Only `@objc` methods can be named by a selector: one such form among the overloads is it.
        if declared.count > 1, let objc = index.objcFunctions[reference.name], objc.count == 1 { return objc.first! }
        if declared.isEmpty {
            file.issue(
                at: node,
                "`\(node.oneLine)`: no method named `\(reference.name)` in the ported files, so its arguments are "
                    + "unknown; write the closure by hand (`{ $0.\(reference.name)() }` or `{ $0.\(reference.name)($1) }`)")
        } else {
            let forms = declared.map { "\(reference.name)(\($0.map { "\($0):" }.joined()))" }.sorted()
            file.issue(
                at: node,
                "`\(node.oneLine)` is ambiguous: `\(reference.name)` is declared as \(forms.joined(separator: " and ")); "
                    + "spell the one meant, e.g. `#selector(\(forms[0]))`")
        }
        return nil
    }

    /// Whether `target` visibly is a `type` (or one of its subclasses in the folder): `self` written
    /// inside it, or a name declared with that type in an enclosing function's parameters, an
    /// enclosing block (`let x: T`, `let x = T(…)`) or the enclosing type's properties.
    static func isSelf(_ target: ExprSyntax?, in type: String, index: PortIndex) -> Bool {
        guard let target else { return false }
        let known: String?
        if target.trimmedDescription == "self" {
            known = enclosingType(of: target)
        } else if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text {
            known = declaredType(of: name, from: target)
        } else {
            known = nil
        }
        guard let known else { return false }
        var current: String? = known
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            if name == type { return true }
            current = index.superclass(of: name)
        }
        return false
    }

    /// The written type of `name` as seen from `node`: the nearest parameter, local or member
    /// declaration spelling it (`x: T`, `x: T?`, `x = T(…)`), or nil.
    static func declaredType(of name: String, from node: some SyntaxProtocol) -> String? {
        func written(_ type: TypeSyntax?) -> String? {
            guard var type else { return nil }
            if let o = type.as(OptionalTypeSyntax.self) { type = o.wrappedType }
            if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = o.wrappedType }
            return type.as(IdentifierTypeSyntax.self)?.name.text
        }
        func binding(in decl: VariableDeclSyntax) -> String? {
            for b in decl.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let t = written(b.typeAnnotation?.type) { return t }
                if let call = b.initializer?.value.as(FunctionCallExprSyntax.self),
                    let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    callee.first?.isUppercase == true
                {
                    return callee
                }
            }
            return nil
        }
        var parent = Syntax(node).parent
        while let p = parent {
            if let f = p.as(FunctionDeclSyntax.self) {
                for param in f.signature.parameterClause.parameters
                where (param.secondName ?? param.firstName).text == name {
                    return written(param.type)
                }
            }
            if let i = p.as(InitializerDeclSyntax.self) {
                for param in i.signature.parameterClause.parameters
                where (param.secondName ?? param.firstName).text == name {
                    return written(param.type)
                }
            }
            if let block = p.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    if let v = item.item.as(VariableDeclSyntax.self), let t = binding(in: v) { return t }
                }
            }
            if let members = p.as(MemberBlockItemListSyntax.self) {
                for item in members {
                    if let v = item.decl.as(VariableDeclSyntax.self), let t = binding(in: v) { return t }
                }
            }
            parent = p.parent
        }
        return nil
    }

    /// The class or extension a `#selector(name)` with `self` as target is written in.
    static func enclosingType(of node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let p = parent {
            if let c = p.as(ClassDeclSyntax.self) { return c.name.text }
            if let e = p.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
            if p.is(StructDeclSyntax.self) || p.is(EnumDeclSyntax.self) { return nil }
            parent = p.parent
        }
        return nil
    }

    // MARK: The folder's own forwarding initialisers

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard SelectorWrapper.forwards(DeclSyntax(node)) else { return .visitChildren }
        let source = file.source
        let text = source.text(source.range(node))
        let indent = source.indentation(at: source.start(node))
        guard let twoArguments = SelectorWrapper.rewrite(node, text: text, source: source, arguments: 2),
            let oneArgument = SelectorWrapper.rewrite(node, text: text, source: source, arguments: 1)
        else { return .visitChildren }
        let kept = SelectorWrapper.takesOptionals(node)
        if kept, SelectorWrapper.hasGenericForms(of: node) { return .skipChildren }  // ported before
        let original = kept ? text + "\n\n" + indent : ""
        file.add(SourceEdit(range: source.range(node), replacement: original + twoArguments + "\n\n" + indent + oneArgument))
        file.change(
            .selector, at: node,
            "`init(…target: Any, …: Selector)` -> two generic initialisers taking a closure of the target (and the "
                + "sender), which hand it on as before; their calls take closures"
                + (kept ? " (the original stays, for the calls that pass no target: its `Selector?` can only be nil)" : ""))
        return .skipChildren
    }

    /// Whether `node` is the type of a function parameter used only as `responds(to:)`'s
    /// argument (`func unwind(withSelector: Selector) { … $0.responds(to: withSelector) … }`),
    /// or handed on under its own label.
    static func isOnlyAskedAbout(_ node: IdentifierTypeSyntax) -> Bool {
        guard let parameter = node.parent?.as(FunctionParameterSyntax.self),
            let function = parameter.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }), let body = function.body
        else { return false }
        let name = (parameter.secondName ?? parameter.firstName).text
        let uses = body.descendants(DeclReferenceExprSyntax.self).filter { $0.baseName.text == name }
        return !uses.isEmpty && uses.allSatisfy { use in
            guard let argument = use.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            // `responds(to: selector)`, or handed on under its own label to another such
            // function (`hero.unwindToViewController(withSelector: withSelector)`).
            return (argument.label?.text == "to" && call.calledExpression.calledName == "responds")
                || argument.label?.text == parameter.firstName.text
        }
    }

    // MARK: Other Objective-C selectors

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "Selector" || name == "NSSelectorFromString"
        {
            file.issue(
                at: node,
                "`\(name)(…)` names a method by string, which only the Objective-C runtime can call: pass a closure")
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // A `Selector?` parameter (`override init(target: Any?, action: Selector?)` in a recognizer
        // subclass) compiles: Flipbook's `Selector` is uninhabited, so only `nil` is ever passed.
        let optionalParameter = node.parent?.is(OptionalTypeSyntax.self) == true
            && node.parent?.parent?.is(FunctionParameterSyntax.self) == true
        let inWrapper = node.ancestorOrSelf(mapping: { $0.as(InitializerDeclSyntax.self) }).map { SelectorWrapper.forwards(DeclSyntax($0)) } ?? false
        let optional = node.parent?.is(OptionalTypeSyntax.self) == true || node.parent?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
        if node.name.text == "Selector", optional, !optionalParameter, !inWrapper {
            // `var action: Selector?` compiles as it is and can only ever hold nil.
            file.warning(
                at: node,
                "`Selector?` can only be nil in Flipbook (no Objective-C runtime makes selectors): code that sends it never runs; "
                    + "store a closure (e.g. `(Target) -> Void`) to keep the behaviour")
        } else if node.name.text == "Selector", !optionalParameter, !inWrapper, Self.isOnlyAskedAbout(node) {
            file.warning(
                at: node,
                "a `Selector` parameter compiles, but no code can make one in Flipbook (no Objective-C runtime), so this "
                    + "function can never be called; give it a closure parameter to keep the API")
        } else if node.name.text == "Selector", !optionalParameter, !inWrapper {
            file.issue(
                at: node,
                "a `Selector` value needs the Objective-C runtime: store a closure (e.g. `(Target) -> Void`) instead")
        }
        return .visitChildren
    }
}
