import Foundation
import FlipbookRender

/// What `flipbook render` prints when done: frames, time, and each output with its size.
enum RenderReport {
    static func lines(summary: ExportSummary, seconds: Double, fps: Double) -> [String] {
        let content = Double(max(0, summary.frameCount - 1)) / fps
        let speed = seconds > 0 && content > 0 ? String(format: " (%.1f× real time)", content / seconds) : ""
        var out = [
            "Rendered \(summary.scene): \(summary.frameCount) frames at \(summary.width)×\(summary.height) px in "
                + String(format: "%.2f", seconds) + " s" + speed
        ]
        for u in summary.outputs {
            let (bytes, files) = size(of: u)
            let detail = files > 1 ? "\(files) files, \(format(bytes: bytes))" : format(bytes: bytes)
            out.append("  \(u.path)  \(detail)")
        }
        return out
    }

    /// Bytes of a file, or of the regular files directly in a folder (and their count).
    static func size(of url: URL) -> (bytes: Int64, files: Int) {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isDir) else { return (0, 0) }
        if !isDir.boolValue { return ((try? fm.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0, 1) }
        let names = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
        var total: Int64 = 0
        for n in names {
            total += (try? fm.attributesOfItem(atPath: url.appendingPathComponent(n).path)[.size] as? NSNumber)?.int64Value ?? 0
        }
        return (total, names.count)
    }

    /// "532 B", "12.3 KB", "4.56 MB", "1.20 GB" (powers of 1000, as file managers show).
    static func format(bytes: Int64) -> String {
        let b = Double(bytes)
        if b < 1000 { return "\(bytes) B" }
        if b < 1e6 { return String(format: "%.1f KB", b / 1e3) }
        if b < 1e9 { return String(format: "%.2f MB", b / 1e6) }
        return String(format: "%.2f GB", b / 1e9)
    }
}
