import SwiftSyntax

/// Darwin Foundation API that Linux's Foundation lacks and that no extension can add:
/// `NSAttributedString()` (NSObject's `init()`, which Linux's class does not inherit) becomes
/// `NSAttributedString(string: "")`, the same empty string; likewise `NSMutableAttributedString()`.
final class LinuxFoundationRewriter: FileVisitor {
    static let emptyInitialisers: Set<String> = ["NSAttributedString", "NSMutableAttributedString"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let type = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            Self.emptyInitialisers.contains(type), node.arguments.isEmpty, node.trailingClosure == nil,
            let open = node.leftParen, let close = node.rightParen
        else { return .visitChildren }
        file.add(SourceEdit(range: file.source.start(open)..<file.source.end(close), replacement: "(string: \"\")"))
        file.change(
            .linuxFoundation, at: node,
            "`\(type)()` -> `\(type)(string: \"\")`: Linux's Foundation has no `\(type).init()`")
        return .visitChildren
    }
}
