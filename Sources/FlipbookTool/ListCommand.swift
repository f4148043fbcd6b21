import ArgumentParser
import Flipbook
import FlipbookRender

/// `flipbook list`: the scenes `render` knows, with one line each.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scenes flipbook can render.")

    func run() async throws {
        let lines = await MainActor.run { () -> [String] in
            let types = CLIScenes.registry().sceneTypes
            let width = types.map { $0.name.count }.max() ?? 0
            return types.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
        }
        for l in lines { print(l) }
    }
}
