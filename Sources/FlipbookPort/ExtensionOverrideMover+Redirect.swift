import SwiftSyntax

/// Overrides of a library's methods declared in an extension of a UIKit class: the override is
/// renamed and the extension's method hands calls to it (docs/Porting.md, "Overrides of a
/// library's extension methods").
extension ExtensionOverrideMover {
    /// The name an override of an extension's method takes: `flipbookOverride` and the method's name.
    static func overrideName(_ name: String) -> String { "flipbookOverride" + name.prefix(1).uppercased() + name.dropFirst() }

    /// A class's override of an instance method that the library declares in an extension of a
    /// UIKit class (`extension UIViewController { func toggleLeft() }`). Swift without
    /// Objective-C cannot override it, but the dynamic dispatch it stands for can be kept: the
    /// override takes a name of its own, and the extension's method begins by handing the call to
    /// that name when `self` is the class. Every call, through any static type, then runs what it
    /// ran on iOS. A subclass overriding the same method keeps `override` on the new name. Not
    /// for overrides that call `super`'s version (it would hand the call back), variadic or
    /// generic methods, or generic classes: those stay reported.
    func redirect(_ member: MemberBlockItemSyntax, in cls: ClassDeclSyntax, file: FileRewrite) -> Bool {
        guard let f = member.decl.as(FunctionDeclSyntax.self), cls.genericParameterClause == nil,
            f.genericParameterClause == nil, !Self.isStatic(f.modifiers),
            !f.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil }),
            let key = MemberKey.of(member.decl),
            let site = index.extensionMembers[key]?.first(where: { index.isSelfOrAncestor($0.type, of: cls.name.text) }),
            index.classes[site.type] == nil, let extFile = files[site.path],
            let method = Self.extensionMethod(key, of: site.type, in: extFile.source.tree),
            method.body != nil, !Self.isStatic(method.modifiers)
        else { return false }
        let name = f.name.text
        let newName = Self.overrideName(name)
        // The first class on the way up from `cls` to the extension's type that overrides it too.
        var ancestor = index.superclass(of: cls.name.text)
        var overridingAncestor: String?
        var seen: Set<String> = [cls.name.text]
        while let a = ancestor, a != site.type, let ancestorSite = index.classes[a], seen.insert(a).inserted {
            if ancestorSite.decl.memberBlock.members.contains(where: { Self.isOverride($0.decl) && MemberKey.of($0.decl) == key }) {
                overridingAncestor = a
                break
            }
            ancestor = index.superclass(of: a)
        }
        let superCalls = Self.superReferences(name, in: Syntax(cls))
        // The top override calling `super` would reach the extension's method, which hands the call back.
        guard overridingAncestor != nil || superCalls.isEmpty else { return false }
        // Below it, `super.name` is the renamed override of the class above.
        for token in superCalls { file.replace(token, with: newName) }
        file.replace(f.name, with: newName)
        if overridingAncestor == nil {
            Self.dropOverride(f.modifiers, in: file)
            if let i = dispatches.firstIndex(where: { $0.method.id == method.id && $0.file === extFile }) {
                dispatches[i].classes.append(cls.name.text)
            } else {
                dispatches.append((extFile, method, [cls.name.text], newName))
            }
        }
        file.change(
            .extensionOverride, at: member.decl,
            "`\(Self.summary(member.decl))` overrides `\(key)`, declared in `extension \(site.type)` "
                + "(\(site.path):\(site.line)): renamed `\(newName)`"
                + (overridingAncestor.map { ", overriding `\($0)`'s" } ?? ", and that method hands calls on a `\(cls.name.text)` to it"))
        return true
    }

    /// An override written in an extension of a UIKit class (`extension UILabel { override func
    /// prepareViewForSkeleton() }`) of a method the library declares in an extension of a UIKit
    /// ancestor (`extension UIView { @objc func prepareViewForSkeleton() }`): an Objective-C
    /// category overriding a category method. Redirected as an override in a class body is: the
    /// override takes its `flipbookOverride` name and the ancestor's method hands calls on a
    /// `UILabel` to it, the most derived class first. Not when the override calls `super`'s
    /// version (it would be handed the call back), nor for static, variadic or generic methods.
    func redirect(_ member: MemberBlockItemSyntax, inExtension ext: ExtensionDeclSyntax, file: FileRewrite) -> Bool {
        if member.decl.is(VariableDeclSyntax.self) { return redirectProperty(member, inExtension: ext, file: file) }
        guard let f = member.decl.as(FunctionDeclSyntax.self), let typeName = ext.extendedType.as(IdentifierTypeSyntax.self)?.name.text,
            ext.extendedType.as(IdentifierTypeSyntax.self)?.genericArgumentClause == nil, index.classes[typeName] == nil,
            f.genericParameterClause == nil, !Self.isStatic(f.modifiers),
            !f.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil }),
            let key = MemberKey.of(member.decl),
            let site = index.extensionMembers[key]?.first(where: {
                $0.type != typeName && index.classes[$0.type] == nil && PortIndex.uikitAncestors[typeName]?.contains($0.type) == true
            }),
            let extFile = files[site.path],
            let method = Self.extensionMethod(key, of: site.type, in: extFile.source.tree),
            method.body != nil, !Self.isStatic(method.modifiers)
        else { return false }
        let newName = Self.overrideName(f.name.text)
        // `super.name(…)`: the nearest class above with an override of its own, else the
        // ancestor's method without its hand-over (`insertDispatches`).
        for token in Self.superReferences(f.name.text, in: Syntax(f)) {
            if let member = token.parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(MemberAccessExprSyntax.self) {
                extensionSuperCalls.append((file, member, typeName, key))
            }
        }
        file.replace(f.name, with: newName)
        Self.dropOverride(f.modifiers, in: file)
        if let i = dispatches.firstIndex(where: { $0.method.id == method.id && $0.file === extFile }) {
            dispatches[i].classes.append(typeName)
        } else {
            dispatches.append((extFile, method, [typeName], newName))
        }
        file.change(
            .extensionOverride, at: member.decl,
            "`\(Self.summary(member.decl))` in `extension \(typeName)` overrides `\(key)`, declared in `extension \(site.type)` "
                + "(\(site.path):\(site.line)): renamed `\(newName)`, and that method hands calls on a `\(typeName)` to it")
        return true
    }

    /// The same for a read-only computed property (`extension UITableView { override var
    /// subviewsToSkeleton: [UIView] { … } }` over `extension UIView { @objc var
    /// subviewsToSkeleton: [UIView] { subviews } }`): the override is renamed, and the view's
    /// getter hands reads on a `UITableView` to it (`insertPropertyDispatches`). Not when it
    /// reads `super`'s value, nor for a settable one.
    private func redirectProperty(_ member: MemberBlockItemSyntax, inExtension ext: ExtensionDeclSyntax, file: FileRewrite) -> Bool {
        guard let v = member.decl.as(VariableDeclSyntax.self), let typeName = ext.extendedType.as(IdentifierTypeSyntax.self)?.name.text,
            index.classes[typeName] == nil, !Self.isStatic(v.modifiers), v.bindings.count == 1, let binding = v.bindings.first,
            let id = binding.pattern.as(IdentifierPatternSyntax.self), binding.typeAnnotation != nil,
            let accessors = binding.accessorBlock, Self.isGetterOnly(accessors),
            let key = MemberKey.of(member.decl),
            let site = index.extensionMembers[key]?.first(where: {
                $0.type != typeName && index.classes[$0.type] == nil && PortIndex.uikitAncestors[typeName]?.contains($0.type) == true
            }),
            let extFile = files[site.path],
            let base = Self.extensionProperty(key, of: site.type, in: extFile.source.tree),
            let baseAccessors = base.bindings.first?.accessorBlock, Self.isGetterOnly(baseAccessors),
            Self.superReferences(id.identifier.text, in: Syntax(v)).isEmpty
        else { return false }
        let newName = Self.overrideName(id.identifier.text)
        file.replace(id.identifier, with: newName)
        Self.dropOverride(v.modifiers, in: file)
        if let i = propertyDispatches.firstIndex(where: { $0.decl.id == base.id && $0.file === extFile }) {
            propertyDispatches[i].classes.append(typeName)
        } else {
            propertyDispatches.append((extFile, base, [typeName], newName))
        }
        file.change(
            .extensionOverride, at: member.decl,
            "`\(Self.summary(member.decl))` in `extension \(typeName)` overrides `\(key)`, declared in `extension \(site.type)` "
                + "(\(site.path):\(site.line)): renamed `\(newName)`, and that property hands reads on a `\(typeName)` to it")
        return true
    }

    /// `{ … }` or `{ get { … } }`.
    static func isGetterOnly(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list): return list.count == 1 && list.first?.accessorSpecifier.tokenKind == .keyword(.get)
        }
    }

    /// The property `key` declared (not overriding) in an extension of `type` in `tree`.
    static func extensionProperty(_ key: String, of type: String, in tree: SourceFileSyntax) -> VariableDeclSyntax? {
        for item in tree.statements {
            guard let ext = item.item.as(ExtensionDeclSyntax.self), ext.extendedType.trimmedDescription == type else { continue }
            for member in ext.memberBlock.members {
                if let v = member.decl.as(VariableDeclSyntax.self), MemberKey.of(member.decl) == key, !isOverride(member.decl) { return v }
            }
        }
        return nil
    }

    /// Writes each redirected property's hand-over: its getter hands reads to the overrides, the
    /// most derived class first, else reads `flipbookSuper<Name>`, which holds the old getter.
    func insertPropertyDispatches() {
        for dispatch in propertyDispatches {
            guard let binding = dispatch.decl.bindings.first, let id = binding.pattern.as(IdentifierPatternSyntax.self),
                let type = binding.typeAnnotation?.type, let accessors = binding.accessorBlock
            else { continue }
            let file = dispatch.file
            let source = file.source
            let name = id.identifier.text
            let superName = Self.superName(name)
            let declIndent = source.indentation(at: source.start(dispatch.decl))
            let indent = declIndent + "    "
            let classes = mostDerivedFirst(dispatch.classes)
            let handOver = classes.map { "\(indent)if let overriding = self as? \($0) { return overriding.\(dispatch.newName) }\n" }
            let oldGetter = EditApplier.apply(file.edits, to: source.bytes, in: source.range(accessors))
            file.add(SourceEdit(
                range: source.range(accessors), replacement: "{\n" + handOver.joined() + "\(indent)return \(superName)\n\(declIndent)}",
                isContainer: true))
            let access = dispatch.decl.modifiers.filter { Self.accessKeywords.contains($0.name.tokenKind) }.map { $0.name.text + " " }.joined()
            file.add(.insert("\n\n\(declIndent)/// `\(name)`'s own value, for the overrides' hand-over (flipbook port).\n"
                + "\(declIndent)\(access)var \(superName): \(type.trimmedDescription) \(oldGetter)", at: source.end(dispatch.decl)))
            file.change(
                .extensionOverride, at: dispatch.decl,
                "`\(name)` hands reads on " + classes.map { "`\($0)`" }.joined(separator: ", ")
                    + " to their `\(dispatch.newName)`; its own getter is `\(superName)`")
        }
    }

    /// Removes `override` (and the space after it) from a renamed override.
    static func dropOverride(_ modifiers: DeclModifierListSyntax, in file: FileRewrite) {
        guard let modifier = modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
            let next = modifier.nextToken(viewMode: .sourceAccurate)
        else { return }
        file.add(SourceEdit(range: file.source.start(modifier)..<file.source.start(next), replacement: ""))
    }

    /// The arguments that hand a method's parameters on unchanged (`animated: animated`, `&x`).
    static func forwardedArguments(_ parameters: FunctionParameterListSyntax) -> String {
        parameters.map { p in
            let local = (p.secondName ?? p.firstName).text
            let isInout = p.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
                $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
            } ?? false
            return (p.firstName.text == "_" ? "" : p.firstName.text + ": ") + (isInout ? "&" : "") + local
        }.joined(separator: ", ")
    }

    /// `classes` with the most derived first (a `UITextField` before `UIControl`), else in the
    /// order they came.
    func mostDerivedFirst(_ classes: [String]) -> [String] {
        classes.enumerated().sorted { a, b in (depth(a.element), -a.offset) > (depth(b.element), -b.offset) }.map(\.element)
    }

    /// How deep a class is below `NSObject`, for handing calls to the most derived class first.
    func depth(_ name: String) -> Int {
        var current = name
        var steps = 0
        var seen: Set<String> = []
        while index.classes[current] != nil, seen.insert(current).inserted, let next = index.superclass(of: current) {
            current = next
            steps += 1
        }
        return steps + (PortIndex.uikitAncestors[current]?.count ?? 3)
    }

    /// The name of an extension method's own body when a redirected override calls `super`'s.
    static func superName(_ name: String) -> String { "flipbookSuper" + name.prefix(1).uppercased() + name.dropFirst() }

    /// Writes the hand-over at the start of each extension method that has renamed overrides.
    /// Where an override written in an extension calls `super`'s version, the method's body
    /// moves into `flipbookSuper<Name>` right after it, which that call reaches (or the
    /// override of the nearest class above that has one).
    func insertDispatches() {
        for dispatch in dispatches {
            guard let body = dispatch.method.body else { continue }
            let key = MemberKey.of(DeclSyntax(dispatch.method))
            let calls = extensionSuperCalls.filter { $0.key == key && dispatch.classes.contains($0.cls) }
            if !calls.isEmpty {
                insertDispatchWithSuperEntry(dispatch, body: body, calls: calls)
                continue
            }
            let source = dispatch.file.source
            let indent: String
            if let first = body.statements.first, source.line(first) != source.line(body.leftBrace) {
                indent = source.indentation(at: source.start(first))
            } else {
                indent = source.indentation(at: source.start(dispatch.method)) + "    "
            }
            let arguments = Self.forwardedArguments(dispatch.method.signature.parameterClause.parameters)
            let classes = mostDerivedFirst(dispatch.classes)
            let lines = classes.map {
                "\n\(indent)if let overriding = self as? \($0) { return overriding.\(dispatch.newName)(\(arguments)) }"
            }.joined()
            dispatch.file.add(.insert(lines, at: source.end(body.leftBrace)))
            dispatch.file.change(
                .extensionOverride, at: dispatch.method,
                "`\(Self.summary(DeclSyntax(dispatch.method)))` hands calls on "
                    + dispatch.classes.map { "`\($0)`" }.joined(separator: ", ") + " to their `\(dispatch.newName)`")
        }
    }

    /// The hand-over for a method whose overrides call `super`'s: the method's body becomes the
    /// hand-over and a call of `flipbookSuper<Name>`, a method holding the old body (with the
    /// other rewrites inside it).
    private func insertDispatchWithSuperEntry(
        _ dispatch: (file: FileRewrite, method: FunctionDeclSyntax, classes: [String], newName: String),
        body: CodeBlockSyntax, calls: [(file: FileRewrite, member: MemberAccessExprSyntax, cls: String, key: String)]
    ) {
        let file = dispatch.file
        let source = file.source
        let method = dispatch.method
        let name = method.name.text
        let superName = Self.superName(name)
        let methodIndent = source.indentation(at: source.start(method))
        let indent = methodIndent + "    "
        let parameters = method.signature.parameterClause.parameters
        let arguments = Self.forwardedArguments(parameters)
        let classes = mostDerivedFirst(dispatch.classes)
        let handOver = classes.map { "\(indent)if let overriding = self as? \($0) { return overriding.\(dispatch.newName)(\(arguments)) }\n" }
        let oldBody = EditApplier.apply(file.edits, to: source.bytes, in: source.range(body))
        file.add(SourceEdit(
            range: source.range(body), replacement: "{\n" + handOver.joined() + "\(indent)return \(superName)(\(arguments))\n\(methodIndent)}",
            isContainer: true))
        let access = method.modifiers.filter { Self.accessKeywords.contains($0.name.tokenKind) }.map { $0.name.text + " " }.joined()
        let signature = method.signature.trimmedDescription
        file.add(.insert("\n\n\(methodIndent)/// `\(name)`'s own body, which an override's `super.\(name)` reaches (flipbook port).\n"
            + "\(methodIndent)\(access)func \(superName)\(signature) \(oldBody)", at: source.end(method)))
        for call in calls {
            let above = dispatch.classes.filter { $0 != call.cls && PortIndex.uikitAncestors[call.cls]?.contains($0) == true }
                .max { depth($0) < depth($1) }
            call.file.replace(call.member, with: above == nil ? superName : "super.\(dispatch.newName)")
        }
        file.change(
            .extensionOverride, at: method,
            "`\(Self.summary(DeclSyntax(method)))` hands calls on " + classes.map { "`\($0)`" }.joined(separator: ", ")
                + " to their `\(dispatch.newName)`; its own body is `\(superName)`, which their `super.\(name)` reaches")
    }

    static let accessKeywords: [TokenKind] = [
        .keyword(.open), .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate), .keyword(.private),
    ]

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { [.keyword(.static), .keyword(.class), .keyword(.mutating)].contains($0.name.tokenKind) }
    }

    /// The method `key` declared in an extension of `type` in `tree`.
    static func extensionMethod(_ key: String, of type: String, in tree: SourceFileSyntax) -> FunctionDeclSyntax? {
        final class Finder: SyntaxVisitor {
            let key: String
            let type: String
            var found: FunctionDeclSyntax?
            init(key: String, type: String) {
                self.key = key
                self.type = type
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                guard node.extendedType.trimmedDescription == type else { return .skipChildren }
                for member in node.memberBlock.members where found == nil {
                    if let f = member.decl.as(FunctionDeclSyntax.self), MemberKey.of(member.decl) == key, !ExtensionOverrideMover.isOverride(member.decl) {
                        found = f
                    }
                }
                return .skipChildren
            }
        }
        let finder = Finder(key: key, type: type)
        finder.walk(tree)
        return finder.found
    }

    /// The name tokens of every `super.name` in `node`.
    static func superReferences(_ name: String, in node: Syntax) -> [TokenSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.tokenKind == .keyword(.super),
                let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == name
            else { return nil }
            return member.declName.baseName
        }
    }
}
