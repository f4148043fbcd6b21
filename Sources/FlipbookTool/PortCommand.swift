import ArgumentParser
import FlipbookPort
import Foundation

/// `flipbook port PATH…`: rewrites iOS Swift in place (or into `--out`) so it compiles against
/// Flipbook (docs/Porting.md). The output is for Flipbook: its target-action closures are not
/// UIKit API, so keep the original for iOS. The logic is FlipbookPort's `PortDriver`.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite iOS Swift so it compiles against Flipbook (keep the original for iOS).",
        discussion: """
            Rewrites the UIKit imports (wherever they sit) into `#if canImport(UIKit) import UIKit #else \
            import Flipbook #endif`, platform gates (`os(iOS)`, `canImport(UIKit)`, `canImport(QuartzCore)`, \
            `canImport(CoreGraphics)`) so Linux answers them as an iPhone does, target-action `#selector`s into \
            Flipbook's closures, `@objc`/`dynamic`/`@IB…` attributes, `@objc optional` protocol requirements \
            (default implementations, call sites, `responds(to:)`), overrides declared in extensions (moved into \
            the class), and main-queue delays, block timers and `perform(_:with:afterDelay:)` (onto the app's \
            media clock). Prints each change as `path:line: kind: what`, each spot left by hand as \
            `path:line: not ported: reason` and advice as `path:line: warning: reason` (lines are those of the \
            ported file, with the line before porting when it moved), then `N files, N changes, N left by hand`. \
            The files given are ported together as one folder. Every rewritten file is parsed again; one the \
            porter would break is left as it was and reported. Running it again on its output changes nothing. \
            The output is for Flipbook: the closure form of target-action is not UIKit API, so keep the \
            original sources for iOS builds. See docs/Porting.md.

            Exit status: 0 when everything was ported (warnings do not count); 1 when something is left by \
            hand, a file could not \
            be read or written, or with --check when a change would be made; 2 for usage errors (no path, \
            a missing path, a file that is not .swift, a folder with no Swift files). Options that cannot \
            be parsed at all exit with 64, as in every flipbook command.
            """)

    @Argument(help: "Swift files or folders, searched recursively (hidden folders and .build* are skipped).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Write the ported tree into this folder, mirroring the inputs; the sources are not touched.", valueName: "dir"))
    var out: String?

    @Flag(help: "Write nothing; exit 1 when a change would be made or something is left by hand (for CI).")
    var check = false

    @Flag(help: "Print only what is left by hand, errors and the summary.")
    var quiet = false

    func run() throws {
        let run = PortDriver.run(PortOptions(paths: paths, out: out, check: check, quiet: quiet))
        for line in run.errors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        for line in run.report { print(line) }
        if run.exitCode != PortExitCode.ported { throw ExitCode(run.exitCode) }
    }
}
