import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and pipes
/// get the summary alone). Redraws only when the bar's length changes, then ends the line at
/// the last frame.
struct ProgressBar {
    let enabled: Bool
    let label: String
    /// Where the bar is drawn (standard error in the tool; a recorder in tests).
    private let write: (String) -> Void
    private var lastDrawn = -1
    static let width = 30

    init(label: String) {
        self.init(
            label: label, enabled: isatty(2) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb",
            write: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    init(label: String, enabled: Bool, write: @escaping (String) -> Void) {
        self.label = label
        self.enabled = enabled
        self.write = write
    }

    /// Shows `done` of `total` frames. Counts outside 0...total are clamped.
    mutating func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let done = min(max(done, 0), total)
        let filled = done * Self.width / total
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.width - filled)
        write("\r\(label) \(bar) \(done)/\(total) frames" + (done == total ? "\n" : ""))
    }
}
