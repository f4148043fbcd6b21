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
        /// The requirement among `optionalRequirements` that a reference to `name` with `labels`
        /// names (`nil` labels: any of that base name).
        func requirement(_ name: String, labels: [String]?) -> (decl: DeclSyntax, name: String, kind: OptionalRequirement.DefaultKind)? {
            optionalRequirements.first { $0.name == name && OptionalRequirement.matches($0.decl, labels: labels) }
        }
        /// A protocol with an optional requirement that cannot get a default keeps `@objc` and
        /// all its optional requirements, so it still compiles on iOS.
        var isKept: Bool { optionalRequirements.contains { if case .none = $0.kind { true } else { false } } }
    }

    /// Method base name -> the distinct argument label lists it is declared with (`_` unlabelled).
    var functions: [String: Set<[String]>] = [:]
    /// The same for methods marked `@objc` or `@IBAction`: a bare `#selector(name)` can only
    /// name one of those, so it resolves among them when the name is overloaded.
    var objcFunctions: [String: Set<[String]>] = [:]
    /// The same per type (a class's body and its extensions), to resolve `#selector(update)`
    /// with `self` as target when other types declare `update` with other labels.
    var typeFunctions: [String: [String: Set<[String]>]] = [:]
    /// Method base name and labels (`name(a:b:)`, `_` unlabelled) -> the written type of each
    /// parameter, when every declaration of that form agrees.
    var parameterTypes: [String: [String]] = [:]
    /// Methods (`name(a:b:)`) some declaration of which reads its first parameter in its body.
    var firstParameterRead: Set<String> = []
    /// Names of stored or computed properties (closure properties are called with `?(…)` too).
    var properties: Set<String> = []
    /// Properties typed `AnyObject?` (or `AnyObject!`, `AnyObject`) wherever the folder declares
    /// a property of that name: Objective-C lets code call any method on them.
    var anyObjectProperties: Set<String> = []
    /// `name(a:b:)` of each method a protocol of the folder requires -> those protocols.
    var requirementOwners: [String: Set<String>] = [:]
    /// Base names of protocol requirements that an extension of their protocol in the folder
    /// implements (as the porter writes for an `@objc optional` one): `true` when every such
    /// default is a method with an empty body. On a second run, these are what the first made.
    var defaultedRequirements: [String: [(labels: [String], kind: OptionalRequirement.DefaultKind)]] = [:]
    /// `Void` optional requirements (`name(label:…)`) that an `if let f = d?.name(_:…) { f(…) }
    /// else { … }` asks about (`OptionalCallFallback`): their defaults note that they are ones.
    var probedVoidRequirements: Set<String> = []
    /// Names of the declarations `CombineGateRewriter` puts under `#if canImport(Combine)`, in
    /// every file: the statements that use them anywhere are gated too.
    var combineMembers: Set<String> = []
    /// Delegate proxies answering `responds(to:)` for their delegates (`RespondingProxyRewriter`),
    /// and how often each one's helper is called other than from what that pass removes.
    var respondingProxies: [RespondingProxyRewriter.Proxy] = []
    var respondingProxyHelperUses: [String: Int] = [:]
    var classes: [String: ClassSite] = [:]
    /// Every declaration of each class name: a folder may hold two copies of a library (its
    /// sources and an example's vendored copy), each class declared once per copy.
    var classSites: [String: [ClassSite]] = [:]
    /// Qualified names of structs, enums, actors and protocols.
    var otherTypes: Set<String> = []
    /// Frameworks Flipbook does not provide that some file of the folder imports (GLKit, …).
    var unprovidedImports: Set<String> = []
    /// Protocols of the folder that require a plain `init()`.
    var protocolsRequiringInit: Set<String> = []
    /// Type name -> the types its declarations and extensions in the folder list after `:`.
    var conformances: [String: Set<String>] = [:]
    /// Generic parameter name -> the types the folder writes for it where it uses a generic
    /// class of its own (`ItemBaseController<UIImageView>` binds `T` to `UIImageView`).
    var genericArguments: [String: Set<String>] = [:]
    /// Properties the folder declares as a metatype (`var type: InterfaceViewController.Type`,
    /// optional or not) -> the class, when every declaration of that name agrees.
    var metatypeProperties: [String: String] = [:]
    var objcProtocols: [String: ObjCProtocol] = [:]
    /// Further declarations of a protocol name already in `objcProtocols`: a library may declare
    /// its delegate protocol once per platform, in `#if os(macOS)` and `#if !os(macOS)` files.
    /// Each declaration is rewritten in its own file.
    var objcProtocolVariants: [String: [ObjCProtocol]] = [:]

    /// The plan for the `@objc` protocol declared by `decl` in the file at `path`.
    func objcProtocol(declaredBy decl: ProtocolDeclSyntax, in path: String) -> ObjCProtocol? {
        let name = decl.name.text
        return ([objcProtocols[name]].compactMap { $0 } + (objcProtocolVariants[name] ?? []))
            .first { $0.path == path && $0.decl.id == decl.id }
    }
    /// Members declared (not overriding) in extensions, by `MemberKey`: where, and of what type.
    /// Swift without Objective-C cannot override them, wherever the override is written.
    var extensionMembers: [String: [(path: String, line: Int, type: String)]] = [:]
    /// Members declared (not overriding) in class bodies, by `MemberKey`.
    var classMembers: Set<String> = []
    /// Overrides, by `MemberKey`: the classes (or extended types) that declare them.
    var overridingTypes: [String: Set<String>] = [:]
    /// Members declared (not overriding) in each class's body, by class name and `MemberKey`.
    var classBodyMembers: [String: Set<String>] = [:]
    /// Members the folder declares itself (not overrides), anywhere, by `MemberKey`: a UIKit name
    /// the folder also declares is the folder's, and keeps its spelling (`LegacyNameRewriter`).
    var declaredMembers: Set<String> = []
    /// The folder's own functions and initialisers that take a `Selector` (not overrides of
    /// UIKit's), as `name|label` of that parameter (`init|label` for an initialiser, which a call
    /// through a subclass's name reaches too), with where each is.
    var selectorParameters: [String: [SelectorAPI]] = [:]

    /// A declaration of the folder's that takes a `Selector`: its argument labels (`_` for none)
    /// and which of them have a default, to tell its calls from UIKit's of the same name.
    struct SelectorAPI {
        var path: String
        var line: Int
        var labels: [String]
        var defaulted: [Bool]
        /// A gesture recognizer's convenience initialiser that only hands its `target:` and
        /// `action:` on to another initialiser: it is ported with its calls (`SelectorWrapper`).
        var forwards = false

        /// Whether a call with `labels` (its trailing closures left out) reaches this declaration.
        func accepts(_ callLabels: [String]) -> Bool {
            var i = 0
            for (label, hasDefault) in zip(labels, defaulted) {
                if i < callLabels.count, callLabels[i] == label {
                    i += 1
                } else if !hasDefault {
                    return false
                }
            }
            return i == callLabels.count
        }
    }

    /// A method an extension declares, which may implement a requirement of the extended protocol.
    struct ExtensionDefault {
        var key: String
        var name: String
        var labels: [String]
        /// What its body is, read as an optional requirement's default (a second run's).
        var kind: OptionalRequirement.DefaultKind
    }

    /// Names of optional requirements that become plain requirements with defaults.
    var portedOptionalNames: Set<String> {
        var names: Set<String> = []
        for p in objcProtocols.values where !p.isKept { for r in p.optionalRequirements { names.insert(r.name) } }
        return names
    }

    /// `name(a:b:)` for a method's base name and labels.
    static func methodKey(_ name: String, _ labels: [String]) -> String { "\(name)(\(labels.map { "\($0):" }.joined()))" }

    init(sources: [PortSource]) {
        var propertyTypes: [String: Set<String>] = [:]
        var extensionDefaults: [String: [ExtensionDefault]] = [:]
        var genericUses: [(String, [String])] = []
        defer {
            anyObjectProperties = Set(propertyTypes.filter { !$0.value.isEmpty && $0.value.allSatisfy(Self.isAnyObjectType) }.keys)
            for (name, types) in propertyTypes where types.count == 1 {
                if let base = Self.metatypeBase(types.first!) { metatypeProperties[name] = base }
            }
            for (type, arguments) in genericUses {
                guard let parameters = classes[type]?.decl.genericParameterClause?.parameters else { continue }
                for (parameter, argument) in zip(parameters, arguments) { genericArguments[parameter.name.text, default: []].insert(argument) }
            }
            for (type, defaults) in extensionDefaults {
                for d in defaults where requirementOwners[d.key]?.contains(type) == true {
                    defaultedRequirements[d.name, default: []].append((d.labels, d.kind))
                }
            }
            resolveFallbacks(in: sources)
            respondingProxyHelperUses = RespondingProxyRewriter.otherHelperUses(in: sources, proxies: respondingProxies, index: self)
        }
        for source in sources {
            for decl in ImportFinder.imports(in: source.tree) {
                if let module = decl.path.first?.name.text, ImportRewriter.unprovidedModules.contains(module) {
                    unprovidedImports.insert(module)
                }
            }
            combineMembers.formUnion(CombineGateRewriter.members(in: source.tree))
            respondingProxies += RespondingProxyRewriter.proxies(in: source.tree)
            let collector = Collector(source: source)
            collector.walk(source.tree)
            for (name, labels) in collector.functions { functions[name, default: []].formUnion(labels) }
            for (name, labels) in collector.objcFunctions { objcFunctions[name, default: []].formUnion(labels) }
            firstParameterRead.formUnion(collector.firstParameterRead)
            probedVoidRequirements.formUnion(collector.probedVoidRequirements)
            for (key, types) in collector.parameterTypes {
                if let known = parameterTypes[key], known != types { parameterTypes[key] = known.map { _ in "" } } else { parameterTypes[key] = types }
            }
            for (type, table) in collector.typeFunctions {
                for (name, labels) in table { typeFunctions[type, default: [:]][name, default: []].formUnion(labels) }
            }
            properties.formUnion(collector.properties)
            for (name, types) in collector.propertyTypes { propertyTypes[name, default: []].formUnion(types) }
            for (key, owners) in collector.requirementOwners { requirementOwners[key, default: []].formUnion(owners) }
            for (type, defaults) in collector.extensionDefaults { extensionDefaults[type, default: []] += defaults }
            for (name, site) in collector.classes {
                if classes[name] == nil { classes[name] = site }
                classSites[name, default: []].append(site)
            }
            otherTypes.formUnion(collector.otherTypes)
            protocolsRequiringInit.formUnion(collector.protocolsRequiringInit)
            for (type, names) in collector.conformances { conformances[type, default: []].formUnion(names) }
            genericUses += collector.genericUses
            for (name, p) in collector.protocols {
                if objcProtocols[name] == nil { objcProtocols[name] = p } else { objcProtocolVariants[name, default: []].append(p) }
            }
            for (key, sites) in collector.extensionMembers { extensionMembers[key, default: []] += sites }
            classMembers.formUnion(collector.classMembers)
            for (key, types) in collector.overridingTypes { overridingTypes[key, default: []].formUnion(types) }
            for (name, keys) in collector.classBodyMembers { classBodyMembers[name, default: []].formUnion(keys) }
            declaredMembers.formUnion(collector.declaredMembers)
            for (key, apis) in collector.selectorParameters { selectorParameters[key, default: []] += apis }
        }
    }

    static func isAnyObjectType(_ type: String) -> Bool { ["AnyObject", "AnyObject?", "AnyObject!"].contains(type) }

    /// `Base.Type`, `Base.Type?`, `Base.Type!` -> `Base`.
    static func metatypeBase(_ type: String) -> String? {
        var t = Substring(type)
        if t.hasSuffix("?") || t.hasSuffix("!") { t = t.dropLast() }
        guard t.hasSuffix(".Type") else { return nil }
        let base = t.dropLast(5)
        guard !base.isEmpty, base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return String(base)
    }

    /// Optional requirements returning a value get the fallback all their callers use, when
    /// they agree (`OptionalFallbacks`); methods otherwise keep their type when it has a
    /// placeholder value (`.probed`), and become Optional when not.
    private mutating func resolveFallbacks(in sources: [PortSource]) {
        var names: Set<String> = []
        for p in Array(objcProtocols.values) + objcProtocolVariants.values.joined() {
            for r in p.optionalRequirements { if case .none = r.kind { names.insert(r.name) } }
        }
        guard !names.isEmpty else { return }
        let uses = OptionalFallbacks.uses(of: names, in: sources, properties: properties)
        func resolve(_ plan: inout ObjCProtocol) {
            for i in plan.optionalRequirements.indices {
                let r = plan.optionalRequirements[i]
                guard case .none = r.kind else { continue }
                // The uses that may name this requirement: those of its base name whose labels are
                // its own, or unknown.
                // An unlabelled reference that reads a property of the same name names no method.
                let isMethod = r.decl.is(FunctionDeclSyntax.self)
                let fallbacks = (uses[r.name] ?? [])
                    .filter { OptionalRequirement.matches(r.decl, labels: $0.labels) && !(isMethod && $0.readsProperty) }
                    .map(\.fallback)
                if let first = fallbacks.first, let constant = first, fallbacks.allSatisfy({ $0 == constant }) {
                    plan.optionalRequirements[i].kind = .returns(constant)
                } else if let f = r.decl.as(FunctionDeclSyntax.self), let type = f.signature.returnClause?.type,
                    let placeholder = OptionalRequirement.placeholder(for: type)
                {
                    // The iOS signature stays, so conforming types written for iOS implement it;
                    // calls learn "not implemented" from the default at run time.
                    plan.optionalRequirements[i].kind = .probed(placeholder)
                } else if let type = OptionalRequirement.optionalizableType(of: r.decl) {
                    // Callers already read it as Optional (`if let v = p.req`, `p.req?.x`):
                    // the requirement becomes `T?` defaulting to nil.
                    plan.optionalRequirements[i].kind = .optionalized(type.trimmedDescription)
                }
            }
        }
        for key in Array(objcProtocols.keys) { resolve(&objcProtocols[key]!) }
        for key in Array(objcProtocolVariants.keys) {
            for i in objcProtocolVariants[key]!.indices { resolve(&objcProtocolVariants[key]![i]) }
        }
    }

    private final class Collector: SyntaxVisitor {
        let path: String
        var scope: [String] = []
        var functions: [String: Set<[String]>] = [:]
        var objcFunctions: [String: Set<[String]>] = [:]
        var parameterTypes: [String: [String]] = [:]
        var firstParameterRead: Set<String> = []
        var typeFunctions: [String: [String: Set<[String]>]] = [:]
        var properties: Set<String> = []
        /// Property name -> the written types of its declarations ("" for none written).
        var propertyTypes: [String: Set<String>] = [:]
        var requirementOwners: [String: Set<String>] = [:]
        /// Extended type -> its methods: `name(a:b:)`, base name, and whether the body is empty
        /// with no return type.
        var extensionDefaults: [String: [ExtensionDefault]] = [:]
        var classes: [String: ClassSite] = [:]
        var otherTypes: Set<String> = []
        var protocolsRequiringInit: Set<String> = []
        var conformances: [String: Set<String>] = [:]
        /// Each generic type written with arguments: its name and the arguments.
        var genericUses: [(String, [String])] = []
        var protocols: [String: ObjCProtocol] = [:]
        var extensionMembers: [String: [(path: String, line: Int, type: String)]] = [:]
        var classMembers: Set<String> = []
        var overridingTypes: [String: Set<String>] = [:]
        var classBodyMembers: [String: Set<String>] = [:]
        var declaredMembers: Set<String> = []
        var selectorParameters: [String: [SelectorAPI]] = [:]
        var probedVoidRequirements: Set<String> = []
        let source: PortSource

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
            if let fallback = OptionalCallFallback(node) {
                probedVoidRequirements.insert(OptionalCallFallback.key(fallback.name, labels: fallback.labels))
            }
            return .visitChildren
        }

        /// Notes the `Selector` parameters of a function or initialiser named `name`.
        func noteSelectorParameters(_ name: String, _ parameters: FunctionParameterListSyntax, in decl: some DeclSyntaxProtocol) {
            guard !ExtensionOverrideMover.isOverride(DeclSyntax(decl)) else { return }
            var api = SelectorAPI(
                path: path, line: source.line(decl), labels: parameters.map { $0.firstName.text },
                defaulted: parameters.map { $0.defaultValue != nil })
            api.forwards = SelectorWrapper.forwards(DeclSyntax(decl))
            for p in parameters {
                var type = p.type.trimmedDescription
                while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
                guard type == "Selector" else { continue }
                selectorParameters["\(name)|\(p.firstName.text)", default: []].append(api)
            }
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            noteSelectorParameters("init", node.signature.parameterClause.parameters, in: node)
            return .visitChildren
        }

        init(source: PortSource) {
            self.path = source.path
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        /// Records a member's declaration by the kind of body it is declared in.
        func noteMember(_ decl: some DeclSyntaxProtocol) {
            guard let key = MemberKey.of(DeclSyntax(decl)) else { return }
            if ExtensionOverrideMover.isOverride(DeclSyntax(decl)) {
                let body = decl.parent?.parent?.parent?.parent
                if let type = body?.as(ClassDeclSyntax.self)?.name.text ?? body?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription {
                    overridingTypes[key, default: []].insert(type)
                }
                return
            }
            declaredMembers.insert(key)
            guard let body = decl.parent?.parent?.parent?.parent
            else { return }
            if let ext = body.as(ExtensionDeclSyntax.self) {
                extensionMembers[key, default: []].append((path, source.line(decl), ext.extendedType.trimmedDescription))
            } else if let cls = body.as(ClassDeclSyntax.self) {
                classMembers.insert(key)
                classBodyMembers[cls.name.text, default: []].insert(key)
            }
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
            noteConformances(of: qualified(node.name.text), node.inheritanceClause)
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

        func noteConformances(of type: String, _ clause: InheritanceClauseSyntax?) {
            for inherited in clause?.inheritedTypes ?? [] { conformances[type, default: []].insert(inherited.type.trimmedDescription) }
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if let arguments = node.genericArgumentClause?.arguments {
                genericUses.append((node.name.text, arguments.map { $0.argument.trimmedDescription }))
            }
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            noteConformances(of: node.extendedType.trimmedDescription, node.inheritanceClause)
            for member in node.memberBlock.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self) else { continue }
                let labels = f.signature.parameterClause.parameters.map { $0.firstName.text }
                let key = PortIndex.methodKey(f.name.text, labels)
                let kind: OptionalRequirement.DefaultKind
                let statements = Array(f.body?.statements ?? [])
                if f.signature.returnClause == nil, statements.isEmpty {
                    kind = .emptyBody
                } else if statements.count == 1, let e = statements[0].item.as(ExprSyntax.self)
                    ?? statements[0].item.as(ReturnStmtSyntax.self)?.expression,
                    !e.is(NilLiteralExprSyntax.self), OptionalFallbacks.isConstant(e)
                {
                    kind = .returns(e.trimmedDescription)
                } else {
                    kind = .returnsNil
                }
                extensionDefaults[node.extendedType.trimmedDescription, default: []].append(
                    ExtensionDefault(key: key, name: f.name.text, labels: labels, kind: kind))
            }
            scope.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            otherTypes.insert(qualified(node.name.text))
            for member in node.memberBlock.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self) else { continue }
                let key = PortIndex.methodKey(f.name.text, f.signature.parameterClause.parameters.map { $0.firstName.text })
                requirementOwners[key, default: []].insert(node.name.text)
            }
            if node.memberBlock.members.contains(where: {
                $0.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
            }) {
                protocolsRequiringInit.insert(node.name.text)
            }
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
            let labels = node.signature.parameterClause.parameters.map { $0.firstName.text }
            functions[node.name.text, default: []].insert(labels)
            if node.attributes.contains(named: "objc") || node.attributes.contains(named: "IBAction") {
                objcFunctions[node.name.text, default: []].insert(labels)
            }
            let types = node.signature.parameterClause.parameters.map { $0.type.trimmedDescription }
            let key = PortIndex.methodKey(node.name.text, labels)
            if let known = parameterTypes[key], known != types { parameterTypes[key] = types.map { _ in "" } } else { parameterTypes[key] = types }
            if let first = node.signature.parameterClause.parameters.first {
                let name = (first.secondName ?? first.firstName).text
                let read = node.body.map { body in
                    body.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
                } ?? true
                if read { firstParameterRead.insert(key) }
            }
            if let type = scope.last { typeFunctions[type, default: [:]][node.name.text, default: []].insert(labels) }
            noteMember(node)
            noteSelectorParameters(node.name.text, node.signature.parameterClause.parameters, in: node)
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                if let id = binding.pattern.as(IdentifierPatternSyntax.self) {
                    properties.insert(id.identifier.text)
                    propertyTypes[id.identifier.text, default: []].insert(binding.typeAnnotation?.type.trimmedDescription ?? "")
                }
            }
            noteMember(node)
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

/// A member's identity for overriding: `name(label:_:)` for a method, the name for a property.
enum MemberKey {
    static func of(_ decl: DeclSyntax) -> String? {
        if let f = decl.as(FunctionDeclSyntax.self) {
            return f.name.text + "(" + f.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        if let v = decl.as(VariableDeclSyntax.self), v.bindings.count == 1,
            let id = v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)
        {
            return id.identifier.text
        }
        return nil
    }
}
