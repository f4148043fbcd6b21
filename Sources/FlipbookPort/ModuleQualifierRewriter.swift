import SwiftSyntax

/// A name qualified by an Apple UI module (`CoreGraphics.log(rate)`, `UIKit.UIImage`,
/// `QuartzCore.CALayer`) names the module `import Flipbook` replaces, which does not exist on
/// Linux; code writes the module when a member of its own type shadows the name (a `log`
/// property beside `CoreGraphics.log`). The porter qualifies it by `Flipbook`, which re-exports
/// everything those modules' names stand for in Flipbook, Foundation's `CGFloat` maths included
/// (docs/Porting.md).
final class ModuleQualifierRewriter: FileVisitor {
    static let module = "Flipbook"

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), node.declName.argumentNames == nil {
            requalify(base.baseName, in: Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil {
            requalify(base.name, in: Syntax(node))
        }
        return .visitChildren
    }

    private func requalify(_ token: TokenSyntax, in node: Syntax) {
        let name = token.text
        guard ImportRewriter.appleUIModules.contains(name), !file.handled.contains(token.id) else { return }
        file.replace(token, with: Self.module)
        file.markHandled(token)
        file.change(.moduleQualifier, at: node, "`\(name).` -> `\(Self.module).`: Linux has no `\(name)` module")
    }
}
