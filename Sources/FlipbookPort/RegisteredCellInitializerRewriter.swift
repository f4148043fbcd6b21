import SwiftSyntax

/// A cell (or supplementary view) class of the folder that declares designated initialisers but
/// not the one UIKit makes a registered class with (`init(frame:)` for a collection view's,
/// `init(style:reuseIdentifier:)` for a table view's): typically a cell loaded from a nib, with
/// only `required init?(coder:)`. On iOS it compiles, and making it by class stops ("use of
/// unimplemented initializer"). Flipbook makes registered classes through a `required
/// convenience` initialiser (`init(registeredFrame:)`, `init(registeredReuseIdentifier:)`),
/// which such a class does not inherit, so it does not compile (docs/Divergences.md,
/// "Registered cells"). The class gets that initialiser under `#if canImport(Flipbook)`,
/// stopping as UIKit does, with the class's name; iOS sees nothing new.
final class RegisteredCellInitializerRewriter: IndexedFileVisitor {
    /// A UIKit base, the initialiser Flipbook makes its registered classes with, and the
    /// designated initialiser that one calls.
    struct Family {
        var registered: String
        var parameter: String
        var path: [String]
    }

    static let families: [String: Family] = {
        let collection = Family(registered: "init(registeredFrame frame: CGRect)", parameter: "frame", path: ["frame"])
        let table = Family(
            registered: "init(registeredReuseIdentifier: String?)", parameter: "registeredReuseIdentifier",
            path: ["style", "reuseIdentifier"])
        return [
            "UICollectionReusableView": collection, "UICollectionViewCell": collection, "UICollectionViewListCell": collection,
            "UITableViewCell": table,
        ]
    }()

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let family = family(of: node) else { return .visitChildren }
        let inits = MetatypeInitRewriter.initializers(of: node)
        let designated = inits.filter { !$0.modifiers.contains { $0.name.text == "convenience" } }
        guard !designated.isEmpty,
            !designated.contains(where: { MetatypeInitRewriter.labelsOf($0) == family.path }),
            // Declared already (a second run's, inside its `#if`).
            !node.memberBlock.description.contains("init(\(family.parameter)")
        else { return .visitChildren }
        let name = node.name.text
        let indent = file.memberIndentation(of: node)
        let access = node.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        let made = family.path == ["frame"] ? "init(frame:)" : "init(style:reuseIdentifier:)"
        let text = """

            \(indent)#if canImport(Flipbook)
            \(indent)/// Flipbook makes registered classes through this initialiser (flipbook port). \(name) has no
            \(indent)/// `\(made)`, so it cannot be made by class: UIKit stops here too ("unimplemented initializer").
            \(indent)\(access)required convenience \(family.registered) {
            \(indent)    fatalError("\(name) has no \(made), so it cannot be made by class (register its nib, or give it \(made))")
            \(indent)}
            \(indent)#endif

            """
        file.insertAtEndOfBody(of: node, text)
        file.change(
            .registeredInitializer, at: node,
            "`\(name)` has designated initialisers but no `\(made)`: it gets Flipbook's `required convenience \(family.registered)` "
                + "under `#if canImport(Flipbook)`, stopping as UIKit does when such a class is made by class")
        return .visitChildren
    }

    /// The registered-class family the class belongs to, following the folder's superclasses.
    private func family(of node: ClassDeclSyntax) -> Family? {
        guard let first = node.inheritanceClause?.inheritedTypes.first?.type,
            let root = index.root(of: first.as(IdentifierTypeSyntax.self)?.name.text ?? first.trimmedDescription)
        else { return nil }
        return Self.families[root]
    }
}
