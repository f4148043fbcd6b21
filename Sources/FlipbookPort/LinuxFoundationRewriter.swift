import SwiftSyntax

/// Darwin Foundation API that Linux's Foundation lacks and that no extension can add:
/// `NSAttributedString()` (NSObject's `init()`, which Linux's class does not inherit) becomes
/// `NSAttributedString(string: "")`, the same empty string; likewise `NSMutableAttributedString()`.
/// `Timer()` (a placeholder that code invalidates before scheduling a real timer) becomes a
/// timer that is never scheduled and does nothing. `CoreFoundation.sqrt(5.0)` (a C function named
/// through the module Darwin's Foundation re-exports) becomes `Foundation.sqrt(5.0)`: Linux's
/// Foundation does not re-export CoreFoundation, whose own `CF` types would clash with Flipbook's.
/// `type(of: object).description()` and `view.classForCoder.description()` (NSObject's class
/// method, the class's name) become `String(describing: type(of: object))`; the class method
/// `MenuButton.classForCoder()` becomes `MenuButton.self`.
final class LinuxFoundationRewriter: FileVisitor {
    /// Type -> the arguments that make the same empty value on Linux.
    static let emptyInitialisers: [String: String] = [
        "NSAttributedString": "(string: \"\")", "NSMutableAttributedString": "(string: \"\")",
        "Timer": "(timeInterval: 0, repeats: false, block: { _ in })",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "description",
            node.arguments.isEmpty, node.trailingClosure == nil, let base = member.base, Self.isClassValue(base)
        {
            // `type(of: object).description()`: NSObject's class method, the class's name.
            let replacement = "String(describing: \(base.trimmedDescription))"
            file.replace(node, with: replacement)
            file.change(
                .linuxFoundation, at: node,
                "`\(node.oneLine)` -> `\(replacement)`: the class's name (NSObject's class method `description()` needs the "
                    + "Objective-C runtime)")
            return .skipChildren
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "classForCoder",
            node.arguments.isEmpty, node.trailingClosure == nil, let base = member.base, let replacement = Self.classItself(base)
        {
            // `MenuButton.classForCoder()` (`Bundle(for:)`'s usual argument): NSObject's class
            // method, the class itself; Linux's NSObject has only the instance property.
            file.replace(node, with: replacement)
            file.change(
                .linuxFoundation, at: node,
                "`\(node.oneLine)` -> `\(replacement)`: the class itself (Linux's NSObject has no class method `classForCoder()`)")
            return .skipChildren
        }
        guard let type = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let arguments = Self.emptyInitialisers[type], node.arguments.isEmpty, node.trailingClosure == nil,
            let open = node.leftParen, let close = node.rightParen
        else { return .visitChildren }
        file.add(SourceEdit(range: file.source.start(open)..<file.source.end(close), replacement: arguments))
        file.change(
            .linuxFoundation, at: node,
            "`\(type)()` -> `\(type)\(arguments)`: Linux's Foundation has no `\(type).init()`")
        return .visitChildren
    }

    /// The class a `classForCoder()` call is made on, written as a value: `T.self` for a type
    /// name, `self` in a class method (where the instance property cannot be called), `type(of: x)`
    /// as it is; nil for anything else.
    static func classItself(_ base: ExprSyntax) -> String? {
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if name == "self" { return "self" }
            if name == "Self" { return "Self.self" }
            return name.first?.isUppercase == true ? "\(name).self" : nil
        }
        if let call = base.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "type",
            call.arguments.first?.label?.text == "of"
        {
            return base.trimmedDescription
        }
        return nil
    }

    /// `type(of: x)` or `x.classForCoder`: a class, whatever its static type.
    static func isClassValue(_ expr: ExprSyntax) -> Bool {
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "type",
            call.arguments.first?.label?.text == "of"
        {
            return true
        }
        return expr.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "classForCoder"
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "CoreFoundation",
            node.parent?.is(FunctionCallExprSyntax.self) == true
        else { return .visitChildren }
        file.replace(base, with: "Foundation")
        file.change(
            .linuxFoundation, at: node,
            "`CoreFoundation.\(node.declName.baseName.text)` -> `Foundation.\(node.declName.baseName.text)`: Linux's Foundation "
                + "does not re-export CoreFoundation")
        return .visitChildren
    }
}
