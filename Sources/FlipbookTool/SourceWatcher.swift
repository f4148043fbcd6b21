import Foundation
import FlipbookGeometry
import FlipbookPreview

/// `flipbook preview --watch`: polls the package's sources, rebuilds on a change and hands over
/// to the new build (docs/Preview.md, "Live reload").
///
/// The tool is the user's own executable (`swift run flipbook`), so a new build is a new
/// program: on a successful build the server stops (as on SIGTERM: pages closed, port freed)
/// and the process `exec`s the new binary with the same arguments; the pages reconnect and ask
/// for the same scene at the same frame. A failed build changes nothing but the notice: the
/// pages keep the last good build and show the compiler's errors.
final class SourceWatcher: Sendable {
    let root: URL
    /// The program to exec after a build (this process's own executable, rebuilt in place).
    let executable: String
    let product: String
    private let reload = LockedValue(false)
    var reloadRequested: Bool { reload.current }

    init(packageRoot: String) throws {
        root = URL(fileURLWithPath: packageRoot, isDirectory: true)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw SourceWatcherError("--watch rebuilds the package in the current folder, and it has no Package.swift: run it from the package's folder.")
        }
        executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        product = (executable as NSString).lastPathComponent
    }

    /// Modification times of the package's Swift files and Package.swift (hidden folders,
    /// `.build*`, `Tests` and `Benchmarks` skipped).
    func snapshot() -> [String: Date] {
        var out: [String: Date] = [:]
        let fm = FileManager.default
        let manifest = root.appendingPathComponent("Package.swift")
        out[manifest.path] = (try? fm.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date) ?? nil
        // Every Swift file of the package (targets may live anywhere: `path:`), but not the tests.
        if let walk = fm.enumerator(at: root, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles]) {
            for case let url as URL in walk {
                let name = url.lastPathComponent
                if name.hasPrefix(".build") || name == "Tests" || name == "Benchmarks" { walk.skipDescendants(); continue }
                guard url.pathExtension == "swift" else { continue }
                out[url.path] = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            }
        }
        return out
    }

    /// Polls every 150 ms until a change builds; then requests the reload and stops the server.
    func run(notices: PreviewNotices) async {
        var last = snapshot()
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(150))
            let now = snapshot()
            guard now != last else { continue }
            last = now
            let started = ContinuousClock.now
            print("Source changed: building \(product)…")
            fflush(nil)
            await MainActor.run { notices.show(kind: "building", message: "Building the changed package…") }
            let (status, output) = await build()
            let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18
                + Double((ContinuousClock.now - started).components.seconds)
            if status != 0 {
                let errors = Self.errorLines(output)
                FileHandle.standardError.write(Data("Build failed (the page keeps the last good build):\n\(errors)\n".utf8))
                await MainActor.run { notices.show(kind: "build-error", message: "Build failed; showing the last good build.\n\n" + errors) }
                // `last` is from before the build: a save made while it ran is seen next time.
                continue
            }
            print(String(format: "Built in %.1f s; restarting with the new build.", seconds))
            fflush(nil)
            await MainActor.run { notices.show(kind: "reloading", message: "Built; loading the new build…") }
            reload.exchange(true)
            kill(getpid(), SIGTERM)  // the server stops gracefully; PreviewCommand then execs the new build
            return
        }
    }

    /// Runs `swift build --product <this tool>` in the package; its exit status and output.
    func build() async -> (Int32, String) {
        let root = self.root, product = self.product
        return await Task.detached {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["swift", "build", "--product", product]
            p.currentDirectoryURL = root
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            do { try p.run() } catch { return (127, "could not run swift build: \(error)") }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }.value
    }

    /// The compiler's error lines (with the two lines after each), at most 60 lines.
    static func errorLines(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < lines.count, out.count < 60 {
            if lines[i].contains("error:") {
                out.append(contentsOf: lines[i..<min(lines.count, i + 3)])
                i += 3
            } else {
                i += 1
            }
        }
        return out.isEmpty ? lines.suffix(30).joined(separator: "\n") : out.joined(separator: "\n")
    }

    /// `arguments` with the port the server was bound to (`--port 0` picks a new free port each
    /// time, and the pages reconnect to the old one).
    static func arguments(_ arguments: [String], boundPort: Int?) -> [String] {
        guard let boundPort else { return arguments }
        var out: [String] = []
        var i = 0
        var replaced = false
        while i < arguments.count {
            let a = arguments[i]
            if a == "--port", i + 1 < arguments.count {
                out += ["--port", "\(boundPort)"]
                i += 2
                replaced = true
                continue
            }
            if a.hasPrefix("--port=") {
                out.append("--port=\(boundPort)")
                replaced = true
            } else {
                out.append(a)
            }
            i += 1
        }
        if !replaced { out += ["--port", "\(boundPort)"] }
        return out
    }

    /// Replaces this process by the new build, with the same arguments and the same port.
    func execNewBuild(boundPort: Int?) -> Never {
        fflush(nil)
        for fd in 3..<1024 { close(Int32(fd)) }
        var argv: [UnsafeMutablePointer<CChar>?] = Self.arguments(CommandLine.arguments, boundPort: boundPort).map { strdup($0) }
        argv.append(nil)
        execv(executable, &argv)
        FileHandle.standardError.write(Data("error: could not start the new build at \(executable): \(String(cString: strerror(errno)))\n".utf8))
        exit(1)
    }
}

struct SourceWatcherError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
