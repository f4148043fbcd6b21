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
            if let modifier = f.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) }),
                let next = modifier.nextToken(viewMode: .sourceAccurate)
            {
                file.add(SourceEdit(range: file.source.start(modifier)..<file.source.start(next), replacement: ""))
            }
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

    /// Writes the hand-over at the start of each extension method that has renamed overrides.
    func insertDispatches() {
        for dispatch in dispatches {
            guard let body = dispatch.method.body else { continue }
            let source = dispatch.file.source
            let indent: String
            if let first = body.statements.first, source.line(first) != source.line(body.leftBrace) {
                indent = source.indentation(at: source.start(first))
            } else {
                indent = source.indentation(at: source.start(dispatch.method)) + "    "
            }
            let arguments = dispatch.method.signature.parameterClause.parameters.map { p in
                let name = (p.secondName ?? p.firstName).text
                let isInout = p.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
                    $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
                } ?? false
                return (p.firstName.text == "_" ? "" : p.firstName.text + ": ") + (isInout ? "&" : "") + name
            }.joined(separator: ", ")
            let lines = dispatch.classes.map {
                "\n\(indent)if let overriding = self as? \($0) { return overriding.\(dispatch.newName)(\(arguments)) }"
            }.joined()
            dispatch.file.add(.insert(lines, at: source.end(body.leftBrace)))
            dispatch.file.change(
                .extensionOverride, at: dispatch.method,
                "`\(Self.summary(DeclSyntax(dispatch.method)))` hands calls on "
                    + dispatch.classes.map { "`\($0)`" }.joined(separator: ", ") + " to their `\(dispatch.newName)`")
        }
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
