import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

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

    /// Properties that are only stored (Pastel sets `drawsAsynchronously` on its gradient layer):
    /// Apple's defaults, settable, read by key and kept by the presentation copy.
    @MainActor @Test func storedOnlyPropertiesKeepTheirValues() throws {
        let layer = CAGradientLayer()
        #expect(!layer.drawsAsynchronously && !layer.allowsEdgeAntialiasing)
        layer.drawsAsynchronously = true
        layer.allowsEdgeAntialiasing = true
        #expect(layer.value(forKey: "drawsAsynchronously") as? Bool == true)
        #expect(layer.value(forKey: "allowsEdgeAntialiasing") as? Bool == true)
        let presented = try #require(layer.presentation())
        #expect(presented.drawsAsynchronously && presented.allowsEdgeAntialiasing)
        layer.setValue(false, forKey: "drawsAsynchronously")
        #expect(!layer.drawsAsynchronously)
    }

    /// A colour set to nil by key is no colour (reported as a wrong type before).
    @MainActor @Test func coloursSetToNilByKeyAreCleared() {
        let layer = CALayer()
        layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        layer.borderColor = CGColor(gray: 0.5, alpha: 1)
        layer.shadowColor = CGColor(gray: 0.5, alpha: 1)
        let reports = FlipbookDiagnostics.capture {
            layer.setValue(nil, forKeyPath: "backgroundColor")
            layer.setValue(nil, forKey: "borderColor")
            layer.setValue(nil, forKey: "shadowColor")
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(layer.backgroundColor == nil && layer.borderColor == nil && layer.shadowColor == nil)
    }
}
