import SwiftSyntax

/// Swift without Objective-C cannot override in an extension. When the class is declared in the
/// ported folder, each `override` member of an extension moves to the end of the class body
/// (with its comments, and with the other rewrites already made inside it); an extension left
/// empty goes, unless it declares a conformance.
///
/// A member that moves to another file while using a `private`/`fileprivate` declaration of its
/// own file makes that declaration internal. An override in an extension of a class declared
/// elsewhere (`extension UIView { override … }`) is left and reported.
final class ExtensionOverrideMover {
    struct Move {
        var from: FileRewrite
        var lines: Range<Int>
        var target: PortIndex.ClassSite
        /// Comment lines that go along (`// MARK:` lines of an extension that is removed whole).
        var comments: String = ""
    }

    let files: [String: FileRewrite]
    let index: PortIndex
    private(set) var moves: [Move] = []
    /// By file, the private names made internal for members that move out of it.
    private var widened: [String: Set<String>] = [:]

    init(files: [String: FileRewrite], index: PortIndex) {
        self.files = files
        self.index = index
    }

    /// Decides every move and removes the moved members from their extensions. Run after the
    /// other rewriters, before `insertMoves()`.
    /// Whether an override's body does nothing but return (or call) the same member on `super`.
    static func onlyCallsSuper(_ decl: DeclSyntax) -> Bool {
        func single(_ items: CodeBlockItemListSyntax?) -> ExprSyntax? {
            guard let items, items.count == 1, let item = items.first?.item else { return nil }
            if let r = item.as(ReturnStmtSyntax.self) { return r.expression }
            return item.as(ExprSyntax.self)
        }
        func isSuper(_ expr: ExprSyntax?, _ name: String, arguments: [String]?) -> Bool {
            guard var expr else { return false }
            if let call = expr.as(FunctionCallExprSyntax.self) {
                guard let arguments, call.trailingClosure == nil,
                    call.arguments.map({ $0.expression.trimmedDescription }) == arguments
                else { return false }
                expr = call.calledExpression
            } else if arguments != nil {
                return false
            }
            guard let member = expr.as(MemberAccessExprSyntax.self), member.base?.is(SuperExprSyntax.self) == true
            else { return false }
            return member.declName.baseName.text == name
        }
        if let v = decl.as(VariableDeclSyntax.self), v.bindings.count == 1, let b = v.bindings.first,
            let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            switch b.accessorBlock?.accessors {
            case .getter(let items)?: return isSuper(single(items), name, arguments: nil)
            default: return false
            }
        }
        if let f = decl.as(FunctionDeclSyntax.self) {
            let arguments = f.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
            return isSuper(single(f.body?.statements), f.name.text, arguments: arguments)
        }
        return false
    }

    /// An override of a member the library declares in an extension cannot stay; when it only
    /// calls `super` (`override var isHidden: Bool { super.isHidden }`), removing it changes
    /// nothing, so it goes. Otherwise it is left by hand with `reason`.
    private func reportOrRemove(_ member: MemberBlockItemSyntax, _ reason: String, in file: FileRewrite) {
        guard Self.onlyCallsSuper(member.decl) else {
            file.issue(at: member.decl, reason)
            return
        }
        file.remove(file.source.range(member))
        file.change(
            .overrideMoved, at: member.decl,
            "removed `\(Self.summary(member.decl))`: it only calls the member it overrides, which is declared in an "
                + "extension (Swift without Objective-C cannot override it)")
    }

    func plan(order: [String]) {
        for path in order {
            guard let file = files[path] else { continue }
            let finder = ExtensionFinder(viewMode: .sourceAccurate)
            finder.walk(file.source.tree)
            var privateNames: Set<String>?
            for cls in finder.classes {
                for member in cls.memberBlock.members where Self.isOverride(member.decl) {
                    guard let reason = extensionDeclared(member.decl, in: cls.name.text) else { continue }
                    if !Self.onlyCallsSuper(member.decl), redirect(member, in: cls, file: file) { continue }
                    reportOrRemove(member, reason, in: file)
                }
            }
            for ext in finder.extensions {
                // `extension NSObject: Initializable {}` with `init()` required: Foundation's
                // NSObject on Linux has no `required init()` to satisfy it.
                if ext.extendedType.trimmedDescription == "NSObject",
                    let p = ext.inheritanceClause?.inheritedTypes.map({ $0.type.trimmedDescription })
                        .first(where: index.protocolsRequiringInit.contains)
                {
                    if !giveNSObjectTheMembers(of: p, in: ext, file: file) {
                        file.issue(
                            at: ext,
                            "`extension NSObject: \(p)` needs NSObject's `init()` to be `required`, which it is only with "
                                + "Objective-C: move `init()` into a protocol of its own that only the classes needing it adopt")
                    }
                }
                var overrides: [MemberBlockItemSyntax] = []
                var hoisted: Set<SyntaxIdentifier> = []
                for member in ext.memberBlock.members {
                    guard Self.isOverride(member.decl) else {
                        // A member the folder's subclasses override moves into the class body.
                        if Self.isHoisted(member.decl, from: ext, index: index) {
                            overrides.append(member)
                            hoisted.insert(member.id)
                        }
                        continue
                    }
                    // Overriding what the library declares in an extension: not movable at all.
                    if let reason = extensionDeclared(member.decl, in: ext.extendedType.trimmedDescription) {
                        if !Self.onlyCallsSuper(member.decl), redirect(member, inExtension: ext, file: file) { continue }
                        reportOrRemove(member, reason, in: file)
                    } else {
                        overrides.append(member)
                    }
                }
                guard !overrides.isEmpty else { continue }
                let typeName = ext.extendedType.trimmedDescription
                guard let site = index.classSite(named: typeName, nearest: path) else {
                    for member in overrides {
                        let what = index.otherTypes.contains(typeName) ? "`\(typeName)`, which is not a class" :
                            "`\(typeName)`, which is not declared in the ported files"
                        file.issue(
                            at: member.decl,
                            "`\(Self.summary(member.decl))` overrides in an extension of \(what): Swift without "
                                + "Objective-C cannot override in an extension; move the override into a subclass")
                    }
                    continue
                }
                var moving: [MemberBlockItemSyntax] = []
                for member in overrides {
                    if site.path != path {
                        if privateNames == nil { privateNames = PrivateNames.declared(in: file.source.tree) }
                        // What it uses that is private to this file becomes internal, so that the
                        // member still sees it from the class's file.
                        for name in PrivateNames.used(in: member.decl, among: privateNames!) where widened[path, default: []].insert(name).inserted {
                            for modifier in PrivateNames.modifiers(of: name, in: file.source.tree) {
                                file.remove(file.source.range(modifier))
                                file.change(
                                    .overrideMoved, at: modifier,
                                    "`\(modifier.name.text)` removed from `\(name)`: `\(Self.summary(member.decl))` moves into "
                                        + "`class \(typeName)` (\(site.path)) and uses it")
                            }
                        }
                    }
                    moving.append(member)
                }
                guard !moving.isEmpty else { continue }
                let source = file.source
                var comments: [String] = []
                let removedWhole = moving.count == ext.memberBlock.members.count && ext.inheritanceClause == nil
                if removedWhole {
                    file.add(.delete(source.tidyLineDeletion(source.fullLines(of: ext)), container: true))
                    comments = Self.detachedComments(of: ext, in: source)
                } else {
                    // Neighbouring members' deletions may share a blank line: merged, never overlapping.
                    var ranges: [Range<Int>] = []
                    for member in moving {
                        let r = source.tidyLineDeletion(source.fullLines(of: member))
                        if let last = ranges.last, r.lowerBound <= last.upperBound {
                            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                        } else {
                            ranges.append(r)
                        }
                    }
                    for r in ranges { file.add(.delete(r, container: true)) }
                }
                // Members of `public extension C` are public; moved into the class body they would
                // be internal, and an override must be as accessible as its class.
                let extensionAccess = ext.modifiers.first { Self.accessKeywords.contains($0.name.tokenKind) }?.name.text
                for member in moving {
                    guard let access = extensionAccess, access == "public" || access == "package",
                        let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                        !modifiers.contains(where: { Self.accessKeywords.contains($0.name.tokenKind) }),
                        let first = modifiers.first
                    else { continue }
                    file.add(.insert(access + " ", at: source.start(first)))
                }
                for (i, member) in moving.enumerated() {
                    moves.append(
                        Move(from: file, lines: source.fullLines(of: member), target: site, comments: i < comments.count ? comments[i] : ""))
                    let place = site.path == path ? "" : " (\(site.path))"
                    let why = hoisted.contains(member.id) ? ": a subclass overrides it, which Swift allows only for a member of the class body" : ""
                    file.change(
                        .overrideMoved, at: member.decl,
                        "`\(Self.summary(member.decl))` moved from `extension \(typeName)` into `class \(typeName)`\(place)\(why)")
                }
            }
        }
    }

    /// `extension NSObject: Initializable {}`, where the library's `Initializable` requires
    /// nothing but `init()` and its extensions build on it (`init(_ block: (Self) -> Void) {
    /// self.init(); block(self) }`, `func with(_:) -> Self`). NSObject's `init()` is not
    /// `required` without Objective-C, so the conformance cannot be declared; but what the
    /// library wants from it, those members on every NSObject, can: the extension of NSObject
    /// drops the conformance and gets a copy of the protocol's extension members, initialisers
    /// as `convenience`. Only when the protocol is used as nothing but a conformance (never as
    /// a type or a constraint), has no other requirement, and its extensions are unconstrained
    /// and hold no `static` member.
    private func giveNSObjectTheMembers(of name: String, in ext: ExtensionDeclSyntax, file: FileRewrite) -> Bool {
        guard let inherited = ext.inheritanceClause?.inheritedTypes, ext.genericWhereClause == nil else { return false }
        var requirementsOK = false
        var extensions: [(file: FileRewrite, decl: ExtensionDeclSyntax)] = []
        for other in files.values {
            for decl in Self.protocolsAndExtensions(in: other.source.tree) {
                if let proto = decl.as(ProtocolDeclSyntax.self), proto.name.text == name {
                    requirementsOK = proto.memberBlock.members.count == 1
                        && proto.memberBlock.members.first?.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
                } else if let e = decl.as(ExtensionDeclSyntax.self), e.extendedType.trimmedDescription == name {
                    guard e.genericWhereClause == nil, e.inheritanceClause == nil,
                        !e.memberBlock.members.contains(where: {
                            $0.decl.asProtocol(WithModifiersSyntax.self).map(\.modifiers).map(Self.isStatic) ?? false
                        })
                    else { return false }
                    extensions.append((other, e))
                }
            }
            // Used as a type, a constraint or a cast anywhere: the conformance itself matters.
            let usedAsType = other.source.tree.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == name, let type = token.parent?.as(IdentifierTypeSyntax.self) else { return false }
                if type.parent?.is(InheritedTypeSyntax.self) == true { return false }
                if let e = type.parent?.as(ExtensionDeclSyntax.self), e.extendedType.id == type.id { return false }
                return true
            }
            if usedAsType { return false }
        }
        guard requirementsOK, !extensions.isEmpty else { return false }
        let source = file.source
        let indent = source.indentation(at: source.start(ext)) + "    "
        var copies: [String] = []
        for (other, e) in extensions {
            for member in e.memberBlock.members {
                var edits = other.edits
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    edits.append(.insert("convenience ", at: other.source.start(initializer.initKeyword)))
                }
                var text = EditApplier.apply(edits, to: other.source.bytes, in: other.source.fullLines(of: member), includeContainers: false)
                if !text.hasSuffix("\n") { text += "\n" }
                copies.append(text.reindented(from: other.source.indentation(at: other.source.start(member)), to: indent))
            }
        }
        // The conformance goes (the whole clause when it is the only one); the copies open the body.
        if inherited.count == 1, let clause = ext.inheritanceClause {
            file.add(SourceEdit(range: source.start(clause)..<source.end(clause), replacement: ""))
        } else if let entry = inherited.first(where: { $0.type.trimmedDescription == name }) {
            file.remove(source.start(entry)..<(entry.trailingComma == nil ? source.end(entry) : source.start(entry.nextToken(viewMode: .sourceAccurate)!)))
        }
        let brace = ext.memberBlock.leftBrace
        let closesOnSameLine = source.line(ext.memberBlock.rightBrace) == source.line(brace)
        let body = copies.joined(separator: "\n")
        if closesOnSameLine {
            file.add(SourceEdit(range: source.end(brace)..<source.start(ext.memberBlock.rightBrace),
                                replacement: "\n" + body + source.indentation(at: source.start(ext))))
        } else {
            file.add(.insert("\n" + body + (ext.memberBlock.members.isEmpty ? "" : "\n"), at: source.end(brace)))
        }
        file.change(
            .extensionOverride, at: ext,
            "`extension NSObject: \(name)` -> `extension NSObject` with a copy of `\(name)`'s extension members "
                + "(initialisers as `convenience`): NSObject's `init()` is not `required` without Objective-C")
        return true
    }

    /// Every protocol and extension of a file, inside `#if` blocks too.
    private static func protocolsAndExtensions(in tree: SourceFileSyntax) -> [DeclSyntax] {
        final class Finder: SyntaxVisitor {
            var found: [DeclSyntax] = []
            override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(DeclSyntax(node))
                return .skipChildren
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(DeclSyntax(node))
                return .skipChildren
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    /// The extension methods that hand calls to renamed overrides: where each is, and the
    /// classes whose override it reaches (`redirect`).
    var dispatches: [(file: FileRewrite, method: FunctionDeclSyntax, classes: [String], newName: String)] = []
    /// `super.name(…)` in redirected overrides written in extensions of UIKit classes: the file,
    /// the `super.name` expression, the class the override extends and the method's key.
    var extensionSuperCalls: [(file: FileRewrite, member: MemberAccessExprSyntax, cls: String, key: String)] = []
    /// Read-only properties declared in extensions of UIKit classes whose overrides, written in
    /// extensions of UIKit subclasses, were renamed: where each is, the classes, the new name.
    var propertyDispatches: [(file: FileRewrite, decl: VariableDeclSyntax, classes: [String], newName: String)] = []

    /// Adds each moved member, rewritten, before its class's closing brace.
    func insertMoves() {
        var byTarget: [(site: PortIndex.ClassSite, moves: [Move])] = []
        for move in moves {
            if let i = byTarget.firstIndex(where: { $0.site.decl.id == move.target.decl.id && $0.site.path == move.target.path }) {
                byTarget[i].moves.append(move)
            } else {
                byTarget.append((move.target, [move]))
            }
        }
        for (site, moves) in byTarget {
            guard let file = files[site.path] else { continue }
            let source = file.source
            let decl = site.decl
            let classIndent = source.indentation(at: source.start(decl))
            let brace = source.start(decl.memberBlock.rightBrace)
            let braceLine = source.lineStart(of: brace)
            let braceAlone = source.isBlank(braceLine..<brace)
            var chunks: [String] = []
            for move in moves {
                let from = move.from.source
                var text = move.comments + EditApplier.apply(move.from.edits, to: from.bytes, in: move.lines, includeContainers: false)
                if !text.hasSuffix("\n") { text += "\n" }
                let oldIndent = from.indentation(at: move.lines.lowerBound)
                let newIndent = memberIndent(of: decl, in: source, classIndent: classIndent)
                chunks.append(text.reindented(from: oldIndent, to: newIndent))
            }
            let previousLine = braceAlone && braceLine > 0 ? source.lineStart(of: braceLine - 1) : nil
            let needsBlank = braceAlone
                && !(previousLine.map { source.isBlankLine(startingAt: $0) || source.line(of: $0) == source.line(decl.memberBlock.leftBrace) } ?? true)
            let body = chunks.enumerated().map { i, chunk in (i == 0 && !needsBlank ? "" : "\n") + chunk }.joined()
            if braceAlone {
                file.add(.insert(body, at: braceLine))
            } else {
                file.add(.insert("\n" + body + classIndent, at: brace))
            }
        }
    }

    /// Why `decl` cannot be ported when it overrides a member that the ported files declare in
    /// an extension (and no class declares): Swift without Objective-C cannot override those.
    private func extensionDeclared(_ decl: DeclSyntax, in className: String) -> String? {
        guard let key = MemberKey.of(decl),
            let site = index.extensionMembers[key]?.first(where: { index.isSelfOrAncestor($0.type, of: className) }),
            !index.hoistsExtensionMember(key, of: site.type)
        else { return nil }
        // A class body between the override and the extension declares it: that one is overridden.
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, name != site.type, index.classes[name] != nil, seen.insert(name).inserted {
            if index.classBodyMembers[name]?.contains(key) == true { return nil }
            current = index.superclass(of: name)
        }
        if index.classes[className] == nil || index.classes[site.type] == nil, index.classMembers.contains(key) { return nil }
        return "`\(Self.summary(decl))` overrides `\(key)`, which is declared in `extension \(site.type)` "
            + "(\(site.path):\(site.line)): Swift without Objective-C cannot override a member declared in an extension; "
            + "declare it in the class (or as a protocol requirement with a default) and override that"
    }

    /// For each member of an extension removed whole, the comment lines that stand apart from
    /// every member (`// MARK:` lines, the extension's own comments): each goes along with the
    /// member after it, so no comment is lost.
    static func detachedComments(of ext: ExtensionDeclSyntax, in source: PortSource) -> [String] {
        let members = Array(ext.memberBlock.members)
        var result: [String] = []
        // The extension's own attached comments, then those inside its body before each member.
        let extLines = source.fullLines(of: ext)
        var lower = extLines.lowerBound
        var upper = source.lineStart(of: source.start(ext))
        var pending = commentLines(in: lower..<upper, of: source)
        lower = source.lineEnd(of: source.start(ext.memberBlock.leftBrace)) + 1
        for member in members {
            upper = source.fullLines(of: member).lowerBound
            if lower < upper { pending += commentLines(in: lower..<upper, of: source) }
            result.append(pending.map { $0.trimmingLeadingSpaces() + "\n" }.map { source.indentation(at: source.start(member)) + $0 }.joined())
            pending = []
            lower = source.fullLines(of: member).upperBound
        }
        return result
    }

    /// The lines of `range` that hold a comment and nothing else.
    private static func commentLines(in range: Range<Int>, of source: PortSource) -> [String] {
        guard range.lowerBound < range.upperBound, range.upperBound <= source.bytes.count else { return [] }
        return source.text(range).split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter {
            $0.trimmingLeadingSpaces().hasPrefix("//")
        }
    }

    /// The indentation of the class's members (its first member's, else one step in).
    private func memberIndent(of decl: ClassDeclSyntax, in source: PortSource, classIndent: String) -> String {
        if let first = decl.memberBlock.members.first { return source.indentation(at: source.start(first)) }
        return classIndent + "    "
    }

    /// Whether `decl`, a member of `ext`, moves into its class's body because a class of the
    /// folder overrides it (`PortIndex.hoistsExtensionMember`): an instance method or computed
    /// property (`class` ones too) of an unconstrained extension.
    static func isHoisted(_ decl: DeclSyntax, from ext: ExtensionDeclSyntax, index: PortIndex) -> Bool {
        guard ext.genericWhereClause == nil, decl.is(FunctionDeclSyntax.self) || decl.is(VariableDeclSyntax.self),
            let key = MemberKey.of(decl),
            !(decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.final) } ?? false)
        else { return false }
        return index.hoistsExtensionMember(key, of: ext.extendedType.trimmedDescription)
    }

    static func isOverride(_ decl: DeclSyntax) -> Bool {
        decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.override) } ?? false
    }

    /// The declaration up to its body, on one line: `override func layoutSubviews()`.
    static func summary(_ decl: DeclSyntax) -> String {
        var text = decl.oneLine
        if let brace = text.firstIndex(of: "{") { text = String(text[..<brace]) }
        let words = text.split(separator: " ").drop { $0.hasPrefix("@") }
        return words.joined(separator: " ")
    }

    private final class ExtensionFinder: SyntaxVisitor {
        var extensions: [ExtensionDeclSyntax] = []
        var classes: [ClassDeclSyntax] = []
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            extensions.append(node)
            return .skipChildren
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            classes.append(node)
            return .visitChildren
        }
    }
}
