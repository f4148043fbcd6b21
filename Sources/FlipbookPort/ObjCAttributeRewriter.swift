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
        openInExtension(node)
        openStatic(node)
        applicationMain(node)
        if let proto = node.as(ProtocolDeclSyntax.self), let plan = index.objcProtocol(declaredBy: proto, in: file.path),
            plan.isKept
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

    /// `@UIApplicationMain class AppDelegate` (or `@main` on a class adopting
    /// `UIApplicationDelegate`): the compiler checks the first against UIKit's own protocol and
    /// wants a `static func main()` for the second. Flipbook starts an app from `AppDriver` or
    /// `flipbook preview`, never from a process entry point, so the attribute goes and the class
    /// stays an ordinary app delegate.
    private func applicationMain(_ node: Syntax) {
        guard let cls = node.as(ClassDeclSyntax.self) else { return }
        let adopts = cls.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "UIApplicationDelegate" } ?? false
        for element in cls.attributes {
            guard case .attribute(let attribute) = element, let name = element.attributeName,
                name == "UIApplicationMain" || (name == "main" && adopts)
            else { continue }
            file.remove(file.source.range(attribute))
            file.change(
                .attribute, at: node,
                "removed @\(name) from `\(cls.name.text)`: Flipbook starts an app from `AppDriver` or `flipbook preview`, "
                    + "not from a process entry point")
        }
    }

    /// `open static var preferences`: a static member is implicitly `final`, and today's
    /// compilers refuse `open` on it in every language mode, on iOS too (older ones accepted it).
    /// `public` is what it always meant.
    private func openStatic(_ node: Syntax) {
        guard node.is(FunctionDeclSyntax.self) || node.is(VariableDeclSyntax.self) || node.is(SubscriptDeclSyntax.self),
            let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
            modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) != true,  // `openInExtension`'s
            let open = modifiers.first(where: { $0.name.tokenKind == .keyword(.open) })
        else { return }
        file.add(SourceEdit(range: file.source.range(open.name), replacement: "public"))
        file.change(.attribute, at: node, "`open static` -> `public static`: a static member cannot be overridden")
    }

    /// An `open` method, property or subscript declared in an extension could be overridden
    /// only through Objective-C (`@objc`, written or implied by an `@objc` protocol it
    /// satisfies). Without it Swift warns, and Swift 6 refuses: it becomes `public`. (An
    /// override of such a member is reported by `ExtensionOverrideMover`.)
    private func openInExtension(_ node: Syntax) {
        guard node.is(FunctionDeclSyntax.self) || node.is(VariableDeclSyntax.self) || node.is(SubscriptDeclSyntax.self),
            node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) == true,
            let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
            !modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),  // moved or reported as it is
            let open = modifiers.first(where: { $0.name.tokenKind == .keyword(.open) })
        else { return }
        // Moved into the class body, where it stays `open` (`ExtensionOverrideMover`).
        if let ext = node.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self),
            let decl = node.as(DeclSyntax.self), ExtensionOverrideMover.isHoisted(decl, from: ext, index: index)
        { return }
        file.add(SourceEdit(range: file.source.range(open.name), replacement: "public"))
        file.change(
            .attribute, at: node,
            "`open` -> `public`: a member declared in an extension can be overridden only through Objective-C")
    }
}
