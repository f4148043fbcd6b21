import SwiftSyntax

/// Platform gates take Flipbook in, so that Linux answers every compilation condition the way an
/// iPhone does (docs/Porting.md, "Platform gates"): a test that is true on iOS and false on Linux
/// is widened with its Linux complement, wherever it sits in the condition.
///
/// - `os(iOS)` becomes `os(iOS) || os(Linux)`; `os(tvOS)`, `os(visionOS)`, `os(macOS)` and
///   `os(watchOS)` are left, since an iPhone answers no to them too.
/// - `canImport(UIKit)`, `canImport(QuartzCore)` and `canImport(CoreGraphics)` (the Apple UI
///   modules Flipbook provides) become `… || canImport(Flipbook)`.
/// - A gate that is a whole alternative of the condition gets its complement appended to the
///   chain (`#if os(iOS) || os(tvOS) || os(Linux)`); one inside `&&` or under `!` is wrapped:
///   `#if (os(iOS) || os(Linux)) && DEBUG`, `#if !(canImport(UIKit) || canImport(Flipbook))`.
///
/// An `#if` that already imports Flipbook (the block `ImportRewriter` writes) is left alone.
final class PlatformGateRewriter: FileVisitor {
    enum Gate: CaseIterable {
        case os, module
        var complement: String { self == .os ? "os(Linux)" : "canImport(Flipbook)" }
    }

    /// The only platform `os(…)` test an iPhone answers yes to.
    static let iOSPlatforms: Set<String> = ["iOS"]
    /// `canImport(…)` tests of the Apple UI modules whose API Flipbook provides.
    static let providedModules: Set<String> = ["UIKit", "QuartzCore", "CoreGraphics"]

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !ImportFinder.isFlipbookBlock(node) else { return .skipChildren }
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
    /// or under `!` is wrapped as `(os(iOS) || os(Linux))`.
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
            if alternative.count == 1, let gate = Self.gate(alternative[0]) {
                gates.insert(gate)
                continue
            }
            if alternative.count == 1, let gate = Self.complement(alternative[0]) {
                complements.insert(gate)
                continue
            }
            for e in alternative { rewrite(operand: e, into: &edits) }
        }
        for gate in Gate.allCases where gates.contains(gate) && !complements.contains(gate) {
            edits.append(.insert(" || \(gate.complement)", at: source.end(group)))
        }
    }

    /// One operand of `&&` (or a whole alternative that is not a bare gate): a gate is wrapped
    /// with its complement; `!` and parentheses are looked through.
    private func rewrite(operand e: ExprSyntax, into edits: inout [SourceEdit]) {
        if let gate = Self.gate(e) {
            edits.append(SourceEdit(range: file.source.range(e), replacement: "(\(e.trimmedDescription) || \(gate.complement))"))
        } else if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            rewrite(operand: prefix.expression, into: &edits)
        } else if let inner = Self.parenthesised(e) {
            rewrite(group: inner, into: &edits)
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
        case ("os", let platform)? where iOSPlatforms.contains(platform): .os
        case ("canImport", let module)? where providedModules.contains(module): .module
        default: nil
        }
    }

    static func complement(_ e: ExprSyntax) -> Gate? {
        switch call(e) {
        case ("os", "Linux")?: .os
        case ("canImport", "Flipbook")?: .module
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
