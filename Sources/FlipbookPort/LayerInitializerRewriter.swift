import SwiftSyntax

/// A `CALayer` subclass that declares designated initializers but no `init(layer:)` gets
/// `override init(layer: Any) { super.init(layer: layer) }`, and one without `init()` gets
/// `override init() { super.init() }`. On iOS such a class compiles and
/// crashes at its first animation (Core Animation copies presentation layers through
/// `init(layer:)`); Flipbook makes those copies through a required convenience initializer that a
/// subclass inherits only when it overrides all of CALayer's designated initializers, so without
/// this line it does not compile (docs/Divergences.md, "Class roots and initializers"). A class
/// with stored properties that have no initial value cannot take the plain forwarding initializer:
/// reported instead.
final class LayerInitializerRewriter: IndexedFileVisitor {
    /// Flipbook's layer classes; classes of the ported folder that inherit one count too.
    static let layerClasses: Set<String> = [
        "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer",
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
        var missing: [(signature: String, call: String)] = []
        if !inits.contains(where: { $0.signature.parameterClause.parameters.isEmpty }) {
            missing.append(("override init()", "super.init()"))
        }
        if !inits.contains(where: Self.isInitLayer) {
            missing.append(("override init(layer: Any)", "super.init(layer: layer)"))
        }
        guard !missing.isEmpty else { return .visitChildren }
        let name = node.name.text
        let wanted = missing.map { "`\($0.signature)`" }.joined(separator: " and ")
        if let property = Self.uninitializedStoredProperty(in: node) {
            file.issue(
                at: node,
                "\(name) is a layer subclass with designated initializers but no \(wanted), and its stored property "
                    + "`\(property)` has no initial value: write them, setting it (Core Animation makes presentation "
                    + "copies through init(layer:), and a view its layer through init())")
            return .visitChildren
        }
        let indent = file.memberIndentation(of: node)
        file.insertAtEndOfBody(of: node, missing.map { "\n\(indent)\($0.signature) {\n\(indent)    \($0.call)\n\(indent)}\n" }.joined())
        file.change(
            .layerInitializer, at: node,
            "`\(name)` gets " + missing.map { "`\($0.signature) { \($0.call) }`" }.joined(separator: " and "))
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

    /// The first stored property that needs a value from every designated initializer.
    private static func uninitializedStoredProperty(in node: ClassDeclSyntax) -> String? {
        for member in node.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self),
                !v.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }),
                !Self.isManaged(v)  // becomes a computed property
            else { continue }
            for binding in v.bindings where binding.initializer == nil && binding.accessorBlock == nil {
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                let optional = type.hasSuffix("?") || type.hasSuffix("!")
                if v.bindingSpecifier.text == "let" || !optional { return binding.pattern.trimmedDescription }
            }
        }
        return nil
    }
}
