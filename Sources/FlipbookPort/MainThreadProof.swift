import SwiftSyntax

/// Whether a piece of code provably runs on the main thread, read from the syntax alone
/// (docs/Porting.md, "Time"): `DispatchQueue.main.async` moves onto the media clock only then,
/// because the same call written in a background callback is a hop between threads that the
/// media clock (main-actor state) must not see.
///
/// The rule, walking outward from the code to its declaration:
/// - every closure crossed is handed to an API that calls it on the main thread (UIKit's
///   animation and transition blocks, `DispatchQueue.main`, block timers and `CATransaction`
///   completions scheduled from the main thread, notification blocks on `.main`, control
///   actions), or one that calls it synchronously where it is (`forEach`, `map`, an
///   immediately called closure);
/// - the declaration is a method, initialiser or accessor (not `deinit`, not a function nested
///   in another, not `nonisolated`) of a class that descends, through the folder's own classes,
///   from a main-actor UIKit class, or of a type or member marked `@MainActor`.
struct MainThreadProof {
    let index: PortIndex

    /// Nil when `node` provably runs on the main thread, otherwise why the porter cannot say so.
    func doubt(about node: some SyntaxProtocol) -> String? {
        var current: Syntax? = node.parent
        var inInitialValue = false
        while let syntax = current {
            current = syntax.parent
            if syntax.is(InitializerClauseSyntax.self) { inInitialValue = true }
            if let closure = syntax.as(ClosureExprSyntax.self) {
                if let why = doubt(aboutClosure: closure) { return why }
                continue
            }
            if syntax.is(DeinitializerDeclSyntax.self) { return "it is in a `deinit`, which runs on whatever thread lets go last" }
            if let function = syntax.as(FunctionDeclSyntax.self) {
                guard function.parent?.is(MemberBlockItemSyntax.self) ?? false else {
                    return "it is in the nested function `\(function.name.text)`, which may be handed to any thread"
                }
                switch isolation(function.attributes, function.modifiers) {
                case .main: return nil
                case .nonisolated: return "`\(function.name.text)` is `nonisolated`"
                case .inherited: continue
                }
            }
            if let initializer = syntax.as(InitializerDeclSyntax.self) {
                switch isolation(initializer.attributes, initializer.modifiers) {
                case .main: return nil
                case .nonisolated: return "the initialiser is `nonisolated`"
                case .inherited: continue
                }
            }
            if let variable = syntax.as(VariableDeclSyntax.self) {
                guard variable.parent?.is(MemberBlockItemSyntax.self) ?? false else { continue }
                if inInitialValue, variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
                    return "it initialises a static property, which runs on the thread that reads it first"
                }
                switch isolation(variable.attributes, variable.modifiers) {
                case .main: return nil
                case .nonisolated: return "the property is `nonisolated`"
                case .inherited: continue
                }
            }
            if let type = syntax.as(ClassDeclSyntax.self) {
                return isMainActor(type.attributes) || descendsFromMainActorClass(type.name.text)
                    ? nil : "`\(type.name.text)` is not a main-actor class"
            }
            if let type = syntax.as(ExtensionDeclSyntax.self) {
                let name = type.extendedType.trimmedDescription
                return isMainActor(type.attributes) || descendsFromMainActorClass(name) ? nil : "`\(name)` is not a main-actor class"
            }
            if let type = syntax.as(StructDeclSyntax.self) {
                return isMainActor(type.attributes) ? nil : "`\(type.name.text)` is not main-actor isolated"
            }
            if let type = syntax.as(EnumDeclSyntax.self) {
                return isMainActor(type.attributes) ? nil : "`\(type.name.text)` is not main-actor isolated"
            }
            if syntax.is(ActorDeclSyntax.self) || syntax.is(ProtocolDeclSyntax.self) { return "it is not in a main-actor class" }
        }
        return "it is top-level code"
    }

    private enum Isolation { case main, nonisolated, inherited }

    private func isolation(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax) -> Isolation {
        if modifiers.contains(where: { $0.name.text == "nonisolated" }) { return .nonisolated }
        return isMainActor(attributes) ? .main : .inherited
    }

    private func isMainActor(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }
    }

    /// Whether `name` is a main-actor UIKit class or one of the folder's classes descending
    /// from one. A base the porter does not know proves nothing.
    func descendsFromMainActorClass(_ name: String) -> Bool {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            if Self.mainActorUIKitClasses.contains(current) { return true }
            if let site = index.classes[current], isMainActor(site.decl.attributes) { return true }
            guard index.classes[current] != nil, let next = index.superclass(of: current) else { return false }
            current = next
        }
        return false
    }

    /// UIKit's classes that are `@MainActor` on iOS and that libraries subclass or extend.
    static let mainActorUIKitClasses: Set<String> = {
        var names = Set(PortIndex.uikitAncestors.keys)
        names.subtract(["NSObject", "CALayer"])
        names.formUnion([
            "UIApplication", "UIScreen", "UIDynamicAnimator", "UIViewPropertyAnimator", "UIPanGestureRecognizer",
            "UITapGestureRecognizer", "UIScreenEdgePanGestureRecognizer", "UILongPressGestureRecognizer",
            "UIPinchGestureRecognizer", "UISwipeGestureRecognizer", "UIRotationGestureRecognizer",
            "UISheetPresentationController", "UIPopoverPresentationController", "UIRefreshControl",
            "UIActivityIndicatorView", "UIProgressView", "UIDatePicker", "UIPickerView", "UISearchBar",
            "UIVisualEffectView", "UICollectionViewFlowLayout", "UICollectionViewCompositionalLayout",
            "UITableViewHeaderFooterView", "UISearchController", "UIPageViewController",
        ])
        return names
    }()

    // MARK: Closures

    /// Calls whose closure arguments UIKit or Foundation run on the main thread when the call
    /// itself is made there, or run at once where they are.
    static let mainThreadCallees: Set<String> = [
        // UIView and property animators
        "animate", "animateKeyframes", "addKeyframe", "transition", "performWithoutAnimation", "modifyAnimations",
        "addAnimations", "addCompletion", "runningPropertyAnimator", "UIViewPropertyAnimator",
        // controllers, transitions, collection updates
        "present", "dismiss", "performBatchUpdates", "animateAlongsideTransition", "notifyWhenInteractionChanges",
        "notifyWhenInteractionEnds", "setCompletionBlock", "UIAction", "UIContextualAction",
        // run-loop timers and the media clock, scheduled from the main thread
        "scheduledTimer", "schedule",
        // synchronous
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "first", "last", "contains",
        "allSatisfy", "removeAll", "image", "pngData", "jpegData", "autoreleasepool", "withExtendedLifetime",
    ]

    private func doubt(aboutClosure closure: ClosureExprSyntax) -> String? {
        // `{ … }()`: called at once, where it is written.
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id { return nil }
        let call: FunctionCallExprSyntax?
        if let parent = closure.parent?.as(FunctionCallExprSyntax.self) {
            call = parent  // trailing closure
        } else if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
            call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = nil
        }
        guard let call else { return "a closure it is in is stored, and may be called from any thread" }
        let callee: String
        var base: String?
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            callee = member.declName.baseName.text
            base = member.base?.trimmedDescription
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            callee = reference.baseName.text
        } else {
            return "a closure it is in is handed to `\(call.calledExpression.oneLine)`"
        }
        switch callee {
        case "async", "asyncAfter", "sync":
            return base == "DispatchQueue.main" ? nil : "a closure it is in runs on `\(base ?? "a queue")`"
        case "addObserver":
            let queue = call.arguments.first { $0.label?.text == "queue" }?.expression.trimmedDescription
            return [".main", "OperationQueue.main"].contains(queue ?? "")
                ? nil : "a notification block it is in runs on the posting thread"
        default:
            return Self.mainThreadCallees.contains(callee) ? nil : "a closure it is in is handed to `\(callee)`"
        }
    }
}
