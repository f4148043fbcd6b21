import SwiftSyntax

/// String-key key-value observing, ported onto Flipbook's (docs/Porting.md, "Key-value
/// observing"). `addObserver(_:forKeyPath:options:context:)` and `removeObserver(_:forKeyPath:)`
/// keep their text: Flipbook declares them. What cannot stay is the observer's
/// `override func observeValue(forKeyPath:of:change:context:)`, since Linux's NSObject has no
/// such method to override: the class adopts `FlipbookKeyValueObserver` instead, whose one
/// requirement is that method (in an extension, so the class does not become main-actor), the `override` goes, and so does the call to `super`'s version
/// (NSObject's only raises for a change nobody registered for). A subclass of such a class
/// keeps its `override` and its `super` call, which now reach the class above.
///
/// Also `(value as AnyObject).cgPointValue`, which looks the member up through the Objective-C
/// runtime: the cast becomes `as! NSValue` (or `as! NSNumber`), what the change dictionary holds.
final class KeyValueObservingRewriter: IndexedFileVisitor {
    static let labels = ["forKeyPath", "of", "change", "context"]
    static let protocolName = "FlipbookKeyValueObserver"
    static let valueMembers: Set<String> = [
        "cgPointValue", "cgSizeValue", "cgRectValue", "cgAffineTransformValue", "caTransform3DValue", "cgVectorValue",
        "uiEdgeInsetsValue", "uiOffsetValue", "nonretainedObjectValue",
    ]
    static let numberMembers: Set<String> = [
        "doubleValue", "floatValue", "intValue", "integerValue", "boolValue", "int64Value", "uintValue",
    ]

    static func isObserveValue(_ f: FunctionDeclSyntax) -> Bool {
        f.name.text == "observeValue" && f.signature.parameterClause.parameters.map(\.firstName.text) == labels
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        for member in node.memberBlock.members {
            guard let f = member.decl.as(FunctionDeclSyntax.self), Self.isObserveValue(f),
                let override = f.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
                let afterOverride = override.nextToken(viewMode: .sourceAccurate),
                !inheritsAnObserver(node)
            else { continue }
            let source = file.source
            file.add(SourceEdit(range: source.start(override)..<source.start(afterOverride), replacement: ""))
            // In an extension, so that the main-actor protocol does not make the whole class
            // main-actor (a conformance in the class's own declaration would).
            let indent = source.indentation(at: source.start(node))
            file.add(.insert("\n\n\(indent)extension \(node.name.text): \(Self.protocolName) {}", at: source.end(node)))
            for call in Self.superCalls(in: f) {
                // Its lines, when nothing else shares them; else just the call.
                let lines = source.lineStart(of: source.start(call))..<(source.lineEnd(of: source.end(call)) + 1)
                let alone = source.isBlank(lines.lowerBound..<source.start(call))
                    && source.isBlank(source.end(call)..<(lines.upperBound - 1))
                file.add(.delete(alone ? lines : source.start(call)..<source.end(call)))
            }
            file.claim(source.start(f)..<source.end(f))
            file.change(
                .keyValueObserving, at: f,
                "`\(ExtensionOverrideMover.summary(DeclSyntax(f)))` -> `extension \(node.name.text): \(Self.protocolName) {}` "
                    + "(no `override`, no call to `super`'s)")
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        let box = Self.valueMembers.contains(name) ? "NSValue" : Self.numberMembers.contains(name) ? "NSNumber" : nil
        // Unfolded, `value as AnyObject` is a sequence: the value, `as`, the type.
        guard let box, let tuple = node.base?.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let sequence = tuple.elements.first?.expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark == nil, let type = sequence.elements.last,
            type.trimmedDescription == "AnyObject"
        else { return .visitChildren }
        file.add(SourceEdit(range: file.source.start(cast)..<file.source.end(type), replacement: "as! \(box)"))
        file.change(
            .keyValueObserving, at: node,
            "`(… as AnyObject).\(name)` -> `(… as! \(box)).\(name)` (a member looked up through the Objective-C runtime)")
        return .visitChildren
    }

    /// Whether a class above `cls` in the folder declares `observeValue` (it is then the observer).
    private func inheritsAnObserver(_ cls: ClassDeclSyntax) -> Bool {
        var seen: Set<String> = [cls.name.text]
        var current = index.superclass(of: cls.name.text)
        while let name = current, let site = index.classes[name], seen.insert(name).inserted {
            if site.decl.memberBlock.members.contains(where: { $0.decl.as(FunctionDeclSyntax.self).map(Self.isObserveValue) ?? false }) {
                return true
            }
            current = index.superclass(of: name)
        }
        return false
    }

    /// The statements of `f` that call `super.observeValue(…)`.
    private static func superCalls(in f: FunctionDeclSyntax) -> [CodeBlockItemSyntax] {
        f.body.map { body in
            body.tokens(viewMode: .sourceAccurate).compactMap { token -> CodeBlockItemSyntax? in
                guard token.tokenKind == .keyword(.super),
                    let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "observeValue",
                    let call = member.parent?.as(FunctionCallExprSyntax.self),
                    let item = call.parent?.as(CodeBlockItemSyntax.self)
                else { return nil }
                return item
            }
        } ?? []
    }
}
