import ArgumentParser
import Foundation

/// `flipbook init [name]`: writes a new package that depends on Flipbook.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a package with a custom transition, a #Preview, a scene and snapshot tests.",
        discussion: """
            Writes the package into a new folder NAME (or into the current folder, named after it, when no \
            name is given and it is empty). It depends on Flipbook by --path (default: the Flipbook checkout \
            this tool was built from, when that is not a dependency checkout) or by --url and --from.
            """)

    @Argument(help: "The package's name (default: the current folder's name, writing into it).")
    var name: String?

    @Option(help: ArgumentHelp("Depend on the Flipbook package in this folder.", valueName: "dir"))
    var path: String?

    @Option(help: ArgumentHelp("Depend on Flipbook at this git URL (with --from).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("The lowest Flipbook version to accept with --url.", valueName: "version"))
    var from: String = "1.0.0"

    /// The Flipbook source tree this tool was compiled from, when it is one (a package root, not
    /// a checkout of a dependency inside some `.build`).
    static var sourceRoot: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
            !root.path.contains("/.build/")
        else { return nil }
        return root.path
    }

    func run() throws {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath, isDirectory: true)
        let folder = name.map { cwd.appendingPathComponent($0, isDirectory: true) } ?? cwd
        let packageName = name.map { ($0 as NSString).lastPathComponent } ?? cwd.lastPathComponent
        guard !packageName.isEmpty, packageName.range(of: #"^[A-Za-z][A-Za-z0-9_-]*$"#, options: .regularExpression) != nil else {
            throw ValidationError("'\(packageName)' is not a package name: start with a letter; letters, digits, - and _ only.")
        }
        if fm.fileExists(atPath: folder.path) {
            let contents = (try? fm.contentsOfDirectory(atPath: folder.path))?.filter { !$0.hasPrefix(".") } ?? []
            guard contents.isEmpty else { throw ValidationError("\(folder.path) exists and is not empty; choose a new name.") }
        }
        let dependency: String, identity: String
        if let url {
            guard path == nil else { throw ValidationError("Give --path or --url, not both.") }
            dependency = ".package(url: \(Self.literal(url)), from: \(Self.literal(from)))"
            var last = url.split(separator: "/").last.map(String.init) ?? "flipbook"
            if last.hasSuffix(".git") { last.removeLast(4) }
            identity = last.lowercased()
        } else if let dir = path ?? Self.sourceRoot {
            let absolute = URL(fileURLWithPath: dir, relativeTo: cwd).standardizedFileURL.path
            guard fm.fileExists(atPath: absolute + "/Package.swift") else {
                throw ValidationError("No Package.swift in \(absolute): --path must be a Flipbook checkout.")
            }
            dependency = ".package(path: \(Self.literal(absolute)))"
            identity = (absolute as NSString).lastPathComponent.lowercased()
        } else {
            throw ValidationError("Where is Flipbook? Give --path DIR (a checkout) or --url URL --from VERSION.")
        }
        for file in ProjectTemplate.files(name: packageName, dependency: dependency, identity: identity) {
            let url = folder.appendingPathComponent(file.path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            print("  created \(name.map { $0 + "/" } ?? "")\(file.path)")
        }
        print(Self.nextSteps(folder: name, packageName: packageName))
    }

    /// What to run after `init`, and what each command will do. The snapshot references are not
    /// recorded here: they are images of the new package's own code (its previews and scene,
    /// built against the Flipbook it resolves), which this tool has not compiled; so the first
    /// `swift test` records them and, as swift-snapshot-testing always does when it records,
    /// fails, and the second compares and passes.
    static func nextSteps(folder: String?, packageName: String) -> String {
        let module = ProjectTemplate.moduleName(packageName)
        let count = ProjectTemplate.snapshotReferenceCount
        return """
            Created \(packageName). Next:
              \(folder.map { "cd \($0)\n  " } ?? "")swift build --build-tests      # the first build compiles Flipbook and its dependencies: about 10 minutes on 2 cores
              swift run flip list            # the scene and the two #Previews
              swift run flip preview detail  # play it in the browser
              swift test                     # 1st run: records \(count) reference images in Tests/\(module)Tests/__Snapshots__
                                             #   and FAILS, saying "No reference was found on disk. Automatically recorded snapshot"
              swift test                     # 2nd run: compares with them and passes
            """
    }

    /// `s` as a Swift string literal.
    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
