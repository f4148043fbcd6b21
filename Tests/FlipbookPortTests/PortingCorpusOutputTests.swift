import FlipbookPort
import Foundation
import Testing

/// The porting corpus (docs/Porting.md, "The porting corpus"): the iOS libraries in
/// `Tests/PortingCorpus/iOS`, ported as `make port-corpus` ports them, must give exactly the
/// files committed in `Tests/PortingCorpusTests/Ported` (which the PortingCorpusTests target
/// compiles and runs), with nothing left by hand.
@Suite struct PortingCorpusOutputTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let originals = tests.appendingPathComponent("PortingCorpus/iOS")
    static let committed = tests.appendingPathComponent("PortingCorpusTests/Ported")

    /// The Swift files below `folder`, as paths relative to it, sorted.
    static func swiftFiles(below folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .filter { !$0.isEmpty && FileManager.default.fileExists(atPath: base + "/" + $0) }
    }

    @Test func thePortedFilesAreExactlyThePortersOutput() throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("porting-corpus-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = PortDriver.run(PortOptions(paths: [Self.originals.path], out: out.path))
        #expect(run.errors == [])
        #expect(run.exitCode == PortExitCode.ported, "\(run.report.joined(separator: "\n"))")
        // Nothing left by hand; warnings (advice about what behaves differently) are listed.
        let issues = run.outputs.flatMap(\.issues)
        #expect(issues.filter { !$0.isWarning }.map(\.formatted) == [])
        #expect(issues.filter(\.isWarning).map(\.formatted).map { $0.replacingOccurrences(of: Self.originals.path + "/", with: "") } == [
            "PanelKit/PanelGestures.swift:13: warning: `Selector?` can only be nil in Flipbook (no Objective-C runtime makes selectors): "
                + "code that sends it never runs; store a closure (e.g. `(Target) -> Void`) to keep the behaviour",
            "PanelKit/PanelViewController.swift:17: warning: key-value coding works on CALayer keys only in Flipbook: check that "
                + "this receiver is a layer, or use the property itself",
        ])
        #expect(run.report.last?.contains(", 0 left by hand") == true, "\(run.report.last ?? "")")

        let written = Self.swiftFiles(below: out)
        let expected = Self.swiftFiles(below: Self.committed)
        #expect(written.count >= 11)
        #expect(written == expected, "run `make port-corpus` and commit Tests/PortingCorpusTests/Ported")
        for name in written where expected.contains(name) {
            let mine = try Data(contentsOf: out.appendingPathComponent(name))
            let theirs = try Data(contentsOf: Self.committed.appendingPathComponent(name))
            #expect(mine == theirs, "Ported/\(name) is not the porter's output: run `make port-corpus`")
        }
    }

    @Test func everyLibraryNeededThePorter() throws {
        let run = PortDriver.run(PortOptions(paths: [Self.originals.path], check: true))
        let changed = Set(run.outputs.filter(\.isChanged).map { URL(fileURLWithPath: $0.path).lastPathComponent })
        let all = Set(Self.swiftFiles(below: Self.originals).map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(changed == all, "every original is iOS source: \(all.subtracting(changed).sorted()) came out unchanged")
        // Each kind of rewrite the corpus is there to exercise happened at least once.
        let kinds = Set(run.outputs.flatMap(\.changes).map(\.kind.rawValue))
        for kind in ["import", "platform gate", "selector", "attribute", "optional requirement", "optional call", "override moved",
                     "swizzle", "Swift 4.2 name", "extension override", "key-value observing", "nib method", "random numbers"] {
            #expect(kinds.contains(kind), "no `\(kind)` change in the corpus")
        }
    }

    @Test func portingThePortedFilesAgainChangesNothing() throws {
        let run = PortDriver.run(PortOptions(paths: [Self.committed.path], check: true))
        #expect(run.exitCode == PortExitCode.ported, "\(run.report.joined(separator: "\n"))")
        #expect(run.outputs.allSatisfy { !$0.isChanged })
    }
}
