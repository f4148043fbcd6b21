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
    /// Applied to each ported text before it is parsed again; tests use it to stand in for a
    /// rewrite that breaks a file.
    let afterRewrite: @Sendable (_ path: String, _ text: String) -> String

    public init() { afterRewrite = { $1 } }

    init(afterRewrite: @escaping @Sendable (_ path: String, _ text: String) -> String) { self.afterRewrite = afterRewrite }

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
            ImportRewriter(file: file, folderImports: index.unprovidedImports).run()
            PlatformGateRewriter(file: file).run()
            SwizzleRewriter(file: file, index: index).run()
            ImplementationSwizzleRewriter(file: file, index: index).run()
            SharedApplicationRewriter(file: file).run()
            DelegateProxyRewriter(file: file).run()
            RespondingProxyRewriter(file: file, index: index).run()
            ExistentialGenericRewriter(file: file, index: index).run()
            MulticastDelegateProxyRewriter(file: file, index: index).run()
            SelectorStringDispatchRewriter(file: file, index: index).run()
            SelectorRewriter(file: file, index: index).run()
            ObjCAttributeRewriter(file: file, index: index).run()
            OptionalRequirementRewriter(file: file, index: index).run()
            LayerInitializerRewriter(file: file, index: index).run()
            RegisteredCellInitializerRewriter(file: file, index: index).run()
            TimeRewriter(file: file, index: index).run()
            RunLoopTimerRewriter(file: file).run()
            KeyPathRewriter(file: file).run()
            AttributeSpacingRewriter(file: file).run()
            AnyObjectCallRewriter(file: file, index: index).run()
            LinuxFoundationRewriter(file: file).run()
            AppleBundleRewriter(file: file).run()
            LegacyNameRewriter(file: file, index: index).run()
            KeyValueObservingRewriter(file: file, index: index).run()
            SelectorValueRewriter(file: file, index: index).run()
            MetatypeInitRewriter(file: file, index: index).run()
            ModuleQualifierRewriter(file: file).run()
            CombineGateRewriter(file: file, index: index).run()
            UnportableReporter(file: file, index: index).run()
            files[source.path] = file
        }
        let mover = ExtensionOverrideMover(files: files, index: index)
        mover.plan(order: sources.map(\.path))
        mover.insertMoves()
        mover.insertDispatches()
        mover.insertPropertyDispatches()
        var ported: [String: (text: String, map: OffsetMap)] = [:]
        var refused: [String: String] = [:]  // path -> why it is left as it was
        for source in sources {
            var result = EditApplier.applyMapped(files[source.path]!.edits, to: source.bytes)
            result.text = afterRewrite(source.path, result.text)
            ported[source.path] = result
            // Whatever the porter writes must parse: a file it would break is left as it was.
            let check = PortSource(path: source.path, text: result.text)
            if check.tree.hasError {
                let problem = ParseProblem.first(in: check)
                refused[source.path] =
                    "the ported text would not parse (\(problem.message) at line \(problem.line) of the port), so the file "
                    + "is left unchanged: port it by hand, and please report this porter defect"
            }
        }
        // A file sharing a moved override with a refused one is refused too: the member must
        // neither vanish nor appear twice.
        var grew = !refused.isEmpty
        while grew {
            grew = false
            for move in mover.moves {
                let pair = [move.from.path, move.target.path]
                guard let cause = pair.first(where: { refused[$0] != nil }) else { continue }
                for path in pair where refused[path] == nil {
                    refused[path] =
                        "left unchanged: an override moves between this file and \(cause), which could not be ported"
                    grew = true
                }
            }
        }
        for source in sources {
            let file = files[source.path]!
            let slot = slots[source.path]!
            if let reason = refused[source.path] {
                outputs[slot] = PortOutput(
                    path: source.path, original: inputs[slot].text, text: inputs[slot].text, changes: [],
                    issues: [PortIssue(path: source.path, line: 1, reason: reason)], parsed: true)
                continue
            }
            let (text, map) = ported[source.path]!
            let lines = LineTable(text)
            func portedLine(_ line: Int) -> Int { lines.line(of: map.newOffset(source.lineStartOffset(line))) }
            let changes = file.changes.map { c -> PortChange in
                var c = c
                c.portedLine = portedLine(c.line)
                return c
            }
            let issues = file.issues.map { i -> PortIssue in
                var i = i
                i.portedLine = portedLine(i.line)
                return i
            }
            outputs[slot] = PortOutput(
                path: source.path, original: inputs[slot].text, text: text,
                changes: changes.sorted { $0.line < $1.line }, issues: issues.sorted { $0.line < $1.line }, parsed: true)
        }
        return outputs.map { $0! }
    }
}

/// The starts of a text's lines, to turn a UTF-8 offset into a 1-based line.
struct LineTable {
    private var starts: [Int] = [0]

    init(_ text: String) {
        for (i, b) in text.utf8.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
    }

    func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
}
