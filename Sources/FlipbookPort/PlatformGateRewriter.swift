import SwiftSyntax

/// Platform gates around the code itself take Flipbook in: `#if os(iOS)` becomes
/// `#if os(iOS) || os(Linux)`, `#if canImport(UIKit)` becomes
/// `#if canImport(UIKit) || canImport(Flipbook)`. An `#if` that holds nothing but imports (such
/// as the block `ImportRewriter` writes) is left alone, and so are `os(macOS)`-only branches and
/// negated tests.
final class PlatformGateRewriter: FileVisitor {
    enum Gate: CaseIterable {
        case os, uikit
        var complement: String { self == .os ? "os(Linux)" : "canImport(Flipbook)" }
    }

    static let uikitPlatforms: Set<String> = ["iOS", "tvOS", "visionOS"]

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !ImportFinder.isImportBlock(node) else { return .skipChildren }
        for clause in node.clauses {
            guard let condition = clause.condition else { continue }
            var edits: [SourceEdit] = []
            rewrite(group: condition, into: &edits)
            guard !edits.isEmpty else { continue }
            let source = file.source
            let after = EditApplier.apply(edits, to: source.bytes, in: source.range(condition))
            for e in edits { file.add(e) }
            file.change(
                .platformGate, at: clause,
                "`\(clause.poundKeyword.text) \(condition.oneLine)` -> `\(clause.poundKeyword.text) \(after)`")
        }
        return .visitChildren
    }

    /// A condition (or a parenthesised part of one): a `||` chain of conjunctions. A gate that
    /// is a whole alternative gets its complement appended to the chain; a gate inside an `&&`
    /// is wrapped as `(os(iOS) || os(Linux))`.
    private func rewrite(group: ExprSyntax, into edits: inout [SourceEdit]) {
        let source = file.source
        let elements: [ExprSyntax] = group.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [group]
        var alternatives: [[ExprSyntax]] = [[]]
        for e in elements {
            if let op = e.as(BinaryOperatorExprSyntax.self), op.operator.text == "||" {
                alternatives.append([])
            } else {
                alternatives[alternatives.count - 1].append(e)
            }
        }
        var gates: Set<Gate> = []
        var complements: Set<Gate> = []
        for alternative in alternatives {
            if alternative.count == 1 {
                let e = alternative[0]
                if let gate = Self.gate(e) {
                    gates.insert(gate)
                } else if let gate = Self.complement(e) {
                    complements.insert(gate)
                } else if let inner = Self.parenthesised(e) {
                    rewrite(group: inner, into: &edits)
                }
                continue
            }
            for e in alternative {
                if let gate = Self.gate(e) {
                    edits.append(SourceEdit(range: source.range(e), replacement: "(\(e.trimmedDescription) || \(gate.complement))"))
                } else if let inner = Self.parenthesised(e) {
                    rewrite(group: inner, into: &edits)
                }
            }
        }
        for gate in Gate.allCases where gates.contains(gate) && !complements.contains(gate) {
            edits.append(.insert(" || \(gate.complement)", at: source.end(group)))
        }
    }

    private static func call(_ e: ExprSyntax) -> (String, String)? {
        guard let call = e.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self),
            call.arguments.count == 1, let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return (name.baseName.text, argument.baseName.text)
    }

    static func gate(_ e: ExprSyntax) -> Gate? {
        switch call(e) {
        case ("os", let platform)? where uikitPlatforms.contains(platform): .os
        case ("canImport", "UIKit")?: .uikit
        default: nil
        }
    }

    static func complement(_ e: ExprSyntax) -> Gate? {
        switch call(e) {
        case ("os", "Linux")?: .os
        case ("canImport", "Flipbook")?: .uikit
        default: nil
        }
    }

    static func parenthesised(_ e: ExprSyntax) -> ExprSyntax? {
        guard let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        else { return nil }
        return only.expression
    }
}
