import SwiftSyntax

/// A generic class over delegate protocols, constrained to `NSObjectProtocol` so that it can hold
/// its delegates weakly:
///
/// ```swift
/// class DelegateProxy<DelegateType: NSObjectProtocol>: NSObject {
///     weak var primary: DelegateType?
/// }
/// class NavigationProxy: DelegateProxy<UINavigationControllerDelegate>, UINavigationControllerDelegate { … }
/// ```
///
/// On iOS an Objective-C protocol type conforms to the protocols it refines, so
/// `UINavigationControllerDelegate` satisfies `NSObjectProtocol`. On Linux no protocol type
/// conforms to a protocol, and no such subclass compiles. When the folder uses the class with a
/// protocol as that argument, the porter drops the constraint and makes each `weak` property of
/// the parameter's type `@WeakObject` (Flipbook's weak reference for values of any type), which
/// keeps the object weakly as before (docs/Porting.md, "Generic proxies over delegate
/// protocols"). A member of `NSObjectProtocol` called on such a value then does not compile, and
/// the compiler names it.
final class ExistentialGenericRewriter: IndexedFileVisitor {
    static let wrapper = "WeakObject"

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let parameters = node.genericParameterClause?.parameters else { return .visitChildren }
        let source = file.source
        for parameter in parameters {
            guard let colon = parameter.colon, let constraint = parameter.inheritedType,
                constraint.trimmedDescription == "NSObjectProtocol",
                let protocolArgument = (index.genericArguments[parameter.name.text] ?? []).sorted().first(where: isProtocol)
            else { continue }
            let name = parameter.name.text
            file.add(.delete(source.start(colon)..<source.end(constraint)))
            file.change(
                .existentialGeneric, at: parameter,
                "`\(name): NSObjectProtocol` -> `\(name)`: on Linux a protocol type such as `\(protocolArgument)` "
                    + "conforms to no protocol, and \(node.name.text) is used with one")
            for member in node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    let weak = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.weak) }),
                    variable.bindings.allSatisfy({ binding in
                        let type = binding.typeAnnotation?.type.trimmedDescription
                        return type == name + "?" || type == name + "!"
                    })
                else { continue }
                file.remove(source.range(weak))
                file.add(.insert("@\(Self.wrapper) ", at: source.start(variable)))
                file.change(
                    .existentialGeneric, at: variable,
                    "`weak` -> `@\(Self.wrapper)`: `weak` needs a class-bound type, and `\(name)` is no longer one")
            }
        }
        return .visitChildren
    }

    /// Whether `type` names a protocol: one of UIKit's the porter knows, one the folder
    /// declares, or a name in the delegate protocols' style that no class of the folder has.
    private func isProtocol(_ type: String) -> Bool {
        if OptionalRequirementRewriter.uikitProtocols.contains(type) || index.objcProtocols[type] != nil { return true }
        guard index.classes[type] == nil else { return false }
        return ["Delegate", "DataSource", "Transitioning"].contains { type.hasSuffix($0) }
    }
}
