import SwiftSyntax

/// `private` and `fileprivate` declarations of a file, and their uses in a declaration.
enum PrivateNames {
    static func declared(in tree: SourceFileSyntax) -> Set<String> {
        final class Collector: SyntaxAnyVisitor {
            var names: Set<String> = []
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                guard let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
                    modifiers.contains(where: {
                        ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail == nil
                    })
                else { return .visitChildren }
                if let named = node.asProtocol(NamedDeclSyntax.self) { names.insert(named.name.text) }
                if let v = node.as(VariableDeclSyntax.self) {
                    for b in v.bindings {
                        if let id = b.pattern.as(IdentifierPatternSyntax.self) { names.insert(id.identifier.text) }
                    }
                }
                return .visitChildren
            }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(tree)
        return c.names
    }

    /// The `private`/`fileprivate` modifiers of the declarations named `name` in `tree`.
    static func modifiers(of name: String, in tree: SourceFileSyntax) -> [DeclModifierSyntax] {
        final class Collector: SyntaxAnyVisitor {
            let name: String
            var found: [DeclModifierSyntax] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                guard let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
                    let modifier = modifiers.first(where: {
                        ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail == nil
                    })
                else { return .visitChildren }
                var names: [String] = []
                if let named = node.asProtocol(NamedDeclSyntax.self) { names.append(named.name.text) }
                if let v = node.as(VariableDeclSyntax.self) {
                    names += v.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                }
                if names.contains(name) { found.append(modifier) }
                return .visitChildren
            }
        }
        let c = Collector(name: name)
        c.walk(tree)
        return c.found
    }

    static func used(in decl: DeclSyntax, among names: Set<String>) -> [String] {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var used: [String] = []
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.baseName.text), !used.contains(node.baseName.text) { used.append(node.baseName.text) }
                return .visitChildren
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.name.text), !used.contains(node.name.text) { used.append(node.name.text) }
                return .visitChildren
            }
        }
        let f = Finder(names: names)
        f.walk(decl)
        return f.used
    }
}
