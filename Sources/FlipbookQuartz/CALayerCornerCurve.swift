import Foundation

/// The shape of rounded corners, Core Animation's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
