import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `flipbook port` was asked to do.
public struct PortOptions: Sendable, Equatable {
    /// Swift files and folders (searched recursively; hidden folders, `.build*` included, skipped).
    public var paths: [String]
    /// Write the ported tree here (mirroring the inputs' tree) instead of rewriting in place.
    public var out: String?
    /// Write nothing; exit 1 when a change would be made (for CI).
    public var check: Bool
    /// Leave the changes out of the report: only what is left by hand, errors and the summary.
    public var quiet: Bool

    public init(paths: [String], out: String? = nil, check: Bool = false, quiet: Bool = false) {
        self.paths = paths
        self.out = out
        self.check = check
        self.quiet = quiet
    }
}

/// `flipbook port`'s exit statuses.
public enum PortExitCode {
    /// Everything was ported (with `--check`: nothing would change and nothing is left).
    public static let ported: Int32 = 0
    /// Something is left by hand, a file could not be read or written, or (`--check`) a change would be made.
    public static let leftByHand: Int32 = 1
    /// Usage error: no path, a missing path, a path that is not Swift, a folder with no Swift files.
    public static let usage: Int32 = 2
}

/// The outcome of a run: its exit status, its report (standard output) and its errors (standard error).
public struct PortRun: Sendable {
    public var exitCode: Int32
    /// The changes (unless quiet), the spots left by hand, then the summary line.
    public var report: [String]
    /// Usage errors and files that could not be read or written.
    public var errors: [String]
    public var outputs: [PortOutput]
}

/// `flipbook port` on the file system: finds the Swift files, ports them together as one folder
/// (`Porter`) and writes each changed file through a temporary file in its own folder renamed
/// over it, so no file is ever half-written. `--out` writes the whole tree elsewhere and never
/// touches the sources.
public enum PortDriver {
    public static func run(_ options: PortOptions) -> PortRun {
        guard !options.paths.isEmpty else {
            return usage(["error: give at least one Swift file or folder to port"])
        }
        if let out = options.out, isFile(out) {
            return usage(["error: --out \(out) is a file, not a folder"])
        }
        let outDirectory = options.out.map { absolute($0) }
        let found = findSwiftFiles(options.paths, skipping: outDirectory)
        if !found.errors.isEmpty { return usage(found.errors) }
        var seen: Set<String> = []
        let read = readInputs(found.files.filter { seen.insert($0.absolute).inserted })
        let outputs = Porter().port(read.inputs)
        var errors = read.errors
        var unwritten = 0
        if !options.check {
            unwritten = writeOutputs(
                outputs, sources: read.absolutes, roots: found.roots, outDirectory: outDirectory, errors: &errors)
        }
        return finish(outputs, options: options, unreadable: read.unreadable, unwritten: unwritten, errors: errors)
    }

    /// A Swift file as the report shows it (the path given, then the path inside a folder) and where it is.
    typealias FoundFile = (shown: String, absolute: String)

    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Every Swift file the paths name or hold, with the folders they are ported from (`roots`)
    /// and the usage errors (a missing path, a file that is not Swift, a folder with none).
    private static func findSwiftFiles(
        _ paths: [String], skipping outDirectory: String?
    ) -> (files: [FoundFile], roots: [String], errors: [String]) {
        let fm = FileManager.default
        var files: [FoundFile] = []
        var roots: [String] = []
        var errors: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append("error: \(path): no such file or folder")
                continue
            }
            let abs = absolute(path)
            if isDirectory.boolValue {
                let found = swiftFiles(in: abs, skipping: outDirectory)
                if found.isEmpty {
                    errors.append("error: \(path): no Swift files in this folder")
                    continue
                }
                let base = path == "." ? "" : String(path.reversed().drop { $0 == "/" }.reversed()) + "/"
                for rel in found { files.append((base + rel, abs + "/" + rel)) }
                roots.append(abs)
            } else {
                guard path.hasSuffix(".swift") else {
                    errors.append("error: \(path): not a Swift file")
                    continue
                }
                files.append((path, abs))
                roots.append(parent(of: abs))
            }
        }
        return (files, roots, errors)
    }

    /// The files' texts, and where each shown path is; a file that cannot be read or is not
    /// UTF-8 is an error and is not ported.
    private static func readInputs(
        _ files: [FoundFile]
    ) -> (inputs: [PortInput], absolutes: [String: String], unreadable: Int, errors: [String]) {
        var inputs: [PortInput] = []
        var absolutes: [String: String] = [:]
        var errors: [String] = []
        for f in files {
            guard let data = FileManager.default.contents(atPath: f.absolute) else {
                errors.append("error: \(f.shown): cannot be read; not ported")
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                errors.append("error: \(f.shown): is not UTF-8 text; not ported")
                continue
            }
            inputs.append(PortInput(path: f.shown, text: text))
            absolutes[f.shown] = f.absolute
        }
        return (inputs, absolutes, files.count - inputs.count, errors)
    }

    /// Writes every output into `outDirectory` (mirroring the roots' tree), or, without it,
    /// every changed output over its source. Returns how many could not be written.
    private static func writeOutputs(
        _ outputs: [PortOutput], sources: [String: String], roots: [String], outDirectory: String?,
        errors: inout [String]
    ) -> Int {
        let fm = FileManager.default
        var unwritten = 0
        let common = commonFolder(of: roots)
        for output in outputs {
            let source = sources[output.path]!
            if let outDirectory {
                let relative = String(source.dropFirst(common.count).drop { $0 == "/" })
                let target = outDirectory + "/" + relative
                do {
                    try fm.createDirectory(atPath: parent(of: target), withIntermediateDirectories: true)
                    try write(output.text, to: target, permissionsOf: source)
                } catch {
                    errors.append("error: \(target): cannot be written (\(error)); not ported")
                    unwritten += 1
                }
            } else if output.isChanged {
                do {
                    try write(output.text, to: source, permissionsOf: source, refuseReadOnly: true)
                } catch {
                    errors.append("error: \(output.path): cannot be written (\(error)); left as it was")
                    unwritten += 1
                }
            }
        }
        return unwritten
    }

    /// The report (changes unless quiet, spots left by hand, the summary) and the exit status.
    private static func finish(
        _ outputs: [PortOutput], options: PortOptions, unreadable: Int, unwritten: Int, errors: [String]
    ) -> PortRun {
        var report = PortReport.lines(for: outputs, quiet: options.quiet, originalLines: options.check)
        var summary = PortReport.summary(for: outputs)
        if unreadable > 0 { summary += "; \(PortReport.count(unreadable, "file")) not read" }
        if unwritten > 0 { summary += "; \(PortReport.count(unwritten, "file")) not written" }
        if options.check { summary += " (--check: nothing written)" }
        report.append(summary)
        let left = outputs.contains { !$0.leftByHand.isEmpty }
        let wouldChange = options.check && outputs.contains { $0.isChanged }
        let failed = left || wouldChange || unreadable > 0 || unwritten > 0
        return PortRun(
            exitCode: failed ? PortExitCode.leftByHand : PortExitCode.ported, report: report, errors: errors, outputs: outputs)
    }

    private static func usage(_ errors: [String]) -> PortRun {
        PortRun(exitCode: PortExitCode.usage, report: [], errors: errors, outputs: [])
    }

    // MARK: Files

    /// The `.swift` files under `folder`, relative to it, sorted; hidden folders (`.build*`,
    /// `.git`, …) and `skipping` (the `--out` folder) are not searched.
    static func swiftFiles(in folder: String, skipping: String?) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        func walk(_ dir: String, _ prefix: String) {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let full = dir + "/" + name
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if full != skipping { walk(full, prefix + name + "/") }
                } else if name.hasSuffix(".swift"), !isPackageManifest(name) {
                    found.append(prefix + name)
                }
            }
        }
        walk(folder, "")
        return found
    }

    /// `Package.swift` and `Package@swift-5.9.swift`: SwiftPM reads them on the host, with
    /// PackageDescription, never UIKit; a port would only break them.
    static func isPackageManifest(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path, isDirectory: false, relativeTo: nil).standardizedFileURL
        var p = url.path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The deepest folder holding every root.
    static func commonFolder(of roots: [String]) -> String {
        guard var common = roots.first?.split(separator: "/", omittingEmptySubsequences: true) else { return "/" }
        for root in roots.dropFirst() {
            let parts = root.split(separator: "/", omittingEmptySubsequences: true)
            var n = 0
            while n < min(common.count, parts.count), common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return "/" + common.joined(separator: "/")
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `text` to a temporary file beside `path`, with `permissionsOf`'s permissions, then
    /// renames it over `path`: readers see the old file or the new one, never a partial one.
    static func write(_ text: String, to path: String, permissionsOf original: String, refuseReadOnly: Bool = false) throws {
        let fm = FileManager.default
        let attributes = try? fm.attributesOfItem(atPath: original)
        let permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
        if refuseReadOnly, permissions & 0o222 == 0 || access(path, W_OK) != 0 {
            throw WriteError(description: "the file is read-only")
        }
        let folder = parent(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = folder + "/." + name + ".flipbook-port-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard fm.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: permissions]) else {
            throw WriteError(description: "cannot create a temporary file in \(folder)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(atPath: temporary)
            throw WriteError(description: reason)
        }
    }
}
