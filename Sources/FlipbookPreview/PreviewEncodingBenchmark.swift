import Flipbook
import Foundation

/// Measures every `PreviewFrameEncoding` on a scene's frames, server side: the time to encode a
/// frame (with the changed-rectangle search) and its size on the wire. Run by
/// `flipbook preview <scene> --measure-encodings` for `make bench-preview`
/// (docs/Preview-benchmark.md); not a test.
@preconcurrency @MainActor
public enum PreviewEncodingBenchmark {
    /// A Markdown table: playing the scene at 1× (every frame), and dragging across the screen
    /// at its middle second (a frame per pointer move), for each encoding.
    public static func run(registry: SceneRegistry, scene: String, device: String, scale: Int) -> String {
        let engine = PreviewEngine(registry: registry)
        defer { engine.shutdown() }
        guard let timeline = engine.makeTimeline(scene: scene, device: device, scale: scale) else {
            return "unknown scene or device"
        }
        // Playing: every frame, in order.
        var played: [PreviewFrame] = []
        for i in 0...timeline.lastFrame { played.append(engine.rawFrame(timeline, at: i)) }
        // Touching: a drag across the screen from its left edge at the middle of the scene (on
        // card-flip, the reveal's dismissal swipe), paused.
        let dragTimeline = engine.makeTimeline(scene: scene, device: device, scale: scale)!
        let at = min(90, dragTimeline.lastFrame)
        let size = dragTimeline.device.size
        let y = Double(size.height) / 2
        var dragged: [PreviewFrame] = [engine.rawFrame(dragTimeline, at: at)]
        dragged.append(engine.input(PreviewPointer(phase: .down, finger: 0, x: 1, y: y), on: dragTimeline, at: at))
        for i in 1...30 {
            let x = 1 + Double(size.width) * 0.45 * Double(i) / 30
            dragged.append(engine.input(PreviewPointer(phase: .move, finger: 0, x: x, y: y), on: dragTimeline, at: at))
        }
        dragged.append(engine.input(PreviewPointer(phase: .up, finger: 0, x: 1 + Double(size.width) * 0.45, y: y), on: dragTimeline, at: at))

        let w = played[0].width, h = played[0].height
        var lines = [
            "\(scene) on \(device) at scale \(scale) (\(w)×\(h) px): per frame sent, after the first (which is always a whole frame).",
            "Rendering (step + draw) took \(fmt(median(played.dropFirst().map(\.renderMilliseconds)))) ms a frame playing, "
                + "\(fmt(median(dragged.dropFirst().map(\.renderMilliseconds)))) ms a frame dragging (medians).",
            "",
            "| encoding | playing: encode median / p95 | playing: size median / mean | dragging: encode median / p95 | dragging: size median / mean | exact |",
            "|---|---|---|---|---|---|",
        ]
        for mode in PreviewFrameEncoding.allCases where mode != .auto {
            let a = measure(mode, played), b = measure(mode, dragged)
            let exact = mode == .jpeg || mode == .rectsJPEG ? "no (until the scene stands still)" : "yes"
            lines.append(
                "| \(mode.rawValue)\(mode == PreviewFrameEncoding.measuredChoice ? " (auto)" : "") | \(fmt(a.ms.median)) / \(fmt(a.ms.p95)) ms | "
                    + "\(kib(a.bytes.median)) / \(kib(a.bytes.mean)) | \(fmt(b.ms.median)) / \(fmt(b.ms.p95)) ms | "
                    + "\(kib(b.bytes.median)) / \(kib(b.bytes.mean)) | \(exact) |")
        }
        return lines.joined(separator: "\n")
    }

    private struct Stats { var median: Double; var p95: Double; var mean: Double }

    private static func measure(_ mode: PreviewFrameEncoding, _ frames: [PreviewFrame]) -> (ms: Stats, bytes: Stats) {
        var encoder = PreviewFrameEncoder(mode: mode)
        _ = encoder.motion(frames[0])
        var ms: [Double] = []
        var bytes: [Double] = []
        for f in frames.dropFirst() {
            let e = encoder.motion(f)
            ms.append(e.encodeMilliseconds)
            bytes.append(Double(e.payload.count))
        }
        return (stats(ms), stats(bytes))
    }

    private static func stats(_ v: [Double]) -> Stats {
        let s = v.sorted()
        guard !s.isEmpty else { return Stats(median: 0, p95: 0, mean: 0) }
        return Stats(median: median(s), p95: s[min(s.count - 1, Int((0.95 * Double(s.count - 1)).rounded()))], mean: s.reduce(0, +) / Double(s.count))
    }

    private static func median<C: Collection>(_ v: C) -> Double where C.Element == Double {
        let s = v.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    private static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
    private static func kib(_ v: Double) -> String { v < 1024 ? String(format: "%.0f B", v) : String(format: "%.0f KiB", v / 1024) }
}
