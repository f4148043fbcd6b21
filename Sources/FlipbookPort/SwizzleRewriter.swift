import SwiftSyntax

/// Method swizzling of a method Flipbook lets a library exchange (docs/Porting.md, "Method
/// swizzling"): the statements that look the two methods up and exchange them become one
/// `flipbookInterpose…` call handing over the library's method, and that method's call to
/// itself (the original, after the exchange on iOS) becomes `flipbookOriginal…`.
///
/// ```swift
/// extension CALayer {                                   extension CALayer {
///     static let swizzled: Void = {                         static let swizzled: Void = {
///         let a = #selector(add(_:forKey:))                     CALayer.flipbookInterposeAdd { $0.my_add($1, forKey: $2) }
///         let b = #selector(my_add(_:forKey:))              }()
///         method_exchangeImplementations(               →   func my_add(_ a: CAAnimation, forKey k: String?) {
///             class_getInstanceMethod(self, a)!,                record(a)
///             class_getInstanceMethod(self, b)!)                flipbookOriginalAdd(a, forKey: k)
///     }()                                                   }
///     @objc func my_add(_ a: CAAnimation, forKey k: String?) {
///         record(a)
///         my_add(a, forKey: k)
///     }
/// ```
///
/// Anything else (another class or method, selectors that cannot be told apart, a statement
/// that keeps using a looked-up method) is left as it was and reported by `UnportableReporter`.
final class SwizzleRewriter: IndexedFileVisitor {
    /// The methods Flipbook lets a library exchange, by class and base name, with their argument
    /// labels; `flipbookInterpose<Name>` and `flipbookOriginal<Name>` exist for each (a test
    /// type-checks a use of every one against Flipbook).
    static let interposable: [String: [String: [String]]] = [
        "CALayer": ["add": ["_", "forKey"]],
        "UIViewController": [
            "viewDidLoad": [], "viewWillAppear": ["_"], "viewDidAppear": ["_"], "viewWillDisappear": ["_"],
            "viewDidDisappear": ["_"], "dismiss": ["animated", "completion"],
        ],
        "UIView": ["layoutSubviews": [], "traitCollectionDidChange": ["_"]],
    ]

    /// The Objective-C runtime functions a swizzle calls.
    static let runtimeFunctions: Set<String> = [
        "method_exchangeImplementations", "class_getInstanceMethod", "class_addMethod", "class_replaceMethod",
        "method_getImplementation", "method_getTypeEncoding", "method_setImplementation",
    ]

    static func interposeName(_ method: String) -> String { "flipbookInterpose" + method.prefix(1).uppercased() + method.dropFirst() }
    static func originalName(_ method: String) -> String { "flipbookOriginal" + method.prefix(1).uppercased() + method.dropFirst() }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.calledName == "method_exchangeImplementations" {
            port(node)
            return .skipChildren
        }
        return portHelperCall(node) ? .skipChildren : .visitChildren
    }

    /// A library's own swizzling helper (`static func swizzle(class: AnyClass, original: Selector,
    /// swizzled: Selector)`, its body calling the runtime) can never be called in Flipbook, whose
    /// `Selector` has no values: its body is kept for iOS behind `#if canImport(ObjectiveC)`,
    /// and on Linux it is `switch original {}` (a switch over no values, which ends the
    /// function). Its calls with an interposable pair are ported by `portHelperCall`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body,
            let selector = node.signature.parameterClause.parameters.first(where: { $0.type.trimmedDescription == "Selector" }),
            !Set(body.tokens(viewMode: .sourceAccurate).map(\.text)).isDisjoint(with: Self.runtimeFunctions),
            let first = body.statements.first, let last = body.statements.last
        else { return .visitChildren }
        // Ported already (`#if canImport(ObjectiveC)` … `#else` `switch original {}` `#endif`):
        // what the iOS branch calls is not work left.
        if body.statements.count == 1,
            first.item.as(IfConfigDeclSyntax.self)?.clauses.first?.condition?.trimmedDescription == "canImport(ObjectiveC)"
        {
            file.claim(file.source.range(node))
            return .skipChildren
        }
        let source = file.source
        let name = (selector.secondName ?? selector.firstName).text
        let indent = source.indentation(at: source.start(first))
        let start = source.lineStart(of: source.start(first))
        let end = source.end(last)
        let kept = source.text(start..<end)
        file.add(SourceEdit(
            range: start..<end,
            replacement: "#if canImport(ObjectiveC)\n" + kept + "\n#else\n" + indent + "switch \(name) {}\n#endif", isContainer: true))
        file.claim(source.range(node))
        file.change(
            .swizzle, at: node,
            "`\(node.name.text)` takes a `Selector`, which no code can make in Flipbook: its body stays for iOS under "
                + "`#if canImport(ObjectiveC)`, and is `switch \(name) {}` on Linux")
        return .skipChildren
    }

    /// `Helper.swizzle(class: UIViewController.self, original: a, swizzled: b)`, the folder's own
    /// function handed an interposable class and two selectors (literals, or local constants
    /// bound to them just before): the call and the constants become one `flipbookInterpose…`
    /// registration, as an exchange written out in place does.
    private func portHelperCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledExpression.calledName, index.functions[name] != nil,
            let typeArgument = call.arguments.first(where: {
                $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "self"
            }),
            let type = typeArgument.expression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription,
            let methods = Self.interposable[type],
            let statement = call.parent?.as(CodeBlockItemSyntax.self),
            let list = statement.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var macros: [MacroExpansionExprSyntax] = []
        var constants: [CodeBlockItemSyntax] = []
        for argument in call.arguments where argument.id != typeArgument.id {
            // Another class argument (`usingClass: UIView.self`).
            if argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "self" { continue }
            if let macro = argument.expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector" {
                macros.append(macro)
                continue
            }
            guard let reference = argument.expression.as(DeclReferenceExprSyntax.self) else { return false }
            let constantName = reference.baseName.text
            guard let item = list.first(where: { item in
                guard let v = item.item.as(VariableDeclSyntax.self), v.bindings.count == 1,
                    v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == constantName
                else { return false }
                return item.position < statement.position
            }), let macro = item.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value.as(MacroExpansionExprSyntax.self),
                macro.macroName.text == "selector"
            else { return false }
            // Used nowhere else in the block.
            let uses = list.tokens(viewMode: .sourceAccurate).filter {
                $0.tokenKind == .identifier(constantName)
                    && ($0.parent?.is(DeclReferenceExprSyntax.self) == true || $0.parent?.is(IdentifierPatternSyntax.self) == true)
            }
            guard uses.count == 2 else { return false }
            macros.append(macro)
            constants.append(item)
        }
        guard macros.count == 2, let a = SelectorReference(macros[0]), let b = SelectorReference(macros[1]) else { return false }
        let pair = [a, b]
        let known = pair.filter { methods[$0.name] != nil }
        guard known.count == 1, let original = known.first, let mine = pair.first(where: { methods[$0.name] == nil }),
            let labels = methods[original.name], original.labels == nil || original.labels == labels,
            let method = Self.function(named: mine.name, arity: labels.count, inExtensionOf: type, in: file.source.tree)
        else { return false }
        let myLabels = method.signature.parameterClause.parameters.map { $0.firstName.text }
        let arguments = myLabels.enumerated().map { i, label in (label == "_" ? "" : "\(label): ") + "$\(i + 1)" }
        // The library's method first (`swizzle(selector: mine, with: original)`, after the same
        // call the other way round): the exchange undone, UIKit's method restored.
        let restores = a.name == mine.name
        let registration = restores
            ? "\(type).\(Self.interposeName(original.name))(nil)"
            : "\(type).\(Self.interposeName(original.name)) { $0.\(mine.name)(\(arguments.joined(separator: ", "))) }"
        file.add(SourceEdit(range: file.source.range(statement), replacement: registration, isContainer: true))
        for item in constants {
            file.add(.delete(file.source.removalRange(file.source.range(item)), container: true))
            file.claim(file.source.range(item))
        }
        file.claim(file.source.range(statement))
        file.change(
            .swizzle, at: statement,
            "`\(name)(…)` exchanging `\(type).\(original.name)` with `\(mine.name)` -> `\(registration)`")
        if !restores { rewriteSelfCalls(in: method, myLabels: myLabels, original: original.name, originalLabels: labels) }
        return true
    }

    private func port(_ exchange: FunctionCallExprSyntax) {
        guard let statements = Self.swizzleStatements(around: exchange),
            let type = SelectorRewriter.enclosingType(of: exchange),
            let methods = Self.interposable[type]
        else { return }
        let selectors = statements.flatMap { Self.selectors(in: $0) }
        guard selectors.count == 2, let first = SelectorReference(selectors[0]), let second = SelectorReference(selectors[1])
        else { return }
        let pair = [first, second]
        let known = pair.filter { methods[$0.name] != nil }
        guard known.count == 1, let original = known.first, let mine = pair.first(where: { methods[$0.name] == nil }),
            let labels = methods[original.name], original.labels == nil || original.labels == labels
        else { return }
        guard let method = Self.function(named: mine.name, arity: labels.count, inExtensionOf: type, in: file.source.tree)
        else {
            file.issue(
                at: exchange,
                "`\(mine.name)` is exchanged with `\(type).\(original.name)`, but it is not declared with "
                    + "\(labels.count) argument\(labels.count == 1 ? "" : "s") in an `extension \(type)` of this file: "
                    + "call `\(type).\(Self.interposeName(original.name))` by hand (docs/Porting.md, Method swizzling)")
            return
        }
        // The statements that look the methods up and exchange them, and those that use what
        // they bind; nothing after them may still use it.
        var removed: [CodeBlockItemSyntax] = []
        var names: Set<String> = []
        for item in statements {
            let tokens = Set(item.tokens(viewMode: .sourceAccurate).map(\.text))
            let uses = !tokens.isDisjoint(with: Self.runtimeFunctions) || !Self.selectors(in: item).isEmpty
                || !tokens.isDisjoint(with: names)
            if uses {
                removed.append(item)
                names.formUnion(Self.boundNames(in: item))
            } else if !tokens.isDisjoint(with: names) {
                return
            }
        }
        // The registration takes the place of the last of them (the exchange, and the comment
        // above it); the others go.
        guard let exchangeItem = removed.last else { return }
        let myLabels = method.signature.parameterClause.parameters.map { $0.firstName.text }
        let arguments = myLabels.enumerated().map { i, label in (label == "_" ? "" : "\(label): ") + "$\(i + 1)" }
        let registration = "\(type).\(Self.interposeName(original.name)) { $0.\(mine.name)(\(arguments.joined(separator: ", "))) }"
        file.add(SourceEdit(range: file.source.range(exchangeItem), replacement: registration, isContainer: true))
        for item in removed.dropLast() {
            file.add(.delete(file.source.removalRange(file.source.range(item)), container: true))
        }
        for item in removed { file.claim(file.source.range(item)) }
        file.change(
            .swizzle, at: exchangeItem,
            "exchanging `\(type).\(original.name)` with `\(mine.name)` -> `\(registration)`")
        rewriteSelfCalls(in: method, myLabels: myLabels, original: original.name, originalLabels: labels)
    }

    /// In the library's method, a call of itself (the original, once exchanged) calls
    /// `flipbookOriginal…` with the original's labels.
    private func rewriteSelfCalls(in method: FunctionDeclSyntax, myLabels: [String], original: String, originalLabels: [String]) {
        guard let body = method.body else { return }
        let name = method.name.text
        for call in body.descendants(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression
            let reference: DeclReferenceExprSyntax
            if let ref = callee.as(DeclReferenceExprSyntax.self) {
                reference = ref
            } else if let member = callee.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
                reference = member.declName
            } else {
                continue
            }
            let arguments = Array(call.arguments)
            guard reference.baseName.text == name, arguments.count == myLabels.count,
                zip(arguments, myLabels).allSatisfy({ ($0.label?.text ?? "_") == $1 })
            else { continue }
            file.replace(reference.baseName, with: Self.originalName(original))
            for (argument, label) in zip(arguments, originalLabels) {
                let start = file.source.start(argument)
                let expressionStart = file.source.start(argument.expression)
                file.add(SourceEdit(range: start..<expressionStart, replacement: label == "_" ? "" : "\(label): "))
            }
            file.change(
                .swizzle, at: call,
                "`\(call.oneLine)`: the original `\(original)` -> `\(Self.originalName(original))(…)`")
        }
    }

    /// The statements of the declaration the exchange sits in: a function's body, or the
    /// closure a stored property's initializer calls (`static let swizzle: Void = { … }()`).
    static func swizzleStatements(around node: some SyntaxProtocol) -> [CodeBlockItemSyntax]? {
        var current: Syntax? = Syntax(node)
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) { return function.body.map { Array($0.statements) } }
            // A local (`let swizzling = { cls, a, b in … }`) belongs to what declares it.
            if let variable = n.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
                guard let value = variable.bindings.first?.initializer?.value else { return nil }
                if let call = value.as(FunctionCallExprSyntax.self), let closure = call.calledExpression.as(ClosureExprSyntax.self) {
                    return Array(closure.statements)
                }
                return nil
            }
            if n.is(InitializerDeclSyntax.self) || n.is(ExtensionDeclSyntax.self) || n.is(ClassDeclSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    static func selectors(in node: some SyntaxProtocol) -> [MacroExpansionExprSyntax] {
        node.descendants(MacroExpansionExprSyntax.self).filter { $0.macroName.text == "selector" }
    }

    /// The names a statement binds (`let a = …`, `guard let m = …`, `if let m = …`).
    static func boundNames(in item: CodeBlockItemSyntax) -> Set<String> {
        Set(item.descendants(IdentifierPatternSyntax.self).map(\.identifier.text))
            .union(item.descendants(OptionalBindingConditionSyntax.self).compactMap {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            })
    }

    static func function(named name: String, arity: Int, inExtensionOf type: String, in tree: SourceFileSyntax)
        -> FunctionDeclSyntax?
    {
        for e in tree.descendants(ExtensionDeclSyntax.self) where e.extendedType.trimmedDescription == type {
            for member in e.memberBlock.members {
                if let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == name,
                    f.signature.parameterClause.parameters.count == arity
                {
                    return f
                }
            }
        }
        return nil
    }
}
