import ArgumentParser
import Flipbook
import FlipbookRender

/// The `flipbook` command line as a library: Flipbook's own `flipbook` executable runs it over
/// the catalog's scenes, and a user's package runs it over its own scenes and previews from an
/// executable target of three lines (docs/Preview.md, "Your own previews and scenes"):
///
/// ```swift
/// import FlipbookTool
/// import MyTransitions
/// @main struct Tool { static func main() async { await FlipbookTool.main(scenes: [MyScene.self]) } }
/// ```
public enum FlipbookTool {
    /// Runs the command line (`CommandLine.arguments`, or `arguments` without the program's
    /// name) over `scenes` and every `#Preview` in the program, then exits.
    @MainActor public static func main(scenes: [any RenderScene.Type] = [], arguments: [String]? = nil) async {
        CLIScenes.scenes = scenes
        await FlipbookCommand.main(arguments)
    }
}

/// The `flipbook` command-line tool.
struct FlipbookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Run, render and test UIKit-style transitions headless.",
        subcommands: [RenderCommand.self, ListCommand.self, PreviewCommand.self, PortCommand.self, InitCommand.self])
}
