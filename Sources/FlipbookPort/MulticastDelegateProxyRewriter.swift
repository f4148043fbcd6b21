import SwiftSyntax

/// Many iOS libraries carry a small Objective-C class that fans delegate messages out to several
/// delegates (`initWithDelegates:` keeps them weakly, `forwardInvocation:` invokes each one that
/// responds), and subclass it in Swift once per UIKit protocol:
///
/// ```swift
/// import STDelegateProxy                         // the Objective-C target, under SwiftPM
/// class DelegateProxy<T>: STDelegateProxy {
///     @nonobjc convenience init(delegates: [T]) { self.init(__delegates: delegates) }
/// }
/// final class NavigationProxy: DelegateProxy<UINavigationControllerDelegate>, UINavigationControllerDelegate {}
/// ```
///
/// The Objective-C half cannot come to Linux; Flipbook's `MulticastDelegateProxy` does the same
/// work (docs/Semantics.md, "Delegate proxies"). The Swift subclass is recognised by its call
/// of the refined initialiser, `self.init(__delegates:)` (`NS_REFINED_FOR_SWIFT` on
/// `initWithDelegates:`), on a superclass the ported files do not declare; the porter makes
/// `MulticastDelegateProxy` its superclass, the call `self.init(forwardingTo:)`, and removes an
/// import of a module named as that superclass (the Objective-C target holding it), with the
/// `#if SWIFT_PACKAGE` around it when that gate holds nothing else.
final class MulticastDelegateProxyRewriter: IndexedFileVisitor {
    static let replacement = "MulticastDelegateProxy"
    static let refinedLabel = "__delegates"
    static let label = "forwardingTo"

    /// Superclasses replaced in this file, for the imports.
    private var replaced: Set<String> = []

    override func run() {
        super.run()
        guard !replaced.isEmpty else { return }
        let source = file.source
        for decl in ImportFinder.imports(in: source.tree) where decl.path.count == 1 {
            guard let module = decl.path.first?.name.text, replaced.contains(module) else { continue }
            // `#if SWIFT_PACKAGE` around that import alone goes with it.
            let gate = decl.parent?.parent?.parent?.as(IfConfigClauseSyntax.self)
            let block = gate?.parent?.parent?.as(IfConfigDeclSyntax.self)
            if let gate, let block, block.clauses.count == 1,
                gate.elements?.as(CodeBlockItemListSyntax.self)?.count == 1
            {
                file.add(.delete(source.tidyLineDeletion(source.fullLines(of: block))))
            } else {
                file.add(.delete(source.tidyLineDeletion(source.fullLines(of: decl))))
            }
            file.change(
                .delegateProxy, at: decl,
                "`import \(module)` removed: its Objective-C delegate proxy is `\(Self.replacement)` in Flipbook")
        }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let superclass = node.inheritanceClause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self),
            superclass.genericArgumentClause == nil,
            index.classes[superclass.name.text] == nil,
            superclass.name.text != Self.replacement
        else { return .visitChildren }
        let calls = node.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .flatMap { initializer in initializer.body.map(Self.refinedCalls(in:)) ?? [] }
        guard !calls.isEmpty else { return .visitChildren }
        let source = file.source
        file.add(SourceEdit(range: source.range(superclass), replacement: Self.replacement))
        for label in calls { file.add(SourceEdit(range: source.range(label), replacement: Self.label)) }
        replaced.insert(superclass.name.text)
        file.change(
            .delegateProxy, at: node,
            "`\(node.name.text): \(superclass.name.text)` -> `\(node.name.text): \(Self.replacement)`, and "
                + "`self.init(\(Self.refinedLabel):)` -> `self.init(\(Self.label):)`: the Objective-C proxy that fans "
                + "delegate messages out to its delegates is Flipbook's class")
        return .visitChildren
    }

    /// The `__delegates` labels of `self.init(__delegates: …)` calls in `body`.
    static func refinedCalls(in body: CodeBlockSyntax) -> [TokenSyntax] {
        final class Calls: SyntaxVisitor {
            var labels: [TokenSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.tokenKind == .keyword(.`init`),
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
                    node.arguments.count == 1, let label = node.arguments.first?.label,
                    label.text == MulticastDelegateProxyRewriter.refinedLabel
                {
                    labels.append(label)
                }
                return .visitChildren
            }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(body)
        return calls.labels
    }
}
