import Foundation
import Testing
import TestSupport

/// CALayer's property code is generated from one table (scripts/codegen/layer-properties.tsv);
/// the generated blocks must match it, so a hand edit of a block, or a table edit without
/// `make generate`, fails here.
@Suite(.freshRuntime) struct GeneratedLayerPropertiesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: python != nil, "python3 runs the generator"))
    func generatedCodeMatchesTheTable() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [Self.root.appendingPathComponent("scripts/codegen/generate-layer-properties.py").path, "--check"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }
}
