import SwiftSyntax

/// Removes the attributes and modifiers that only mean something to the Objective-C runtime or
/// Interface Builder (`@objc`, `@objcMembers`, `dynamic`, `@IBOutlet`, `@IBAction`, …). An
/// `@objc protocol` gains `AnyObject`, so `weak var delegate: P?` still compiles.
final class ObjCAttributeRewriter: SyntaxAnyVisitor {
    static let removedAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction",
    ]
    /// Inheriting one of these already makes a protocol class-bound.
    static let classBound: Set<String> = ["AnyObject", "class", "NSObjectProtocol"]

    let file: FileRewrite
    let index: PortIndex

    init(file: FileRewrite, index: PortIndex) {
        self.file = file
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    func run() { walk(file.source.tree) }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard node.is(DeclSyntax.self), let decl = node.asProtocol(WithAttributesSyntax.self) else { return .visitChildren }
        let source = file.source
        if let proto = node.as(ProtocolDeclSyntax.self), let plan = index.objcProtocols[proto.name.text],
            plan.path == file.path, plan.decl.id == proto.id, plan.isKept
        {
            return .skipChildren  // kept `@objc` with its optional requirements (reported there)
        }
        var removed: [String] = []
        for element in decl.attributes {
            guard case .attribute(let attribute) = element, let name = element.attributeName,
                Self.removedAttributes.contains(name)
            else { continue }
            file.remove(source.range(attribute))
            removed.append("@" + name)
        }
        if let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers {
            for modifier in modifiers where modifier.name.tokenKind == .keyword(.dynamic) {
                file.remove(source.range(modifier))
                removed.append("dynamic")
            }
        }
        guard !removed.isEmpty else { return .visitChildren }
        if let proto = node.as(ProtocolDeclSyntax.self), removed.contains("@objc") {
            let inherited = proto.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            if inherited.contains(where: Self.classBound.contains) {
                file.change(.attribute, at: node, "removed \(removed.joined(separator: ", ")) from protocol `\(proto.name.text)`")
            } else {
                if let first = proto.inheritanceClause?.inheritedTypes.first {
                    file.add(.insert("AnyObject, ", at: source.start(first)))
                } else {
                    let after: Syntax = proto.primaryAssociatedTypeClause.map(Syntax.init) ?? Syntax(proto.name)
                    file.add(.insert(": AnyObject", at: source.end(after)))
                }
                file.change(
                    .attribute, at: node,
                    "removed \(removed.joined(separator: ", ")) from protocol `\(proto.name.text)`, which inherits "
                        + "`AnyObject` instead (so `weak var delegate: \(proto.name.text)?` still compiles)")
            }
        } else if !(removed == ["@objc"] && node.as(DeclSyntax.self).map(OptionalRequirement.isOptional) == true) {
            // (`@objc optional` is reported once, as an optional requirement.)
            file.change(.attribute, at: node, "removed \(removed.joined(separator: ", ")) (no Objective-C runtime)")
        }
        return .visitChildren
    }
}
