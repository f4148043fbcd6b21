import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
struct ProgressBar {
    let enabled: Bool
    let label: String
    private var lastDrawn = -1

    init(label: String) {
        self.label = label
        enabled = isatty(2) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    mutating func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total) frames".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
