import SwiftSyntax

/// Code that cannot work without Interface Builder or the Objective-C runtime: reported with the
/// reason and what to do instead, never rewritten.
final class UnportableReporter: IndexedFileVisitor {
    static let storyboard =
        "storyboards are not provided (no Interface Builder files on Linux): this compiles, but making a controller "
        + "from a storyboard reports at run time and gives an empty one (or nil); build the view controller in code"
    static let segue =
        "`performSegue(withIdentifier:sender:)` needs a storyboard, which Flipbook does not have: the call is reported "
        + "at run time and does nothing; present or push the controller in code, or make a `UIStoryboardSegue` "
        + "subclass and call its `perform()`"
    static let nib =
        "nibs are not provided (no Interface Builder files on Linux): this compiles, but loading or registering a nib "
        + "reports at run time and makes nothing; build the view in code"
    static let swizzling =
        "method swizzling needs the Objective-C runtime: subclass and override, or call your code explicitly "
        + "(Flipbook exchanges `CALayer.add(_:forKey:)` and UIViewController's `viewDidLoad()` and appearance "
        + "methods only, swizzled in an extension of that class: docs/Porting.md, Method swizzling)"
    static let classFromString =
        "`NSClassFromString` needs the Objective-C runtime: use the type itself (e.g. a `[String: UIViewController.Type]` table)"
    static let perform =
        "`perform(_:…)` needs the Objective-C runtime: call the method directly (`perform(_:with:afterDelay:)` "
        + "with a `#selector` is ported onto the media clock)"
    static let kvc =
        "key-value coding works on CALayer keys only in Flipbook: check that this receiver is a layer, "
        + "or use the property itself"

    static let kvo =
        "an `observeValue(forKeyPath:of:change:context:)` override outside a class body cannot be ported (Linux's "
        + "NSObject has no such method to override): declare it in the observing class, which the port then makes a "
        + "`FlipbookKeyValueObserver`, or keep the `NSKeyValueObservation` that `object.observe(\\.frame, options: "
        + "[.new]) { object, change in … }` returns (docs/Porting.md, Key-value observing)"
    static let coreTextFonts =
        "`CTFontManagerRegisterFontURLs` is not provided: register each file with `CTFontManagerRegisterFontsForURL` "
        + "or `CTFontManagerRegisterGraphicsFont` (Flipbook hands them to fontconfig), then use `UIFont(name:size:)`"
    static let delegateProxy =
        "a delegate proxy that forwards by the Objective-C runtime (`forwardingTarget(for:)`, `responds(to:)`) is "
        + "Apple-only: implement the protocol's methods and call the other delegate from each"

    static let identifiers: [String: String] = [
        "CTFontManagerRegisterFontURLs": coreTextFonts,
        "UIStoryboard": storyboard, "UINib": nib,
        "method_exchangeImplementations": swizzling, "class_getInstanceMethod": swizzling,
        "class_getClassMethod": swizzling, "method_setImplementation": swizzling, "method_getImplementation": swizzling,
        "class_addMethod": swizzling, "class_replaceMethod": swizzling, "NSClassFromString": classFromString,
    ]
    static let members: [String: String] = [
        "instantiateViewController": storyboard, "instantiateInitialViewController": storyboard,
        "loadNibNamed": nib,
        "performSelector": perform, "cancelPreviousPerformRequests": perform,
    ]
    static let kvcLabels: Set<[String?]> = [["forKey"], ["forKeyPath"], [nil, "forKey"], [nil, "forKeyPath"]]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if let reason = Self.identifiers[name] ?? (node.parent?.is(MemberAccessExprSyntax.self) == true ? nil : Self.members[name]) {
            report(reason, at: node)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if let reason = Self.identifiers[node.name.text] { report(reason, at: node) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if let reason = Self.members[name] ?? Self.identifiers[name] { report(reason, at: node.declName) }
        return .visitChildren
    }

    /// Nib and storyboard code compiles against Flipbook (it reports at run time): a warning,
    /// not work left.
    private func report(_ reason: String, at node: some SyntaxProtocol) {
        if reason == Self.nib || reason == Self.storyboard { file.warning(at: node, reason) } else { file.issue(at: node, reason) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let overrides = node.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        // In a class body it is ported (`KeyValueObservingRewriter`), or overrides the folder's own.
        if overrides, name == "observeValue", node.parent?.parent?.parent?.parent?.is(ClassDeclSyntax.self) != true {
            file.issue(at: node.name, Self.kvo)
        }
        if overrides, name == "forwardingTarget" || name == "responds" || name == "forwardInvocation"
            || name == "methodSignature"
        {
            file.issue(at: node.name, Self.delegateProxy)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if file.handled.contains(node.id) { return .skipChildren }  // ported by `TimeRewriter`
        guard let name = node.calledExpression.calledName else { return .visitChildren }
        let labels = node.arguments.map { $0.label?.text }
        if name == "performSegue", labels.first == "withIdentifier" {
            file.warning(at: node, Self.segue)
        } else if name == "perform", let first = node.arguments.first, first.label == nil, Self.isSelectorPerform(node),
            first.expression.is(MacroExpansionExprSyntax.self) || index.functions["perform"] == nil
        {
            file.issue(at: node, Self.perform)
        } else if (name == "value" || name == "setValue"), Self.kvcLabels.contains(labels), !Self.isLayer(node.calledExpression) {
            file.warning(at: node, Self.kvc)
        } else if let site = MetatypeInitRewriter.construction(node, index: index),
            !MetatypeInitRewriter.isRequired(site.labels, in: site.base, index: index)
        {
            // Not ported by `MetatypeInitRewriter`: another pass edited inside the call.
            file.issue(
                at: node,
                "`\(node.oneLine)` makes a `\(site.base)` through the metatype `\(site.metatype)`: Swift needs a "
                    + "`required` initialiser for that, which UIKit's Objective-C initialisers do not need; write it as "
                    + "`flipbookPortMake(\(site.metatype), \"init(…)\", [(A.self, { A(…) }), …])` listing the classes it can be")
        }
        return .visitChildren
    }

    /// `perform(sel)`, `perform(sel, with: x)`, `perform(sel, with: x, afterDelay: t)`; not
    /// `UIView.perform(.delete, on: …)`, which is UIKit's animation API.
    static func isSelectorPerform(_ call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first?.expression else { return false }
        if call.calledExpression.is(DeclReferenceExprSyntax.self), isParameter(named: "perform", around: Syntax(call)) {
            return false  // `func each(perform: (T) -> Void) { … perform(x) }` calls its own closure
        }
        if let macro = first.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "selector" }
        if let member = first.as(MemberAccessExprSyntax.self), member.base == nil { return false }
        if first.is(ClosureExprSyntax.self) { return false }
        return call.arguments.dropFirst().allSatisfy { ["with", "afterDelay", "inModes"].contains($0.label?.text ?? "") }
    }

    /// Whether a function, initialiser or closure around `node` has a parameter called `name`.
    static func isParameter(named name: String, around node: Syntax) -> Bool {
        var parent = node.parent
        while let p = parent {
            if let f = p.as(FunctionDeclSyntax.self),
                f.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return true
            }
            if let i = p.as(InitializerDeclSyntax.self),
                i.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return true
            }
            if let c = p.as(ClosureExprSyntax.self), let clause = c.signature?.parameterClause {
                switch clause {
                case .simpleInput(let names): if names.contains(where: { $0.name.text == name }) { return true }
                case .parameterClause(let list):
                    if list.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
                }
            }
            parent = p.parent
        }
        return false
    }

    /// Key-value coding on what reads as a layer (`view.layer`, `shapeLayer`, `CATransaction`) works.
    static func isLayer(_ called: ExprSyntax) -> Bool {
        guard let base = called.as(MemberAccessExprSyntax.self)?.base else {
            // A bare `value(forKey:)` inside a layer subclass is the layer's own.
            var parent = called.parent
            while let p = parent {
                if let c = p.as(ClassDeclSyntax.self) {
                    return c.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription.hasSuffix("Layer") == true
                }
                parent = p.parent
            }
            return false
        }
        let last = base.calledName ?? base.trimmedDescription
        return last.lowercased().hasSuffix("layer") || last == "CATransaction"
    }
}
