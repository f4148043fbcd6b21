import SwiftSyntax

/// Combine is on every iOS device, so a library that imports it (even under `#if
/// canImport(Combine)`) uses its names unguarded: a
/// `CurrentValueSubject` property that publishes a panel's state, the statements that send to
/// it. Linux has no Combine, and Flipbook does not provide it (docs/Porting.md, "What stays out
/// of reach"), so those lines cannot compile there. The porter puts them under the same
/// `#if canImport(Combine)`:
///
/// - each declaration whose type, signature or attributes name a Combine type (`Self.names`),
///   with a warning: that API does not exist on Linux;
/// - each statement that uses such a declaration, found by name in the whole folder
///   (`PortIndex.combineMembers`), or a Combine name itself, when it is one that can go alone
///   (an expression, an assignment); one that binds a name or returns is left by hand.
///
/// `ImportRewriter` gates the `import Combine` alone. A file it leaves out on Linux whole (one
/// importing SwiftUI as well) is not visited.
final class CombineGateRewriter: IndexedFileVisitor {
    static let condition = "canImport(Combine)"

    /// Combine's type names, and `@Published`, which a declaration is tested for.
    /// (Only names no library would give its own types: not `Future`, `Just` or `Subject`.)
    static let names: Set<String> = [
        "CurrentValueSubject", "PassthroughSubject", "AnyPublisher", "AnyCancellable", "Publishers", "Subscribers",
        "Published", "ObservableObject", "ObservableObjectPublisher", "ImmediateScheduler", "AnySubscriber",
    ]

    /// Names of the declarations in `tree` that `gatedDeclarations` would gate.
    static func members(in tree: SourceFileSyntax) -> Set<String> {
        guard !isLeftOutWhole(tree) else { return [] }
        var found: Set<String> = []
        for decl in gatedDeclarations(in: tree) {
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { found.insert(name) }
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                found.insert(function.name.text)
            }
        }
        return found
    }

    override func run() {
        guard !Self.isLeftOutWhole(file.source.tree) else { return }
        let declarations = Self.gatedDeclarations(in: file.source.tree)
        for decl in declarations {
            if !Self.isUnderCombineGate(Syntax(decl)) { wrap(Syntax(decl)) }
            let name = Self.summary(decl)
            file.warning(
                at: decl,
                "`\(name)` uses Combine, which Linux does not have: it is compiled only where Combine is "
                    + "(`#if \(Self.condition)`), and code elsewhere that uses it is gated the same way")
        }
        let statements = StatementFinder(names: Self.names.union(index.combineMembers), skipping: declarations.map(\.id))
        statements.walk(file.source.tree)
        for item in statements.found {
            let alone: Bool
            switch item.item {
            case .expr: alone = true
            case .stmt(let statement):
                // Statements that leave nothing behind for the code after them.
                alone = statement.is(ExpressionStmtSyntax.self) || statement.is(ForStmtSyntax.self)
                    || statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self)
                    || statement.is(DoStmtSyntax.self) || statement.is(DeferStmtSyntax.self)
            case .decl: alone = false
            }
            if alone {
                wrap(Syntax(item))
                file.change(.combineGate, at: item, "`\(item.oneLine)` -> under `#if \(Self.condition)`: it uses Combine")
            } else {
                file.issue(
                    at: item,
                    "`\(item.oneLine)` uses Combine, which Linux does not have, and declares, returns or exits: "
                        + "put it and what uses it under `#if \(Self.condition)`")
            }
        }
    }

    private func wrap(_ node: Syntax) {
        let source = file.source
        let start = source.lineStart(of: source.start(node))
        let indent = source.indentation(at: source.start(node))
        let end = source.lineEnd(of: source.end(node))
        file.add(.insert("\(indent)#if \(Self.condition)\n", at: start))
        file.add(.insert("\n\(indent)#endif", at: end))
    }

    /// Whether `ImportRewriter` leaves the file out on Linux whole: it imports another framework
    /// Flipbook does not provide (SwiftUI beside Combine).
    static func isLeftOutWhole(_ tree: SourceFileSyntax) -> Bool {
        ImportFinder.imports(in: tree).contains { decl in
            guard let module = decl.path.first?.name.text, module != "Combine", ImportRewriter.unprovidedModules.contains(module),
                !ImportRewriter.isGatedAway(decl, module: module)
            else { return false }
            return !ImportRewriter.usesOnlyProvided(module, in: tree)
        }
    }

    /// Whether `node` sits in a clause that asks for Combine.
    static func isUnderCombineGate(_ node: Syntax) -> Bool {
        node.ancestors(IfConfigClauseSyntax.self).contains { $0.condition?.trimmedDescription == condition }
    }

    /// Whether `node` sits in a clause that already asks for Combine, or for another framework
    /// Linux does not have (`#if canImport(SwiftUI)` around a whole file): not compiled there.
    static func isGated(_ node: Syntax) -> Bool {
        node.ancestors(IfConfigClauseSyntax.self).contains { clause in
            guard let text = clause.condition?.trimmedDescription, !text.contains("!") else { return false }
            return ImportRewriter.unprovidedModules.contains { text.contains("canImport(\($0))") }
        }
    }

    /// The declarations whose type, signature or attributes name Combine's types, outermost
    /// only: those to gate, and those already under `#if canImport(Combine)`.
    static func gatedDeclarations(in tree: SourceFileSyntax) -> [DeclSyntax] {
        final class Finder: SyntaxVisitor {
            var found: [DeclSyntax] = []
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                var tokens = Array(node.attributes.tokens(viewMode: .sourceAccurate))
                for binding in node.bindings {
                    if let type = binding.typeAnnotation { tokens += type.tokens(viewMode: .sourceAccurate) }
                    if let value = binding.initializer { tokens += value.tokens(viewMode: .sourceAccurate) }
                }
                return note(DeclSyntax(node), tokens)
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                note(DeclSyntax(node), Array(node.attributes.tokens(viewMode: .sourceAccurate)) + node.signature.tokens(viewMode: .sourceAccurate))
            }
            private func note(_ decl: DeclSyntax, _ tokens: [TokenSyntax]) -> SyntaxVisitorContinueKind {
                let usesCombine = tokens.contains { token in
                    if case .identifier(let name) = token.tokenKind { return CombineGateRewriter.names.contains(name) }
                    return false
                }
                // Under a gate for another missing framework, it is not compiled on Linux at
                // all; under Combine's own gate (a second run), it is found again, unwrapped.
                guard usesCombine, CombineGateRewriter.isUnderCombineGate(Syntax(decl)) || !CombineGateRewriter.isGated(Syntax(decl))
                else { return .visitChildren }
                // A local declaration in a body is a statement: the statement pass reports it.
                if let item = decl.parent?.as(CodeBlockItemSyntax.self), item.parent?.parent?.is(SourceFileSyntax.self) == false {
                    return .skipChildren
                }
                found.append(decl)
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    /// A short name for a declaration in messages.
    static func summary(_ decl: DeclSyntax) -> String {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return "var " + variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }.joined(separator: ", ")
        }
        if let function = decl.as(FunctionDeclSyntax.self) { return "func \(function.name.text)" }
        return decl.oneLine
    }

    /// The innermost statements in bodies that use one of `names`, outside the declarations
    /// being gated and outside code already gated.
    final class StatementFinder: SyntaxVisitor {
        let names: Set<String>
        let skipping: [SyntaxIdentifier]
        var found: [CodeBlockItemSyntax] = []

        init(names: Set<String>, skipping: [SyntaxIdentifier]) {
            self.names = names
            self.skipping = skipping
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            // Only statements inside bodies (a file's top-level declarations are declarations).
            guard node.parent?.parent?.is(SourceFileSyntax.self) == false, !node.item.is(IfConfigDeclSyntax.self),
                !CombineGateRewriter.isGated(Syntax(node))
            else { return .visitChildren }
            let direct = usesOutsideNestedBlocks(Syntax(node.item))
            if direct {
                found.append(node)
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            skipping.contains(node.id) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            skipping.contains(node.id) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            CombineGateRewriter.isGated(Syntax(node)) ? .skipChildren : .visitChildren
        }

        /// Whether `item` names one of `names` other than inside a nested code block (whose
        /// statements are visited on their own).
        private func usesOutsideNestedBlocks(_ item: Syntax) -> Bool {
            final class Scan: SyntaxVisitor {
                let names: Set<String>
                var hit = false
                init(names: Set<String>) {
                    self.names = names
                    super.init(viewMode: .sourceAccurate)
                }
                override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
                override func visit(_ node: TokenSyntax) -> SyntaxVisitorContinueKind {
                    if case .identifier(let name) = node.tokenKind, names.contains(name) { hit = true }
                    return .skipChildren
                }
            }
            let scan = Scan(names: names)
            scan.walk(item)
            return scan.hit
        }
    }
}
