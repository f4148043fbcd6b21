import FlipbookPort
import Testing

/// The block every ported file imports through.
let importBlock = """
    #if canImport(UIKit)
    import UIKit
    #else
    import Flipbook
    #endif
    """

/// Ports `input` as one file named `T.swift`, checks the exact output text, the reports (as
/// printed: `T.swift:line: kind: what` / `T.swift:line: not ported: reason`; `changes` may be
/// nil to skip), and that porting the output again changes nothing and reports the same issues.
@discardableResult
func expectPort(
    _ input: String, _ expected: String, changes: [String]? = nil, issues: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) -> PortOutput {
    let output = Porter().port(input, path: "T.swift")
    #expect(output.text == expected, sourceLocation: sourceLocation)
    if let changes {
        #expect(output.changes.map(\.formatted) == changes, sourceLocation: sourceLocation)
    }
    #expect(output.issues.map(\.formatted) == issues, sourceLocation: sourceLocation)
    expectIdempotent([output], sourceLocation: sourceLocation)
    return output
}

/// Ports several files together (one folder) and checks each output text.
@discardableResult
func expectPortFolder(
    _ files: [(String, String)], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> [PortOutput] {
    let outputs = Porter().port(files.map { PortInput(path: $0.0, text: $0.1) })
    #expect(outputs.map(\.text) == expected, sourceLocation: sourceLocation)
    expectIdempotent(outputs, sourceLocation: sourceLocation)
    return outputs
}

/// Porting the outputs again (together) changes no text, makes no change and leaves the same spots.
func expectIdempotent(_ outputs: [PortOutput], sourceLocation: SourceLocation = #_sourceLocation) {
    let again = Porter().port(outputs.map { PortInput(path: $0.path, text: $0.text) })
    for (first, second) in zip(outputs, again) {
        #expect(second.text == first.text, "second run changed \(first.path)", sourceLocation: sourceLocation)
        #expect(second.changes.isEmpty, "second run: \(second.changes.map(\.formatted))", sourceLocation: sourceLocation)
        #expect(second.issues.map(\.reason) == first.issues.map(\.reason), sourceLocation: sourceLocation)
    }
}
