import Foundation

/// What `SceneExporter` writes.
public enum OutputFormat: String, Sendable, CaseIterable, Hashable {
    /// One PNG: the frame at the still time (default: the middle of the scene).
    case png
    /// Every frame as a numbered PNG in a folder (`<scene>-frames/frame-00000.png` …).
    case frames
    /// H.264 video in MP4 (yuv420p, sizes padded to even), through ffmpeg.
    case mp4
    /// VP9 video in WebM, through ffmpeg.
    case webm
    /// Animated GIF with one palette for the whole sequence (ffmpeg palettegen/paletteuse).
    case gif
    /// Animated PNG (full colour and alpha), through ffmpeg.
    case apng
    /// A contact sheet: a grid of frames with their timestamps, one PNG.
    case sheet

    /// True for formats written through an ffmpeg subprocess.
    public var needsFFmpeg: Bool { [.mp4, .webm, .gif, .apng].contains(self) }

    /// The output file (or folder) name for a scene.
    public func fileName(scene: String) -> String {
        switch self {
        case .png: return "\(scene).png"
        case .frames: return "\(scene)-frames"
        case .mp4: return "\(scene).mp4"
        case .webm: return "\(scene).webm"
        case .gif: return "\(scene).gif"
        case .apng: return "\(scene).apng"
        case .sheet: return "\(scene)-sheet.png"
        }
    }
}
