import SwiftSyntax

/// Code that cannot work without Interface Builder or the Objective-C runtime: reported with the
/// reason and what to do instead, never rewritten.
final class UnportableReporter: FileVisitor {
    static let storyboard =
        "storyboards are not provided (no Interface Builder files on Linux): build the view controller in code"
    static let segue = "segues come from storyboards, which are not provided: present or push the controller in code"
    static let nib = "nibs are not provided (no Interface Builder files on Linux): build the view in code"
    static let swizzling =
        "method swizzling needs the Objective-C runtime: subclass and override, or call your code explicitly"
    static let classFromString =
        "`NSClassFromString` needs the Objective-C runtime: use the type itself (e.g. a `[String: UIViewController.Type]` table)"
    static let perform =
        "`perform(_:…)` needs the Objective-C runtime: call the method directly; for `afterDelay:`, "
        + "`MediaClock.main.schedule(after:_:)` (media time)"
    static let kvc = "check: KVC works on CALayer keys only"

    static let identifiers: [String: String] = [
        "UIStoryboard": storyboard, "UIStoryboardSegue": segue, "UINib": nib,
        "method_exchangeImplementations": swizzling, "class_getInstanceMethod": swizzling,
        "class_getClassMethod": swizzling, "method_setImplementation": swizzling, "method_getImplementation": swizzling,
        "class_addMethod": swizzling, "class_replaceMethod": swizzling, "NSClassFromString": classFromString,
    ]
    static let members: [String: String] = [
        "instantiateViewController": storyboard, "instantiateInitialViewController": storyboard,
        "performSegue": segue, "shouldPerformSegue": segue, "loadNibNamed": nib,
        "performSelector": perform, "cancelPreviousPerformRequests": perform,
    ]
    static let kvcLabels: Set<[String?]> = [["forKey"], ["forKeyPath"], [nil, "forKey"], [nil, "forKeyPath"]]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if let reason = Self.identifiers[name] ?? (node.parent?.is(MemberAccessExprSyntax.self) == true ? nil : Self.members[name]) {
            file.issue(at: node, reason)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if let reason = Self.identifiers[node.name.text] { file.issue(at: node, reason) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if let reason = Self.members[name] ?? Self.identifiers[name] { file.issue(at: node.declName, reason) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // `prepare(for segue: UIStoryboardSegue, sender: Any?)`: the segue's type is reported on the same line.
        if node.name.text == "prepare",
            node.signature.parameterClause.parameters.first?.type.trimmedDescription == "UIStoryboardSegue"
        {
            file.issue(at: node.name, Self.segue)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledExpression.calledName else { return .visitChildren }
        let labels = node.arguments.map { $0.label?.text }
        if name == "perform", let first = node.arguments.first, first.label == nil, Self.isSelectorPerform(node) {
            file.issue(at: node, Self.perform)
        } else if (name == "value" || name == "setValue"), Self.kvcLabels.contains(labels), !Self.isLayer(node.calledExpression) {
            file.issue(at: node, Self.kvc)
        }
        return .visitChildren
    }

    /// `perform(sel)`, `perform(sel, with: x)`, `perform(sel, with: x, afterDelay: t)`; not
    /// `UIView.perform(.delete, on: …)`, which is UIKit's animation API.
    static func isSelectorPerform(_ call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first?.expression else { return false }
        if let macro = first.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "selector" }
        if let member = first.as(MemberAccessExprSyntax.self), member.base == nil { return false }
        if first.is(ClosureExprSyntax.self) { return false }
        return call.arguments.dropFirst().allSatisfy { ["with", "afterDelay", "inModes"].contains($0.label?.text ?? "") }
    }

    /// Key-value coding on what reads as a layer (`view.layer`, `shapeLayer`, `CATransaction`) works.
    static func isLayer(_ called: ExprSyntax) -> Bool {
        guard let base = called.as(MemberAccessExprSyntax.self)?.base else { return false }
        let last = base.calledName ?? base.trimmedDescription
        return last.lowercased().hasSuffix("layer") || last == "CATransaction"
    }
}
