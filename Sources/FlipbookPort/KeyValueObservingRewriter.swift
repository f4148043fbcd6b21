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

    /// Methods UIKit declares on NSObject for nibs and Interface Builder, which Flipbook declares
    /// on `UIResponder` (views and controllers override them as on iOS). A plain NSObject
    /// subclass's override has nothing to override: it becomes a plain method, without its call
    /// to `super` (Flipbook loads no nibs, so nothing calls it, as nothing did on iOS without one).
    static let nibMethods: Set<String> = ["awakeFromNib", "prepareForInterfaceBuilder"]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if rootIsNSObject(node) {
            for member in node.memberBlock.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self), Self.nibMethods.contains(f.name.text),
                    f.signature.parameterClause.parameters.isEmpty,
                    let override = f.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
                    let afterOverride = override.nextToken(viewMode: .sourceAccurate)
                else { continue }
                let source = file.source
                file.add(SourceEdit(range: source.start(override)..<source.start(afterOverride), replacement: ""))
                for call in Self.superCalls(named: f.name.text, in: f) { deleteStatement(call) }
                file.change(
                    .nibMethod, at: f,
                    "`\(ExtensionOverrideMover.summary(DeclSyntax(f)))` in an NSObject subclass -> a plain method (no "
                        + "`override`, no call to `super`'s): Linux's NSObject has no `\(f.name.text)()`")
            }
        }
        portObserver(node.memberBlock, of: node.name.text, after: Syntax(node))
        return .visitChildren
    }

    /// An observer written in an extension of the folder's class (which `ExtensionOverrideMover`
    /// then moves into the class body, with these edits).
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        if index.classes[name] != nil { portObserver(node.memberBlock, of: name, after: Syntax(node)) }
        return .visitChildren
    }

    private func portObserver(_ members: MemberBlockSyntax, of typeName: String, after decl: Syntax) {
        for member in members.members {
            guard let f = member.decl.as(FunctionDeclSyntax.self), Self.isObserveValue(f),
                let override = f.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
                let afterOverride = override.nextToken(viewMode: .sourceAccurate),
                !inheritsAnObserver(typeName)
            else { continue }
            let source = file.source
            file.add(SourceEdit(range: source.start(override)..<source.start(afterOverride), replacement: ""))
            // In an extension, so that the main-actor protocol does not make the whole class
            // main-actor (a conformance in the class's own declaration would).
            let indent = source.indentation(at: source.start(decl))
            if decl.is(ExtensionDeclSyntax.self) {
                // At the end of the file: the extension itself may go when its member moves.
                let end = source.bytes.count
                let newline = source.bytes.last == UInt8(ascii: "\n")
                file.add(.insert((newline ? "\n" : "\n\n") + "extension \(typeName): \(Self.protocolName) {}" + (newline ? "\n" : ""), at: end))
            } else {
                file.add(.insert("\n\n\(indent)extension \(typeName): \(Self.protocolName) {}", at: source.end(decl)))
            }
            for call in Self.superCalls(named: "observeValue", in: f) { deleteStatement(call) }
            file.claim(source.start(f)..<source.end(f))
            file.change(
                .keyValueObserving, at: f,
                "`\(ExtensionOverrideMover.summary(DeclSyntax(f)))` -> `extension \(typeName): \(Self.protocolName) {}` "
                    + "(no `override`, no call to `super`'s)")
        }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        let box = Self.valueMembers.contains(name) ? "NSValue" : Self.numberMembers.contains(name) ? "NSNumber" : nil
        if let box, portUserInfoLookup(node, member: name, box: box) { return .visitChildren }
        // Unfolded, `value as AnyObject` is a sequence: the value, `as`, the type.
        guard let box, let tuple = node.base?.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let sequence = tuple.elements.first?.expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark == nil, let type = sequence.elements.last,
            type.trimmedDescription == "AnyObject"
        else { return .visitChildren }
        // The lookup's type is `T!`: a declaration that infers its type from it holds a `T?`
        // (`let old = (change[.oldKey] as AnyObject).cgRectValue`, then `old?.equalTo(…)`);
        // anywhere else it is unwrapped at once.
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            binding.typeAnnotation == nil
        {
            file.add(SourceEdit(range: file.source.start(cast)..<file.source.end(type), replacement: "as? \(box)"))
            file.add(.insert("?", at: file.source.end(tuple)))
            file.change(
                .keyValueObserving, at: node,
                "`(… as AnyObject).\(name)` -> `(… as? \(box))?.\(name)` (a member looked up through the Objective-C runtime, "
                    + "whose `\(name)!` a declaration holds as an Optional)")
            return .visitChildren
        }
        file.add(SourceEdit(range: file.source.start(cast)..<file.source.end(type), replacement: "as! \(box)"))
        file.change(
            .keyValueObserving, at: node,
            "`(… as AnyObject).\(name)` -> `(… as! \(box)).\(name)` (a member looked up through the Objective-C runtime)")
        return .visitChildren
    }

    /// `userInfo[UIResponder.keyboardFrameEndUserInfoKey]?.cgRectValue` on a `[String: AnyObject]`
    /// (a notification's user info cast so): Objective-C finds the member on whatever the
    /// dictionary holds. The value is boxed, so the lookup becomes `(… as? NSValue)?.cgRectValue`
    /// (`NSNumber` for the number members), the same on iOS whatever the dictionary's type. Only
    /// for a subscript whose key is a user-info key (its text ends in `UserInfoKey`), where what
    /// the value holds is documented.
    private func portUserInfoLookup(_ node: MemberAccessExprSyntax, member: String, box: String) -> Bool {
        guard let chain = node.base?.as(OptionalChainingExprSyntax.self),
            let subscriptCall = chain.expression.as(SubscriptCallExprSyntax.self),
            subscriptCall.arguments.count == 1,
            let key = subscriptCall.arguments.first?.expression.trimmedDescription, key.hasSuffix("UserInfoKey")
        else { return false }
        file.add(.insert("(", at: file.source.start(subscriptCall)))
        file.add(.insert(" as? \(box))", at: file.source.end(subscriptCall)))
        file.change(
            .keyValueObserving, at: node,
            "`…[\(key)]?.\(member)` -> `(…[\(key)] as? \(box))?.\(member)` (a member looked up through the Objective-C runtime)")
        return true
    }

    /// Whether a class above `cls` in the folder declares `observeValue` (it is then the observer).
    private func inheritsAnObserver(_ typeName: String) -> Bool {
        var seen: Set<String> = [typeName]
        var current = index.superclass(of: typeName)
        while let name = current, let site = index.classes[name], seen.insert(name).inserted {
            if site.decl.memberBlock.members.contains(where: { $0.decl.as(FunctionDeclSyntax.self).map(Self.isObserveValue) ?? false }) {
                return true
            }
            current = index.superclass(of: name)
        }
        return false
    }

    /// Deletes a statement: its lines, when nothing else shares them; else just the statement.
    private func deleteStatement(_ item: CodeBlockItemSyntax) {
        let source = file.source
        let lines = source.lineStart(of: source.start(item))..<(source.lineEnd(of: source.end(item)) + 1)
        let alone = source.isBlank(lines.lowerBound..<source.start(item))
            && source.isBlank(source.end(item)..<(lines.upperBound - 1))
        file.add(.delete(alone ? lines : source.start(item)..<source.end(item)))
    }

    /// Whether `cls` reaches `NSObject` through the folder's classes alone (no UIKit class,
    /// which declares the nib methods itself, on the way).
    private func rootIsNSObject(_ cls: ClassDeclSyntax) -> Bool {
        var seen: Set<String> = [cls.name.text]
        var current = index.superclass(of: cls.name.text)
        while let name = current {
            if name == "NSObject" { return true }
            guard index.classes[name] != nil, seen.insert(name).inserted else { return false }
            current = index.superclass(of: name)
        }
        return false
    }

    /// The statements of `f` that call `super.name(…)`.
    private static func superCalls(named name: String, in f: FunctionDeclSyntax) -> [CodeBlockItemSyntax] {
        f.body.map { body in
            body.tokens(viewMode: .sourceAccurate).compactMap { token -> CodeBlockItemSyntax? in
                guard token.tokenKind == .keyword(.super),
                    let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == name,
                    let call = member.parent?.as(FunctionCallExprSyntax.self),
                    let item = call.parent?.as(CodeBlockItemSyntax.self)
                else { return nil }
                return item
            }
        } ?? []
    }
}
