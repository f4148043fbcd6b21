import Foundation
import Testing

/// docs/Testing.md shows `RiseTransitionTests.swift` as the file to copy: they must stay the same.
@Suite
struct DocumentationExampleTests {
    @Test func testingGuideShowsTheExampleFileVerbatim() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/Testing.md"), encoding: .utf8)
        let file = try String(contentsOf: tests.appendingPathComponent("RiseTransitionTests.swift"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "## A complete example").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
        // The file starts with two comment lines the guide leaves out.
        let body = file.components(separatedBy: "\n").dropFirst(2).joined(separator: "\n")
        #expect(block.trimmingCharacters(in: .newlines) == body.trimmingCharacters(in: .newlines))
    }
}
