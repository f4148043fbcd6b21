import SwiftSyntax

/// Where a file that does not parse first goes wrong (SwiftParser recovers from errors: the tree
/// then holds missing tokens and unexpected nodes), for a report without SwiftParserDiagnostics.
enum ParseProblem {
    static func first(in source: PortSource) -> (line: Int, message: String) {
        final class Finder: SyntaxVisitor {
            var best: (offset: Int, message: String)?

            func note(_ offset: Int, _ message: String) {
                if best == nil || offset < best!.offset { best = (offset, message) }
            }

            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                guard token.presence == .missing else { return .visitChildren }
                let text = token.text
                let what: String
                if text.isEmpty || text.hasPrefix("<#") {
                    switch token.parent?.kind {
                    case .missingExpr?: what = "an expression"
                    case .missingDecl?: what = "a declaration"
                    case .missingStmt?: what = "a statement"
                    case .missingType?: what = "a type"
                    case .missingPattern?: what = "a pattern"
                    default:
                        if case .identifier = token.tokenKind { what = "a name" } else { what = "code" }
                    }
                } else {
                    what = "`\(text)`"
                }
                note(token.positionAfterSkippingLeadingTrivia.utf8Offset, "expected \(what)")
                return .visitChildren
            }

            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                var text = node.oneLine
                if text.count > 40 { text = String(text.prefix(40)) + "…" }
                note(node.positionAfterSkippingLeadingTrivia.utf8Offset, "unexpected `\(text)`")
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .all)
        finder.walk(source.tree)
        guard let best = finder.best else { return (1, "syntax error") }
        return (source.line(of: min(best.offset, max(source.bytes.count - 1, 0))), best.message)
    }
}
