import SwiftSyntax

/// `Bundle(identifier: "com.apple.UIKit")` (or `"com.apple.UIKitCore"`) finds UIKit's own bundle
/// on iOS, where libraries borrow its localized strings ("Close", "Done"). Linux has no bundle
/// with that identifier, so the call answers nil and the usual force unwrap crashes. The porter
/// makes it Flipbook's bundle, still an Optional so every use around it compiles as before:
/// `Optional(Bundle(for: UIView.self))`. Its strings are the keys themselves, as a lookup that
/// finds nothing gives (docs/Porting.md).
final class AppleBundleRewriter: FileVisitor {
    static let uikitIdentifiers: Set<String> = ["com.apple.UIKit", "com.apple.UIKitCore"]
    static let replacement = "Optional(Bundle(for: UIView.self))"

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.calledExpression.trimmedDescription == "Bundle", node.arguments.count == 1,
            let argument = node.arguments.first, argument.label?.text == "identifier",
            let identifier = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
            Self.uikitIdentifiers.contains(identifier)
        else { return .visitChildren }
        file.replace(node, with: Self.replacement)
        file.markHandled(node)
        file.change(.appleBundle, at: node, "`\(node.oneLine)` -> `\(Self.replacement)` (no UIKit bundle on Linux)")
        return .skipChildren
    }
}
