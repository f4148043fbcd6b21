import SwiftSyntax

/// `@objc optional` protocol requirements (Objective-C only) become plain requirements with a
/// default implementation in an extension after the protocol; `x?.method?(…)` call sites lose
/// the second `?`, and `responds(to: #selector(method))` becomes `true`.
enum OptionalRequirement {
    /// What a default implementation of an optional requirement can be.
    enum DefaultKind: Equatable {
        /// A method returning Void: an empty body.
        case emptyBody
        /// A method or read-only property returning an Optional: `nil`.
        case returnsNil
        /// A settable Optional property: `get { nil } set {}`.
        case nilGetterEmptySetter
        /// A method or read-only property returning a value that every call site in the ported
        /// files falls back to with the same constant (`delegate?.height?() ?? 300`): that constant.
        case returns(String)
        /// A method returning a non-Optional type that has a written placeholder value (numbers,
        /// `Bool`, `String`, collections, Core Graphics geometry): it keeps its iOS signature, so
        /// conforming types written for iOS still implement it; the default returns
        /// `PortedOptionalRequirement.notImplemented(returning:)` that placeholder, and `?(…)`
        /// calls become `PortedOptionalRequirement.answer({ … })`, nil when the conforming type
        /// does not implement it, as on iOS.
        case probed(String)
        /// A read-only property or method of a non-Optional type `T` that callers use as
        /// Optional (what an optional requirement gives them): it becomes `T?` with the default
        /// `nil`, and the conforming types in the ported files declare `T?` too.
        case optionalized(String)
        /// No faithful default: on iOS "not implemented" made the call site use its fallback.
        case none(String)
    }

    /// The written non-Optional type a requirement can be made Optional over: a method's return
    /// type, or a read-only property's type.
    static func optionalizableType(of decl: DeclSyntax) -> TypeSyntax? {
        if let f = decl.as(FunctionDeclSyntax.self), let type = f.signature.returnClause?.type,
            !isVoid(type), !isOptional(type)
        {
            return type
        }
        if let v = decl.as(VariableDeclSyntax.self), let b = v.bindings.first, let type = b.typeAnnotation?.type,
            !isOptional(type)
        {
            if case .accessors(let list)? = b.accessorBlock?.accessors,
                list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) })
            {
                return nil
            }
            return type
        }
        return nil
    }

    /// A value of `type` the porter can write, returned by the default of a `.probed`
    /// requirement and never seen by a caller; nil for a type it knows no value of.
    static func placeholder(for type: TypeSyntax) -> String? {
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        guard let id = type.as(IdentifierTypeSyntax.self) else { return nil }
        let name = id.name.text
        if id.genericArgumentClause != nil {
            switch name {
            case "Array", "Set", "ContiguousArray": return "[]"
            case "Dictionary": return "[:]"
            default: return nil
            }
        }
        switch name {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "CGFloat", "TimeInterval", "NSInteger", "NSUInteger", "CFTimeInterval":
            return "0"
        case "Bool": return "false"
        case "String": return "\"\""
        case "CGRect", "CGSize", "CGPoint", "CGVector", "UIEdgeInsets", "NSDirectionalEdgeInsets", "UIOffset": return ".zero"
        case "CGAffineTransform": return ".identity"
        case "CATransform3D": return "CATransform3DIdentity"
        default: return nil
        }
    }

    /// `T?`, parenthesised when `T` would otherwise bind wrongly (`() -> Int`, `A & B`, `some P`).
    static func optional(_ type: String) -> String {
        let simple = type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" || $0 == "[" || $0 == "]" || $0 == ":" || $0 == "," || $0 == " " }
        return simple && !type.contains("->") ? type + "?" : "(" + type + ")?"
    }

    static func isOptional(_ decl: DeclSyntax) -> Bool {
        guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers else { return false }
        return modifiers.contains { $0.name.tokenKind == .keyword(.optional) }
    }

    static func name(of decl: DeclSyntax) -> String? {
        if let f = decl.as(FunctionDeclSyntax.self) { return f.name.text }
        if let v = decl.as(VariableDeclSyntax.self), let b = v.bindings.first,
            let id = b.pattern.as(IdentifierPatternSyntax.self)
        {
            return id.identifier.text
        }
        return nil
    }

    static func defaultKind(of decl: DeclSyntax) -> DefaultKind {
        if let f = decl.as(FunctionDeclSyntax.self) {
            guard let type = f.signature.returnClause?.type else { return .emptyBody }
            if isVoid(type) { return .emptyBody }
            if isOptional(type) { return .returnsNil }
            return .none("returns `\(type.trimmedDescription)`")
        }
        if let v = decl.as(VariableDeclSyntax.self), let b = v.bindings.first {
            guard let type = b.typeAnnotation?.type else { return .none("has no written type") }
            guard isOptional(type) else { return .none("is a `\(type.trimmedDescription)`") }
            if case .accessors(let list)? = b.accessorBlock?.accessors,
                list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) })
            {
                return .nilGetterEmptySetter
            }
            return .returnsNil
        }
        return .none("is not a method or a property")
    }

    /// The argument labels of a method requirement (`_` unlabelled); `nil` for a property.
    static func labels(of decl: DeclSyntax) -> [String]? {
        decl.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.map { $0.firstName.text }
    }

    /// Whether a reference with `labels` (`nil`: not known) can name `decl`.
    static func matches(_ decl: DeclSyntax, labels: [String]?) -> Bool {
        guard let labels else { return true }
        return Self.labels(of: decl) == labels
    }

    /// The labels a reference to a member spells: `d?.m(_:at:)`, or the call it is the callee of
    /// (`d?.m?(x, at: i)`); `nil` when it spells none.
    static func referenceLabels(_ member: MemberAccessExprSyntax) -> [String]? {
        if let names = member.declName.argumentNames { return names.arguments.map { $0.name.text } }
        var callee = Syntax(member)
        if let parent = callee.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            callee = parent
        }
        if let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
            call.trailingClosure == nil
        {
            return call.arguments.map { $0.label?.text ?? "_" }
        }
        return nil
    }

    static func isVoid(_ type: TypeSyntax) -> Bool {
        if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text == "Void" }
        if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.isEmpty }
        return false
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text == "Optional" }
        return false
    }

    /// UIKit's and Core Animation's optional requirements that transition code calls with
    /// `?(…)`. Flipbook declares them as requirements with default implementations, so the call
    /// loses its `?` (its result has the same type: the requirement returns an Optional, or
    /// `Bool`/`Void` whose default is UIKit's fallback).
    static let uikitOptionalRequirements: Set<String> = [
        "animationController", "interactionControllerForPresentation", "interactionControllerForDismissal",
        "presentationController", "animationEnded", "interruptibleAnimator", "navigationController",
        "tabBarController", "gestureRecognizerShouldBegin", "gestureRecognizer", "scrollViewDidScroll",
        "scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewDidEndDecelerating", "scrollViewDidEndScrollingAnimation", "animationDidStart", "animationDidStop",
        "adaptivePresentationStyle", "presentationControllerWillDismiss", "presentationControllerDidDismiss",
        "presentationControllerShouldDismiss", "pageViewController", "collectionView", "tableView",
        "presentationControllerDidAttemptToDismiss", "prepareForPopoverPresentation", "presentationCount",
        "presentationIndex", "numberOfSections", "tabBar", "navigationBar", "scrollViewWillBeginDecelerating",
        "scrollViewShouldScrollToTop", "scrollViewDidScrollToTop", "scrollViewDidChangeAdjustedContentInset",
        "viewForZooming", "scrollViewDidZoom", "scrollViewWillBeginZooming", "scrollViewDidEndZooming",
        "dynamicAnimatorDidPause", "dynamicAnimatorWillResume", "collisionBehavior", "layerWillDraw", "layoutSublayers",
        "textField", "textFieldShouldBeginEditing", "textFieldDidBeginEditing", "textFieldShouldEndEditing",
        "textFieldDidEndEditing", "textFieldShouldClear", "textFieldShouldReturn", "textFieldDidChangeSelection",
        "application", "applicationDidFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive",
        "applicationDidEnterBackground", "applicationWillEnterForeground", "applicationWillTerminate",
        "applicationDidReceiveMemoryWarning", "addAnimations", "addCompletion", "continueAnimation",
    ]
}
