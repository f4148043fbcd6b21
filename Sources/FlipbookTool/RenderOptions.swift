import ArgumentParser
import Foundation
import FlipbookRender
import FlipbookUIKit

/// Options shared by commands that render (`render`, later `preview`).
struct RenderOptions: ParsableArguments {
    @Option(name: .long, help: "Output formats: png, frames, mp4, webm, gif, apng, sheet (repeat the option or give a comma list).")
    var format: [String] = ["png"]

    @Option(name: .long, help: "Output folder (created if missing).")
    var out: String = "output"

    @Option(name: .long, parsing: .unconditional, help: "Frames per second.")
    var fps: Double = 30

    @Option(name: .long, parsing: .unconditional, help: "Pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(name: .long, help: "Screen: iphone-se (375x667), iphone-15 (393x852) or ipad (820x1180).")
    var device: String = DevicePreset.default.name

    @Option(name: .long, parsing: .unconditional, help: "Seconds to render (default: the scene's own duration).")
    var duration: Double?

    @Option(name: .long, help: "Video quality for mp4 and webm: draft (fastest, larger files), standard, or high (smallest files, several times slower).")
    var quality: String = VideoQuality.standard.rawValue

    /// The chosen video quality (validated in `validate()`).
    var videoQuality: VideoQuality {
        get throws {
            let name = quality.trimmingCharacters(in: .whitespaces).lowercased()
            guard let q = VideoQuality(rawValue: name) else {
                throw ValidationError(
                    "Unknown quality '\(quality)'. Choose from: \(VideoQuality.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return q
        }
    }

    @Option(name: .long, help: "Appearance the app runs in: light or dark (dynamic and system colours follow).")
    var appearance: String = "light"

    /// The `--appearance` as a UIKit style (validated in `validate()`).
    var userInterfaceStyle: UIUserInterfaceStyle { appearance.lowercased() == "dark" ? .dark : .light }

    /// The formats, split on commas, in order, without repeats.
    var formats: [OutputFormat] {
        get throws {
            var out: [OutputFormat] = []
            for item in format.flatMap({ $0.split(separator: ",") }) {
                let name = item.trimmingCharacters(in: .whitespaces).lowercased()
                guard let f = OutputFormat(rawValue: name) else {
                    throw ValidationError(
                        "Unknown format '\(name)'. Choose from: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                if !out.contains(f) { out.append(f) }
            }
            if out.isEmpty { throw ValidationError("Give at least one --format.") }
            return out
        }
    }

    func validate() throws {
        _ = try formats
        _ = try videoQuality
        guard fps.isFinite, fps > 0 else { throw ValidationError("--fps must be a positive number (got \(fps)).") }
        guard fps <= 240 else { throw ValidationError("--fps must be at most 240 (got \(fps)).") }
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).") }
        guard DevicePreset.named(device) != nil else {
            throw ValidationError("Unknown device '\(device)'. Choose from: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
        }
        if let d = duration {
            guard d.isFinite, d >= 0, d <= 600 else { throw ValidationError("--duration must be between 0 and 600 seconds (got \(d)).") }
        }
        guard !out.isEmpty else { throw ValidationError("--out must name a folder.") }
        guard ["light", "dark"].contains(appearance.lowercased()) else {
            throw ValidationError("Unknown appearance '\(appearance)'. Choose from: light, dark.")
        }
    }
}
