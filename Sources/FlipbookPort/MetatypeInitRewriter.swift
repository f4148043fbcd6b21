import SwiftSyntax

/// `T()` or `T(frame: r)` where `T` is a generic parameter bound by a class (`T: UIView`), and
/// `type.init(…)` where `type` is a property the folder declares as `SomeClass.Type`: a class
/// chosen at run time, made through its metatype. Swift allows that only with a `required`
/// initialiser; UIKit's come from Objective-C and are exempt, Flipbook's are Swift's and are not
/// (docs/Porting.md, "Classes made through a metatype"). The call becomes
/// `flipbookPortMake(T.self, "init()", [(A.self, { A() }), …])`, listing each class of the
/// folder that can be made with that initialiser (and, for a UIKit bound, the bound itself and
/// the UIKit classes the folder binds the parameter to), so the one `T` is at run time is made,
/// with its own initialiser, as on iOS.
///
/// Left as they are: `T(coder:)` (required already), an initialiser the folder declares
/// `required` (compiles as it is). Left to `UnportableReporter`: an optional chain
/// (`type?.init(…)`), and a call an edit of another pass reaches out of.
final class MetatypeInitRewriter: IndexedFileVisitor {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !file.handled.contains(node.id), node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty,
            let site = Self.construction(node, index: index),
            !Self.isRequired(site.labels, in: site.base, index: index)
        else { return .visitChildren }
        let range = file.source.range(node)
        // Edits earlier passes made inside the arguments are applied to them (the call's text
        // is written whole, holding them); one reaching outside the call leaves it reported.
        guard !file.edits.contains(where: { e in
            e.range.overlaps(range) && !(range.lowerBound <= e.range.lowerBound && e.range.upperBound <= range.upperBound)
        }) else { return .visitChildren }
        let candidates = Self.candidates(for: site, path: file.path, index: index)
        let arguments = node.arguments.isEmpty
            ? "" : EditApplier.apply(file.edits, to: file.source.bytes, in: file.source.range(node.arguments))
        let signature = "init(\(site.labels.map { "\($0):" }.joined()))"
        let entries = candidates.map { "(\($0).self, { \($0)(\(arguments)) })" }
        let head = "flipbookPortMake(\(site.metatype), \"\(signature)\", ["
        let indent = file.source.indentation(at: range.lowerBound)
        let oneLine = head + entries.joined(separator: ", ") + "])"
        let column = range.lowerBound - file.source.lineStart(of: range.lowerBound)
        let text =
            column + oneLine.count <= 110 || entries.isEmpty
            ? oneLine
            : head + "\n" + entries.map { indent + "    " + $0 + ",\n" }.joined() + indent + "])"
        file.add(SourceEdit(range: range, replacement: text, isContainer: true))
        file.markHandled(node)
        let names = candidates.joined(separator: ", ")
        file.change(
            .metatypeInit, at: node,
            "`\(node.oneLine)` makes a class chosen at run time, which Swift allows only through a `required` initialiser "
                + "(UIKit's Objective-C ones are exempt): now `flipbookPortMake`, which makes whichever of \(names.isEmpty ? "no class" : names) "
                + "it is; a class from outside the folder stops with the line to add")
        return .skipChildren
    }

    /// A construction through a metatype: what the metatype is written as in the port (`T.self`,
    /// `interface.type`), the class it is bound by, the generic parameter (when it is one) and
    /// the argument labels (`_` for none).
    struct Site {
        var metatype: String
        var base: String
        var parameter: String?
        var labels: [String]
        /// The folder's protocols the parameter is also bound by (`T: UIView & ItemView`): a
        /// class that does not conform cannot be `T`, so is not listed.
        var protocols: [String] = []
    }

    static func construction(_ call: FunctionCallExprSyntax, index: PortIndex) -> Site? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard labels.first != "coder" else { return nil }
        var callee = call.calledExpression
        var explicit = false
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            callee = base
            explicit = true
        }
        if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true,
            let (base, protocols) = genericClassBound(of: name, at: Syntax(call), index: index)
        {
            return Site(metatype: "\(name).self", base: base, parameter: name, labels: labels, protocols: protocols)
        }
        // `type.init(…)`, `interface.type.init(…)`: a property typed `Base.Type`.
        guard explicit else { return nil }
        let property: String?
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            property = reference.baseName.text
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.base != nil {
            property = member.declName.baseName.text
        } else {
            property = nil
        }
        guard let property, let base = index.metatypeProperties[property], isUIKitRooted(base, index: index) else { return nil }
        return Site(metatype: callee.trimmedDescription, base: base, parameter: nil, labels: labels)
    }

    /// The class bounding the generic parameter `name` of an enclosing declaration, when that
    /// class is UIKit's or one of the folder's descending from UIKit's, and the folder's
    /// protocols among its other bounds.
    static func genericClassBound(of name: String, at node: Syntax, index: PortIndex) -> (String, [String])? {
        var parent = node.parent
        while let p = parent {
            var clause: GenericParameterClauseSyntax?
            var whereClause: GenericWhereClauseSyntax?
            if let f = p.as(FunctionDeclSyntax.self) { (clause, whereClause) = (f.genericParameterClause, f.genericWhereClause) }
            if let c = p.as(ClassDeclSyntax.self) { (clause, whereClause) = (c.genericParameterClause, c.genericWhereClause) }
            if let st = p.as(StructDeclSyntax.self) { (clause, whereClause) = (st.genericParameterClause, st.genericWhereClause) }
            if let e = p.as(ExtensionDeclSyntax.self) { whereClause = e.genericWhereClause }
            var bounds: [String] = []
            var declares = false
            for parameter in clause?.parameters ?? [] where parameter.name.text == name {
                declares = true
                if let bound = parameter.inheritedType { bounds += composition(bound) }
            }
            for requirement in whereClause?.requirements ?? [] {
                if case .conformanceRequirement(let c) = requirement.requirement, c.leftType.trimmedDescription == name {
                    bounds += composition(c.rightType)
                }
            }
            if let bound = bounds.first(where: { isUIKitRooted($0, index: index) }) {
                return (bound, bounds.filter { index.otherTypes.contains($0) })
            }
            if declares { return nil }  // an inner parameter hides an outer one of the same name
            parent = p.parent
        }
        return nil
    }

    /// `UIView & ItemView` -> both names.
    static func composition(_ type: TypeSyntax) -> [String] {
        if let c = type.as(CompositionTypeSyntax.self) { return c.elements.map { $0.type.trimmedDescription } }
        return [type.trimmedDescription]
    }

    /// A UIKit class, or a class of the folder whose superclasses lead to one.
    static func isUIKitRooted(_ name: String, index: PortIndex) -> Bool {
        index.root(of: name).map(isUIKitName) ?? false
    }

    static func isUIKitName(_ name: String) -> Bool {
        if PortIndex.uikitAncestors[name] != nil { return true }
        return ["UI", "CA", "NS"].contains(String(name.prefix(2))) && name.dropFirst(2).first?.isUppercase == true
    }

    /// Whether the folder declares the initialiser with `labels` `required` in `base` or a
    /// superclass of it: the call compiles as it is.
    static func isRequired(_ labels: [String], in base: String, index: PortIndex) -> Bool {
        var current: String? = base
        var seen: Set<String> = []
        while let name = current, let site = index.classes[name], seen.insert(name).inserted {
            if initializers(of: site.decl).contains(where: { labelsOf($0) == labels && $0.modifiers.contains { $0.name.text == "required" } }) {
                return true
            }
            current = index.superclass(of: name)
        }
        return false
    }

    static func initializers(of decl: ClassDeclSyntax) -> [InitializerDeclSyntax] {
        decl.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    }

    static func labelsOf(_ decl: InitializerDeclSyntax) -> [String] {
        decl.signature.parameterClause.parameters.map { $0.firstName.text }
    }

    /// The classes a call with `site` lists: the bound (when UIKit's, or the folder's and able),
    /// each class of the folder descending from it that can be made with the initialiser, and
    /// for a generic class's parameter, the UIKit classes the folder binds it to. In the order
    /// the folder declares them; a `private` class of another file cannot be named, so is left.
    static func candidates(for site: Site, path: String, index: PortIndex) -> [String] {
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        if index.classes[site.base] == nil, site.protocols.allSatisfy({ conforms(site.base, to: $0, index: index) }) { add(site.base) }
        let folder = index.classes.keys.sorted()
        for name in folder where definitelyDescends(name, from: site.base, index: index) {
            guard let decl = index.classes[name]?.decl, decl.genericParameterClause == nil,
                isReachable(name, from: path, index: index), canMake(name, with: site.labels, base: site.base, index: index),
                site.protocols.allSatisfy({ conforms(name, to: $0, index: index) })
            else { continue }
            add(name)
        }
        if let parameter = site.parameter {
            for argument in index.genericArguments[parameter] ?? [] where isUIKitName(argument) && index.classes[argument] == nil {
                if site.labels.isEmpty || argument == site.base, site.protocols.allSatisfy({ conforms(argument, to: $0, index: index) }) {
                    add(argument)
                }
            }
        }
        return names
    }

    /// Whether `name` is `base` or descends from it as far as the porter can tell: the folder's
    /// superclasses, then UIKit's table; an unknown UIKit root counts only when it is `base`.
    static func definitelyDescends(_ name: String, from base: String, index: PortIndex) -> Bool {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted, index.classes[current] != nil {
            if current == base { return true }
            guard let next = index.superclass(of: current) else { return false }
            current = next
        }
        return current == base || PortIndex.uikitAncestors[current]?.contains(base) == true
    }

    /// Whether the folder declares `name`, or a class of the folder it descends from, conforming
    /// to `proto` (in the class's inheritance clause or an extension).
    static func conforms(_ name: String, to proto: String, index: PortIndex) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let type = current, seen.insert(type).inserted {
            if index.conformances[type]?.contains(proto) == true { return true }
            current = index.classes[type] == nil ? nil : index.superclass(of: type)
        }
        return false
    }

    /// A class declared `private` or `fileprivate` in another file cannot be named here.
    static func isReachable(_ name: String, from path: String, index: PortIndex) -> Bool {
        guard let site = index.classes[name] else { return false }
        let hidden = site.decl.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        return !hidden || site.path == path
    }

    /// Whether the folder's class `name` has the initialiser with `labels`: it declares it; or
    /// it declares no designated initialiser and inherits its superclass's; or, for `init()`,
    /// it overrides the designated initialiser UIKit's `init()` goes through (`init(frame:)`;
    /// a table cell's `init(style:reuseIdentifier:)`; a controller's `init(nibName:bundle:)`),
    /// so inherits the convenience `init()` from a superclass that has it. A failable one is left.
    static func canMake(_ name: String, with labels: [String], base: String, index: PortIndex) -> Bool {
        guard let site = index.classes[name] else {
            // A UIKit class: `init()` every one has; another initialiser when the class is the
            // bound or the UIKit class the bound descends from (the original call compiled
            // against the bound, which has it from there).
            return labels.isEmpty || name == base || name == index.root(of: base)
        }
        let inits = initializers(of: site.decl)
        if let own = inits.first(where: { labelsOf($0) == labels }) { return own.optionalMark == nil }
        guard let superclass = index.superclass(of: name), superclass != name else { return false }
        let designated = inits.filter { !$0.modifiers.contains { $0.name.text == "convenience" } }
        if designated.isEmpty { return canMake(superclass, with: labels, base: base, index: index) }
        guard labels.isEmpty, let root = index.root(of: name) else { return false }
        let path = initPath(ofRoot: root)
        return designated.contains { labelsOf($0) == path && $0.optionalMark == nil }
            && canMake(superclass, with: [], base: base, index: index)
    }

    /// The designated initialiser UIKit's `init()` reaches in a class descending from `root`.
    static func initPath(ofRoot root: String) -> [String] {
        let ancestors = PortIndex.uikitAncestors[root] ?? []
        if root == "UITableViewCell" || ancestors.contains("UITableViewCell") { return ["style", "reuseIdentifier"] }
        if root == "UIViewController" || ancestors.contains("UIViewController") { return ["nibName", "bundle"] }
        return ["frame"]
    }
}
