import SwiftSyntax

/// What the porter must know about the whole ported folder before rewriting any file: method
/// names and their argument labels (for bare `#selector(name)`), `@objc` protocols and their
/// optional requirements (for call sites in other files), and where classes are declared (for
/// overrides moved out of extensions).
struct PortIndex {
    struct ClassSite {
        var path: String
        var decl: ClassDeclSyntax
    }

    struct ObjCProtocol {
        var path: String
        var decl: ProtocolDeclSyntax
        /// The optional requirements, each with the default it can be given (or why none).
        var optionalRequirements: [(decl: DeclSyntax, name: String, kind: OptionalRequirement.DefaultKind)]
        /// A protocol with an optional requirement that cannot get a default keeps `@objc` and
        /// all its optional requirements, so it still compiles on iOS.
        var isKept: Bool { optionalRequirements.contains { if case .none = $0.kind { true } else { false } } }
    }

    /// Method base name -> the distinct argument label lists it is declared with (`_` unlabelled).
    var functions: [String: Set<[String]>] = [:]
    /// Names of stored or computed properties (closure properties are called with `?(…)` too).
    var properties: Set<String> = []
    var classes: [String: ClassSite] = [:]
    /// Qualified names of structs, enums, actors and protocols.
    var otherTypes: Set<String> = []
    var objcProtocols: [String: ObjCProtocol] = [:]

    /// Names of optional requirements that become plain requirements with defaults.
    var portedOptionalNames: Set<String> {
        var names: Set<String> = []
        for p in objcProtocols.values where !p.isKept { for r in p.optionalRequirements { names.insert(r.name) } }
        return names
    }

    /// The first inherited type of a class declared in the folder (its superclass when it has one).
    func superclass(of name: String) -> String? {
        classes[name]?.decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
    }

    init(sources: [PortSource]) {
        for source in sources {
            let collector = Collector(path: source.path)
            collector.walk(source.tree)
            for (name, labels) in collector.functions { functions[name, default: []].formUnion(labels) }
            properties.formUnion(collector.properties)
            for (name, site) in collector.classes where classes[name] == nil { classes[name] = site }
            otherTypes.formUnion(collector.otherTypes)
            for (name, p) in collector.protocols where objcProtocols[name] == nil { objcProtocols[name] = p }
        }
    }

    private final class Collector: SyntaxVisitor {
        let path: String
        var scope: [String] = []
        var functions: [String: Set<[String]>] = [:]
        var properties: Set<String> = []
        var classes: [String: ClassSite] = [:]
        var otherTypes: Set<String> = []
        var protocols: [String: ObjCProtocol] = [:]

        init(path: String) {
            self.path = path
            super.init(viewMode: .sourceAccurate)
        }

        func qualified(_ name: String) -> String { (scope + [name]).joined(separator: ".") }

        /// A struct, enum or actor: known as a type that is not a class, and the scope of what it holds.
        func enterOtherType(_ name: String) -> SyntaxVisitorContinueKind {
            otherTypes.insert(qualified(name))
            scope.append(name)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            classes[qualified(node.name.text)] = ClassSite(path: path, decl: node)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterOtherType(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterOtherType(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterOtherType(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            scope.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            otherTypes.insert(qualified(node.name.text))
            guard node.attributes.contains(named: "objc") else { return .visitChildren }
            var requirements: [(decl: DeclSyntax, name: String, kind: OptionalRequirement.DefaultKind)] = []
            for member in node.memberBlock.members {
                guard let name = OptionalRequirement.name(of: member.decl), OptionalRequirement.isOptional(member.decl)
                else { continue }
                requirements.append((member.decl, name, OptionalRequirement.defaultKind(of: member.decl)))
            }
            protocols[node.name.text] = ObjCProtocol(path: path, decl: node, optionalRequirements: requirements)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            functions[node.name.text, default: []].insert(node.signature.parameterClause.parameters.map { $0.firstName.text })
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                if let id = binding.pattern.as(IdentifierPatternSyntax.self) { properties.insert(id.identifier.text) }
            }
            return .visitChildren
        }
    }
}

extension AttributeListSyntax {
    func contains(named name: String) -> Bool { contains { $0.attributeName == name } }
}

extension AttributeListSyntax.Element {
    /// `objc` for `@objc` and `@objc(name:)`; nil for an `#if` inside an attribute list.
    var attributeName: String? {
        guard case .attribute(let a) = self else { return nil }
        return a.attributeName.trimmedDescription
    }
}
