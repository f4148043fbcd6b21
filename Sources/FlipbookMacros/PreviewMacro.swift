import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview(…) { … }` for UIKit (docs/Preview.md, "How previews are found").
///
/// Expands to a `PreviewRegistry` type with a unique name (its place in the source and a
/// `makePreview()` that builds the `Preview` with the very arguments given, so the compiler
/// checks them against `Preview`'s initialisers) and, on ELF, a record of it in the
/// `flipbook_previews` section that the tools read without any list:
///
/// ```swift
/// private struct $s…PreviewfMf_: FlipbookUIKit.PreviewRegistry {
///     static let fileID: String = "App/Deck.swift"; static let line: Int = 3; static let column: Int = 1
///     @MainActor static func makePreview() throws -> FlipbookUIKit.Preview {
///         FlipbookUIKit.Preview("Card deck") { DeckViewController() }
///     }
/// }
/// #if objectFormat(ELF)
/// @section("flipbook_previews") @used
/// private let $s…PreviewfMf0_: FlipbookUIKit.FlipbookPreviewRecord = (0x4642_5056, 1, { unsafeBitCast($s…PreviewfMf_.self, to: UnsafeRawPointer.self) })
/// #endif
/// ```
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard node.trailingClosure != nil || node.arguments.contains(where: { $0.label?.text == "body" }) else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: Syntax(node), message: PreviewDiagnostic("#Preview needs a body: #Preview(\"Name\") { MyViewController() }"))
            ])
        }
        if !node.additionalTrailingClosures.isEmpty {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: Syntax(node), message: PreviewDiagnostic("#Preview takes one body closure"))
            ])
        }
        let registry = context.makeUniqueName("Preview")
        let record = context.makeUniqueName("PreviewRecord")
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
        let file = location.map { "\($0.file)" } ?? "#fileID"
        let line = location.map { "\($0.line)" } ?? "#line"
        let column = location.map { "\($0.column)" } ?? "#column"
        var arguments = node.arguments
        // The macro's `traits:` and unlabelled additional traits are one variadic `traits:` of
        // `Preview.init`, which reads them the same way.
        if let last = arguments.indices.last { arguments[last].trailingComma = nil }
        let call: String
        if let closure = node.trailingClosure {
            call = "FlipbookUIKit.Preview(\(arguments.trimmedDescription)) \(closure.trimmedDescription)"
        } else {
            call = "FlipbookUIKit.Preview(\(arguments.trimmedDescription))"
        }
        return [
            """
            private struct \(registry): FlipbookUIKit.PreviewRegistry {
                static let fileID: String = \(raw: file)
                static let line: Int = \(raw: line)
                static let column: Int = \(raw: column)
                @MainActor static func makePreview() throws -> FlipbookUIKit.Preview {
                    \(raw: call)
                }
            }
            """,
            """
            #if objectFormat(ELF)
            @section("flipbook_previews") @used
            private let \(record): FlipbookUIKit.FlipbookPreviewRecord = (0x4642_5056, 1, { unsafeBitCast(\(registry).self, to: UnsafeRawPointer.self) })
            #endif
            """,
        ]
    }
}

struct PreviewDiagnostic: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "FlipbookMacros", id: "Preview") }
    var severity: DiagnosticSeverity { .error }
}

@main
struct FlipbookMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self]
}
