import FlipbookPort
import Foundation
import Testing

/// A small iOS transition library (Corpus/Input: a transitioning delegate, an animator, a
/// presentation controller with overrides in an extension in another file, a delegate protocol
/// with `@objc optional` requirements, a pan-driven interaction controller, a display link,
/// keyboard notifications, a swizzle) ported as one folder: the output must be Corpus/Expected
/// byte for byte, and the report Corpus/report.txt line for line. docs/Porting.md shows it.
@Suite struct PortCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static func files(_ folder: String) throws -> [(name: String, text: String)] {
        let dir = corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func cardKitPortsToTheExpectedFilesAndReport() throws {
        let inputs = try Self.files("Input")
        let expected = try Self.files("Expected")
        #expect(inputs.map(\.name) == expected.map(\.name))
        let outputs = Porter().port(inputs.map { PortInput(path: "CardKit/" + $0.name, text: $0.text) })
        for (output, want) in zip(outputs, expected) {
            #expect(output.text == want.text, "\(output.path) differs from Corpus/Expected/\(want.name)")
        }
        let report = try String(contentsOf: Self.corpus.appendingPathComponent("report.txt"), encoding: .utf8)
        let lines = PortReport.lines(for: outputs, quiet: false) + [PortReport.summary(for: outputs)]
        #expect(lines == report.split(separator: "\n").map(String.init))
        expectIdempotent(outputs)
    }
}
