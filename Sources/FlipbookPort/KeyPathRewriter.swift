import SwiftSyntax

/// `#keyPath` needs the Objective-C runtime. The one idiom libraries use it for, reaching the
/// shared application where `UIApplication.shared` is unavailable (app extensions),
/// `UIApplication.value(forKeyPath: #keyPath(UIApplication.shared))` (or `forKey:`, or the key
/// `"sharedApplication"`), becomes `UIApplication.shared`; any other `#keyPath` becomes its
/// string (`#keyPath(CALayer.shadowOpacity)` -> `"shadowOpacity"`, `#keyPath(UIView.layer.position)`
/// -> `"layer.position"`, `#keyPath(angle)` in a class -> `"angle"`) when it names a key path,
/// and is reported otherwise.
/// `keyPath._kvcKeyPathString`, nil on Linux for every key path, becomes Flipbook's
/// `flipbookKeyValueCodingName`, which names the layer's and view's properties as iOS does.
final class KeyPathRewriter: FileVisitor {
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == "_kvcKeyPathString", node.base != nil else { return .visitChildren }
        file.replace(node.declName, with: "flipbookKeyValueCodingName")
        file.change(.keyPath, at: node, "`_kvcKeyPathString` -> `flipbookKeyValueCodingName` (nil on Linux for every key path)")
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "value", member.base?.trimmedDescription == "UIApplication",
            node.arguments.count == 1, let argument = node.arguments.first,
            ["forKey", "forKeyPath"].contains(argument.label?.text ?? "")
        else { return .visitChildren }
        let key = argument.expression
        let isShared: Bool
        if let macro = key.as(MacroExpansionExprSyntax.self), macro.macroName.text == "keyPath" {
            isShared = macro.arguments.first?.expression.trimmedDescription == "UIApplication.shared"
        } else if let string = key.as(StringLiteralExprSyntax.self) {
            isShared = string.representedLiteralValue == "sharedApplication"
        } else {
            isShared = false
        }
        guard isShared else { return .visitChildren }
        file.replace(node, with: "UIApplication.shared")
        file.markHandled(node)
        file.change(.keyPath, at: node, "`\(node.oneLine)` -> `UIApplication.shared`")
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "keyPath" else { return .visitChildren }
        // `Type.a.b` -> "a.b": the components after the type; `a.b` (a property of the enclosing
        // type, `#keyPath(angle)` in a layer subclass) -> "a.b" as it is.
        let components = node.arguments.count == 1 ? (node.arguments.first?.expression.trimmedDescription ?? "") : ""
        let parts = components.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let onType = parts.first?.first?.isUppercase == true
        guard !parts.isEmpty, parts.count >= (onType ? 2 : 1),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else {
            file.issue(at: node, "`\(node.oneLine)` needs the Objective-C runtime: write the key as a string")
            return .skipChildren
        }
        let key = (onType ? parts.dropFirst() : parts[...]).joined(separator: ".")
        file.replace(node, with: "\"\(key)\"")
        file.change(.keyPath, at: node, "`\(node.oneLine)` -> `\"\(key)\"`")
        return .skipChildren
    }
}
