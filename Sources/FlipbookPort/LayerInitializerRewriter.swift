import SwiftSyntax

/// A `CALayer` subclass that declares designated initializers but no `init(layer:)` gets
/// `override init(layer: Any) { super.init(layer: layer) }`, and one without `init()` gets
/// `override init() { super.init() }`. On iOS such a class compiles and
/// crashes at its first animation (Core Animation copies presentation layers through
/// `init(layer:)`); Flipbook makes those copies through a required convenience initializer that a
/// subclass inherits only when it overrides all of CALayer's designated initializers, so without
/// this line it does not compile (docs/Divergences.md, "Class roots and initializers"). A class
/// with stored properties that have no initial value gets an `init(layer:)` that copies them from
/// the layer it copies, and an `init()` that calls an initializer of its own whose parameters all
/// have defaults (what `Name()` called); without such an initializer, an `init()` that stops as
/// iOS does when the runtime reaches one a class does not implement.
final class LayerInitializerRewriter: IndexedFileVisitor {
    /// Flipbook's layer classes; classes of the ported folder that inherit one count too.
    static let layerClasses: Set<String> = [
        "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer",
        "CAEmitterLayer",
    ]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isLayerClass(node) else { return .visitChildren }
        for member in node.memberBlock.members {
            if let v = member.decl.as(VariableDeclSyntax.self), Self.isManaged(v) { portManaged(v) }
        }
        let inits = node.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let designated = inits.filter { !$0.modifiers.contains { $0.name.text == "convenience" } }
        guard !designated.isEmpty else { return .visitChildren }
        // Both of CALayer's designated initializers that a Swift subclass may leave out (on iOS
        // `init()` and `init(layer:)` are not required): each missing one is written forwarding.
        let name = node.name.text
        let unset = Self.uninitializedStoredProperties(in: node)
        var missing: [(signature: String, body: [String], summary: String)] = []
        if !inits.contains(where: { $0.signature.parameterClause.parameters.isEmpty }) {
            if unset.isEmpty {
                missing.append(("override init()", ["super.init()"], "`override init() { super.init() }`"))
            } else if let call = Self.defaultedCall(in: designated) {
                // Swift lets a convenience initializer stand for a superclass's designated one:
                // `Name()` meant that initializer with its defaults, and still does.
                missing.append(("override convenience init()", ["self.init(\(call))"], "`override convenience init() { self.init(\(call)) }`"))
            } else {
                // Nothing can set the properties: on iOS `Name()` does not compile, and a layer made
                // through the runtime's `init()` stops with this message.
                let message = "Use of unimplemented initializer 'init()' for class '\(name)'"
                missing.append(("override init()", ["fatalError(\"\(message)\")"], "`override init() { fatalError(\"\(message)\") }`"))
            }
        }
        if !inits.contains(where: Self.isInitLayer) {
            if unset.isEmpty {
                missing.append(("override init(layer: Any)", ["super.init(layer: layer)"], "`override init(layer: Any) { super.init(layer: layer) }`"))
            } else {
                // Core Animation passes a layer of the same class: copy what the class adds, as
                // Apple's documentation of init(layer:) asks.
                missing.append((
                    "override init(layer: Any)",
                    ["let other = layer as! \(name)"] + unset.map { "self.\($0) = other.\($0)" } + ["super.init(layer: layer)"],
                    "`override init(layer: Any)` copying \(unset.map { "`\($0)`" }.joined(separator: ", ")) from the layer it copies"))
            }
        }
        guard !missing.isEmpty else { return .visitChildren }
        let indent = file.memberIndentation(of: node)
        file.insertAtEndOfBody(
            of: node,
            missing.map { m in
                "\n\(indent)\(m.signature) {\n" + m.body.map { "\(indent)    \($0)\n" }.joined() + "\(indent)}\n"
            }.joined())
        file.change(.layerInitializer, at: node, "`\(name)` gets " + missing.map(\.summary).joined(separator: " and "))
        return .visitChildren
    }

    private func isLayerClass(_ node: ClassDeclSyntax) -> Bool {
        guard let first = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            let root = index.root(of: first)
        else { return false }
        return Self.layerClasses.contains(root)
    }

    static func isManaged(_ v: VariableDeclSyntax) -> Bool {
        v.attributes.contains { $0.attributeName == "NSManaged" }
    }

    /// `@NSManaged var radius: CGFloat` in a layer subclass: Core Animation stores such a
    /// property with the layer's key-value coding (that is what makes it animatable by key).
    /// Without Objective-C it has no storage at all (the program does not link); it becomes a
    /// computed property over the same key-value storage.
    private func portManaged(_ v: VariableDeclSyntax) {
        let source = file.source
        guard v.bindings.count == 1, let binding = v.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let type = binding.typeAnnotation?.type, binding.accessorBlock == nil
        else {
            file.issue(at: v, "`@NSManaged` needs the Objective-C runtime: write the property as a computed one over `value(forKey:)`/`setValue(_:forKey:)`")
            return
        }
        let typeText = type.trimmedDescription
        let fallback: String
        if OptionalRequirement.isOptional(type) {
            fallback = ""
        } else if ["CGFloat", "Double", "Float", "Int", "Int32", "Int64", "UInt", "Float32", "Float64"].contains(typeText) {
            fallback = " ?? 0"
        } else if typeText == "Bool" {
            fallback = " ?? false"
        } else {
            file.issue(
                at: v,
                "`@NSManaged var \(name): \(typeText)` needs the Objective-C runtime and has no zero value to start from: "
                    + "write it as a computed property over `value(forKey: \"\(name)\")`")
            return
        }
        guard let attribute = v.attributes.first(where: { $0.attributeName == "NSManaged" }) else { return }
        file.remove(source.range(attribute))
        let cast = OptionalRequirement.isOptional(type) ? "as? \(typeText.dropLast())" : "as? \(typeText)"
        let body = " {\n\(source.indentation(at: source.start(v)))    get { value(forKey: \"\(name)\") \(cast)\(fallback) }\n"
            + "\(source.indentation(at: source.start(v)))    set { setValue(newValue, forKey: \"\(name)\") }\n"
            + "\(source.indentation(at: source.start(v)))}"
        file.add(.insert(body, at: source.end(binding)))
        file.change(
            .layerInitializer, at: v,
            "`@NSManaged var \(name)` -> a computed property over the layer's key-value storage (`value(forKey: \"\(name)\")`)")
    }

    private static func isInitLayer(_ decl: InitializerDeclSyntax) -> Bool {
        let params = decl.signature.parameterClause.parameters
        return params.count == 1 && params.first?.firstName.text == "layer"
    }

    /// The arguments that call one of `inits` with its defaults (its first parameter given its
    /// default value, so the call is not `init()` itself): nil when no initializer has a default
    /// for every parameter, or the one that does may fail or throw.
    private static func defaultedCall(in inits: [InitializerDeclSyntax]) -> String? {
        for decl in inits where decl.optionalMark == nil && decl.signature.effectSpecifiers == nil {
            let params = decl.signature.parameterClause.parameters
            guard let first = params.first, params.allSatisfy({ $0.defaultValue != nil }),
                let value = first.defaultValue?.value.trimmedDescription
            else { continue }
            return first.firstName.text == "_" ? value : "\(first.firstName.text): \(value)"
        }
        return nil
    }

    /// The stored properties that need a value from every designated initializer.
    private static func uninitializedStoredProperties(in node: ClassDeclSyntax) -> [String] {
        var names: [String] = []
        for member in node.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self),
                !v.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }),
                !Self.isManaged(v)  // becomes a computed property
            else { continue }
            for binding in v.bindings where binding.initializer == nil && binding.accessorBlock == nil {
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                let optional = type.hasSuffix("?") || type.hasSuffix("!")
                if v.bindingSpecifier.text == "let" || !optional { names.append(binding.pattern.trimmedDescription) }
            }
        }
        return names
    }
}
