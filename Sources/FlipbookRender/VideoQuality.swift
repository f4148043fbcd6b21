/// The speed/size trade-off of the lossy video formats (MP4 and WebM).
///
/// Every level is visually lossless on Flipbook's frames; they differ in encoding time and file
/// size. The settings were chosen by measuring the card-flip scene (see docs/API-Status.md,
/// "Export performance").
public enum VideoQuality: String, Sendable, CaseIterable, Hashable {
    /// Fastest encoding, larger files (x264 `ultrafast`).
    case draft
    /// The default: at least twice real time at 60 fps for a phone-sized scene at 2×.
    case standard
    /// Smallest files for the same look, several times slower (x264 `medium`, Flipbook's
    /// settings before the quality option existed).
    case high

    /// x264's preset and constant rate factor for MP4.
    var x264: (preset: String, crf: String) {
        switch self {
        case .draft: return ("ultrafast", "20")
        case .standard: return ("veryfast", "18")
        case .high: return ("medium", "18")
        }
    }

    /// libvpx-vp9's speed (`-cpu-used`, with `-deadline good`) and constant quality for WebM.
    var vp9: (cpuUsed: String, crf: String) {
        switch self {
        case .draft: return ("8", "34")
        case .standard: return ("5", "32")
        case .high: return ("2", "30")
        }
    }
}
