/// The speed/size trade-off of the lossy video formats (MP4 and WebM).
///
/// Chosen by measuring the card-flip scene (786 × 1704, 60 fps; docs/API-Status.md, "Export
/// performance"): x264's `ultrafast` preset is the only one that leaves room for rendering
/// within half the scene's real time on two cores; at crf 23 its worst frame (PSNR 53.9 dB)
/// is still closer to the rendered frames than the old default's (`medium` crf 18, 48.1 dB).
public enum VideoQuality: String, Sendable, CaseIterable, Hashable {
    /// Quick previews: `ultrafast` at crf 28, small files, slight softening visible on text.
    case draft
    /// The default: visually lossless and fast (`ultrafast`, crf 23), files about 2.6 times
    /// larger than `high`.
    case standard
    /// Visually lossless and compact (`veryfast`, crf 18: smaller and faster than the old
    /// `medium` default), about 2.5 times slower than `standard`.
    case high

    /// x264's preset and constant rate factor for MP4.
    var x264: (preset: String, crf: String) {
        switch self {
        case .draft: return ("ultrafast", "28")
        case .standard: return ("ultrafast", "23")
        case .high: return ("veryfast", "18")
        }
    }

    /// libvpx-vp9's speed (`-cpu-used`, with `-deadline good`) and constant quality for WebM
    /// (not measured like MP4: libvpx's documented speed steps, crf around the old 32).
    var vp9: (cpuUsed: String, crf: String) {
        switch self {
        case .draft: return ("8", "34")
        case .standard: return ("5", "32")
        case .high: return ("2", "30")
        }
    }
}
