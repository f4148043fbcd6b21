import SwiftSyntax

/// Swift 5 accepts a space between an attribute's name and its arguments
/// (`@available (*, unavailable)`) with a warning; Swift 6 rejects it. The ported file is built
/// in either mode, so the space goes: `@available(*, unavailable)`.
final class AttributeSpacingRewriter: FileVisitor {
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard let paren = node.leftParen, paren.tokenDiagnostic?.kind == .extraneousLeadingWhitespaceWarning
        else { return .visitChildren }
        let gap = file.source.end(node.attributeName)..<file.source.start(paren)
        guard !gap.isEmpty else { return .visitChildren }
        file.add(.delete(gap))
        file.change(.attributeSpacing, at: node, "`\(node.oneLine)`: no space before `(` (an error in Swift 6)")
        return .visitChildren
    }
}
