import Foundation
import FlipbookGeometry

/// A radius for one corner of a view, UIKit's `UICornerRadius` (iOS 26): a fixed length, or one
/// that follows the view's container so that the corner stays concentric with the container's.
/// A number literal is a fixed radius (`.corners(radius: 12)`).
public struct UICornerRadius: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    enum Kind: Sendable, Hashable {
        case fixed(CGFloat)
        case containerConcentric(minimum: CGFloat?)
    }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// A radius of `radius` points.
    public static func fixed(_ radius: CGFloat) -> UICornerRadius { UICornerRadius(.fixed(radius)) }

    /// A radius that keeps the corner concentric with the container's corner: the container's
    /// radius less the distance between the two corners, and at least `minimum`
    /// (docs/Semantics.md, "Corner configurations").
    public static func containerConcentric(minimum: CGFloat? = nil) -> UICornerRadius {
        UICornerRadius(.containerConcentric(minimum: minimum))
    }

    public init(floatLiteral value: Double) { self.init(.fixed(CGFloat(value))) }
    public init(integerLiteral value: Int) { self.init(.fixed(CGFloat(value))) }

    public var description: String {
        switch kind {
        case let .fixed(r): return "fixed(\(r))"
        case let .containerConcentric(minimum): return "containerConcentric(minimum: \(minimum.map { "\($0)" } ?? "nil"))"
        }
    }
}

/// How the four corners of a view are rounded, UIKit's `UICornerConfiguration` (iOS 26), set on
/// a view with `UIView.cornerConfiguration` and read back, resolved, with
/// `effectiveRadius(corner:)`. Corners are numbered top left, top right, bottom left, bottom
/// right; a corner given no radius (`nil`) is square. The `uniform…` forms give a group of
/// corners one radius: the largest their radii resolve to.
public struct UICornerConfiguration: Sendable, Hashable, CustomStringConvertible {
    enum Shape: Sendable, Hashable {
        /// Radii in corner order, and the groups of corners that share the largest of theirs.
        case corners([UICornerRadius?], uniformGroups: [[Int]])
        case capsule(maximumRadius: CGFloat?)
    }
    let shape: Shape

    init(_ shape: Shape) { self.shape = shape }

    /// Every corner rounded by `radius`, each resolved on its own (concentric radii may differ).
    public static func corners(radius: UICornerRadius) -> UICornerConfiguration {
        UICornerConfiguration(.corners([radius, radius, radius, radius], uniformGroups: []))
    }

    /// Each corner with its own radius; nil leaves it square.
    public static func corners(
        topLeftRadius: UICornerRadius?, topRightRadius: UICornerRadius?,
        bottomLeftRadius: UICornerRadius?, bottomRightRadius: UICornerRadius?
    ) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [topLeftRadius, topRightRadius, bottomLeftRadius, bottomRightRadius], uniformGroups: []))
    }

    /// Every corner rounded alike: the largest radius `radius` resolves to at any corner.
    public static func uniformCorners(radius: UICornerRadius) -> UICornerConfiguration {
        UICornerConfiguration(.corners([radius, radius, radius, radius], uniformGroups: [[0, 1, 2, 3]]))
    }

    /// The top corners alike with `topRadius`, the bottom corners alike with `bottomRadius`.
    public static func uniformEdges(topRadius: UICornerRadius, bottomRadius: UICornerRadius) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [topRadius, topRadius, bottomRadius, bottomRadius], uniformGroups: [[0, 1], [2, 3]]))
    }

    /// The left corners alike with `leftRadius`, the right corners alike with `rightRadius`.
    public static func uniformEdges(leftRadius: UICornerRadius, rightRadius: UICornerRadius) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [leftRadius, rightRadius, leftRadius, rightRadius], uniformGroups: [[0, 2], [1, 3]]))
    }

    /// The top corners alike with `topRadius`; the bottom ones with their own radii (square if nil).
    public static func uniformTopRadius(
        _ topRadius: UICornerRadius, bottomLeftRadius: UICornerRadius? = nil, bottomRightRadius: UICornerRadius? = nil
    ) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [topRadius, topRadius, bottomLeftRadius, bottomRightRadius], uniformGroups: [[0, 1]]))
    }

    /// The bottom corners alike with `bottomRadius`; the top ones with their own radii (square if nil).
    public static func uniformBottomRadius(
        _ bottomRadius: UICornerRadius, topLeftRadius: UICornerRadius? = nil, topRightRadius: UICornerRadius? = nil
    ) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [topLeftRadius, topRightRadius, bottomRadius, bottomRadius], uniformGroups: [[2, 3]]))
    }

    /// The left corners alike with `leftRadius`; the right ones with their own radii (square if nil).
    public static func uniformLeftRadius(
        _ leftRadius: UICornerRadius, topRightRadius: UICornerRadius? = nil, bottomRightRadius: UICornerRadius? = nil
    ) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [leftRadius, topRightRadius, leftRadius, bottomRightRadius], uniformGroups: [[0, 2]]))
    }

    /// The right corners alike with `rightRadius`; the left ones with their own radii (square if nil).
    public static func uniformRightRadius(
        _ rightRadius: UICornerRadius, topLeftRadius: UICornerRadius? = nil, bottomLeftRadius: UICornerRadius? = nil
    ) -> UICornerConfiguration {
        UICornerConfiguration(.corners(
            [topLeftRadius, rightRadius, bottomLeftRadius, rightRadius], uniformGroups: [[1, 3]]))
    }

    /// A capsule: every corner half the view's shorter side, at most `maximumRadius` if given.
    public static func capsule(maximumRadius: CGFloat? = nil) -> UICornerConfiguration {
        UICornerConfiguration(.capsule(maximumRadius: maximumRadius))
    }

    public var description: String {
        switch shape {
        case let .capsule(maximum):
            return "<UICornerConfiguration: capsule(maximumRadius: \(maximum.map { "\($0)" } ?? "nil"))>"
        case let .corners(radii, groups):
            let names = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
            let parts = zip(names, radii).map { "\($0): \($1.map(\.description) ?? "nil")" }
            return "<UICornerConfiguration: \(parts.joined(separator: ", "))\(groups.isEmpty ? "" : ", uniform: \(groups)")>"
        }
    }

    /// The radii of the four corners (top left, top right, bottom left, bottom right) for a
    /// view of `size`; `concentric(corner, minimum)` resolves a container-concentric radius.
    /// Each radius is at least 0 and at most half the shorter side (Core Animation's limit).
    func resolvedRadii(size: CGSize, concentric: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        let limit = max(0, min(size.width, size.height) / 2)
        func clamp(_ r: CGFloat) -> CGFloat { r.isFinite ? min(max(0, r), limit) : 0 }
        switch shape {
        case let .capsule(maximum):
            let r = clamp(maximum.map { min(limit, $0) } ?? limit)
            return [r, r, r, r]
        case let .corners(radii, groups):
            var out = radii.enumerated().map { index, radius -> CGFloat in
                switch radius?.kind {
                case nil: return 0
                case let .fixed(r)?: return clamp(r)
                case let .containerConcentric(minimum)?: return clamp(concentric(index, minimum))
                }
            }
            for group in groups {
                let r = group.map { out[$0] }.max() ?? 0
                for k in group { out[k] = r }
            }
            return out
        }
    }
}
