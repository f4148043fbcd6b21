import SwiftSyntax

/// One file given to the porter.
public struct PortInput: Sendable, Equatable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Rewrites iOS Swift for Flipbook, text in, text out (docs/Porting.md).
///
/// The files given together are one folder: a bare `#selector(handlePan)` is resolved against
/// every method they declare, `@objc optional` requirements declared in one are recognised at
/// call sites in another, and overrides move from an extension into their class wherever it is.
/// Porting is idempotent: porting the output again changes nothing.
public struct Porter: Sendable {
    public init() {}

    /// Ports a single file on its own.
    public func port(_ text: String, path: String = "Input.swift") -> PortOutput {
        port([PortInput(path: path, text: text)])[0]
    }

    /// Ports the files of one folder together; the outputs are in the inputs' order.
    public func port(_ inputs: [PortInput]) -> [PortOutput] {
        var sources: [PortSource] = []
        var outputs: [PortOutput?] = Array(repeating: nil, count: inputs.count)
        var seen: Set<String> = []
        var slots: [String: Int] = [:]
        for (i, input) in inputs.enumerated() {
            guard seen.insert(input.path).inserted else {  // the same file twice: ported once
                outputs[i] = PortOutput(
                    path: input.path, original: input.text, text: input.text, changes: [], issues: [], parsed: true)
                continue
            }
            let source = PortSource(path: input.path, text: input.text)
            if source.tree.hasError {
                let problem = ParseProblem.first(in: source)
                let issue = PortIssue(
                    path: input.path, line: problem.line, reason: "the file does not parse (\(problem.message)); left unchanged")
                outputs[i] = PortOutput(
                    path: input.path, original: input.text, text: input.text, changes: [], issues: [issue], parsed: false)
                continue
            }
            slots[input.path] = i
            sources.append(source)
        }
        let index = PortIndex(sources: sources)
        var files: [String: FileRewrite] = [:]
        for source in sources {
            let file = FileRewrite(source: source)
            ImportRewriter(file: file).run()
            PlatformGateRewriter(file: file).run()
            SelectorRewriter(file: file, index: index).run()
            ObjCAttributeRewriter(file: file, index: index).run()
            OptionalRequirementRewriter(file: file, index: index).run()
            LayerInitializerRewriter(file: file, index: index).run()
            UnportableReporter(file: file).run()
            files[source.path] = file
        }
        let mover = ExtensionOverrideMover(files: files, index: index)
        mover.plan(order: sources.map(\.path))
        mover.insertMoves()
        for source in sources {
            let file = files[source.path]!
            let text = EditApplier.apply(file.edits, to: source.bytes)
            outputs[slots[source.path]!] = PortOutput(
                path: source.path, original: inputs[slots[source.path]!].text, text: text,
                changes: file.changes.sorted { $0.line < $1.line }, issues: file.issues.sorted { $0.line < $1.line },
                parsed: true)
        }
        return outputs.map { $0! }
    }
}
