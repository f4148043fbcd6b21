import Foundation

/// How a layer's contents are sampled when scaled, Core Animation's `CALayerContentsFilter`
/// (`minificationFilter`, `magnificationFilter`). Flipbook stores the choice; its compositor
/// always samples bilinearly (`.linear`, the default).
public struct CALayerContentsFilter: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Bilinear sampling (the default).
    public static let linear = CALayerContentsFilter("linear")
    /// The nearest pixel.
    public static let nearest = CALayerContentsFilter("nearest")
    /// Bilinear sampling between mipmap levels.
    public static let trilinear = CALayerContentsFilter("trilinear")
}
