import ArgumentParser
import FlipbookCatalog

/// The `flipbook` command-line tool.
@main
struct FlipbookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Run, render and test UIKit-style transitions headless.",
        subcommands: [RenderCommand.self, ListCommand.self, PreviewCommand.self, PortCommand.self])
}
