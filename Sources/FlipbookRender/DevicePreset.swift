import Foundation

/// A screen to render for: size in points and the device's native scale.
public struct DevicePreset: Sendable, Hashable, CustomStringConvertible {
    /// The command-line name, e.g. "iphone-15".
    public var name: String
    /// Screen size in points (portrait).
    public var size: CGSize
    /// The device's own screen scale (renders default to 2 regardless; see docs/Semantics.md,
    /// "Devices and render scale").
    public var nativeScale: CGFloat

    public init(name: String, size: CGSize, nativeScale: CGFloat) {
        self.name = name
        self.size = size
        self.nativeScale = nativeScale
    }

    /// iPhone SE (2nd/3rd generation): 375 × 667 points, 2x.
    public static let iPhoneSE = DevicePreset(name: "iphone-se", size: CGSize(width: 375, height: 667), nativeScale: 2)
    /// iPhone 15: 393 × 852 points, 3x.
    public static let iPhone15 = DevicePreset(name: "iphone-15", size: CGSize(width: 393, height: 852), nativeScale: 3)
    /// iPad (10th generation): 820 × 1180 points, 2x.
    public static let iPad = DevicePreset(name: "ipad", size: CGSize(width: 820, height: 1180), nativeScale: 2)

    /// Every preset, smallest first.
    public static let all: [DevicePreset] = [.iPhoneSE, .iPhone15, .iPad]
    /// The default device for demos (iPhone 15).
    public static let `default` = iPhone15

    /// The preset called `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name == name.lowercased() }
    }

    public var description: String { "\(name) (\(Int(size.width))×\(Int(size.height)) pt)" }
}
