import Foundation
import FlipbookQuartz

// `#Preview` for UIKit, as Xcode 15+ has it (DeveloperToolsSupport's `Preview`,
// `PreviewTrait<Preview.ViewTraits>`, `PreviewRegistry`). See docs/Preview.md, "Your own
// previews and scenes".

/// A preview: a name, traits, and a body that makes the view controller or view to show.
///
/// You rarely make one yourself: `#Preview { … }` makes one for each block, and the tools find
/// them all (`flipbook list`, `flipbook preview`, `assertPreviewSnapshots`).
public struct Preview {
    /// The traits a UIKit preview takes (Apple's `Preview.ViewTraits`).
    public struct ViewTraits: Sendable {}

    /// What a preview's body made.
    @preconcurrency @MainActor
    public enum Content {
        case viewController(UIViewController)
        case view(UIView)
    }

    /// The name given to `#Preview`, if any.
    public let name: String?
    /// The traits given to `#Preview`, in order.
    public let traits: [PreviewTrait<ViewTraits>]
    @preconcurrency let body: @MainActor () throws -> Content

    /// A preview of a view controller.
    @preconcurrency
    public init(
        _ name: String? = nil, traits: PreviewTrait<ViewTraits>...,
        body: @escaping @MainActor () throws -> UIViewController
    ) {
        self.name = name
        self.traits = traits
        self.body = { .viewController(try body()) }
    }

    /// A preview of a view (shown in a plain view controller).
    @preconcurrency
    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>..., body: @escaping @MainActor () throws -> UIView) {
        self.name = name
        self.traits = traits
        self.body = { .view(try body()) }
    }

    /// Runs the body (errors it throws propagate).
    @preconcurrency @MainActor
    public func makeContent() throws -> Content { try body() }

    /// The orientation the traits ask for (the last one given wins; portrait by default).
    public var orientation: PreviewTrait<ViewTraits>.Orientation {
        traits.reduce(.portrait) { current, trait in
            if case .orientation(let o) = trait.kind { return o }
            return current
        }
    }

    /// The layout the traits ask for (the last one given wins; the device's screen by default).
    public var layout: PreviewTrait<ViewTraits>.Layout {
        traits.reduce(.device) { current, trait in
            if case .layout(let l) = trait.kind { return l }
            return current
        }
    }
}

/// A trait of a preview (Apple's `PreviewTrait`): its orientation or layout.
public struct PreviewTrait<T>: Sendable {
    /// Interface orientations a preview can be shown in.
    public enum Orientation: String, Sendable, Equatable {
        case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
        /// Whether the screen is wider than tall.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    }
    /// How a preview is laid out.
    public enum Layout: Sendable, Equatable {
        /// On the whole screen of the device (`.defaultLayout`).
        case device
        /// The view at the size it asks for (`.sizeThatFitsLayout`).
        case sizeThatFits
        /// A container of this size in points (`.fixedLayout(width:height:)`).
        case fixed(width: CGFloat, height: CGFloat)
    }
    enum Kind: Sendable, Equatable {
        case orientation(Orientation)
        case layout(Layout)
    }
    let kind: Kind
    init(_ kind: Kind) { self.kind = kind }
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// Portrait, the home indicator at the bottom (the default).
    public static var portrait: PreviewTrait<T> { .init(.orientation(.portrait)) }
    /// Portrait upside down.
    public static var portraitUpsideDown: PreviewTrait<T> { .init(.orientation(.portraitUpsideDown)) }
    /// Landscape, the device rotated so its top is on the left.
    public static var landscapeLeft: PreviewTrait<T> { .init(.orientation(.landscapeLeft)) }
    /// Landscape, the device rotated so its top is on the right.
    public static var landscapeRight: PreviewTrait<T> { .init(.orientation(.landscapeRight)) }
    /// The whole screen of the device (the default).
    public static var defaultLayout: PreviewTrait<T> { .init(.layout(.device)) }
    /// Just the view, at the size it fits (`systemLayoutSizeFitting`, else `sizeThatFits`).
    public static var sizeThatFitsLayout: PreviewTrait<T> { .init(.layout(.sizeThatFits)) }
    /// A container of `width` × `height` points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        .init(.layout(.fixed(width: width, height: height)))
    }
}

/// What `#Preview` expands to: a type the tools find (Apple's `PreviewRegistry`).
///
/// The macro writes one conforming type per `#Preview` block, with the block's place in the
/// source, and a record of it that the tools read with no list (docs/Preview.md).
public protocol PreviewRegistry {
    /// The `#fileID` of the `#Preview` ("Module/File.swift").
    static var fileID: String { get }
    /// Its line.
    static var line: Int { get }
    /// Its column.
    static var column: Int { get }
    /// The preview (its body is not run until the preview is shown).
    @preconcurrency @MainActor static func makePreview() throws -> Preview
}

/// One `#Preview`'s record in the `flipbook_previews` section: a kind tag, a layout version,
/// and a C function returning the registry type's metadata. Written by the macro only.
public typealias FlipbookPreviewRecord = (kind: UInt32, version: UInt32, registry: @convention(c) () -> UnsafeRawPointer)

/// The record kind tag: "FBPV".
public let flipbookPreviewRecordKind: UInt32 = 0x4642_5056

/// Creates a preview of a UIKit view controller or view, as Xcode's `#Preview` does. Every
/// `#Preview` of a module is found by the tools with no list (docs/Preview.md).
///
/// ```swift
/// #Preview("Card deck") { DeckViewController() }
/// #Preview { let v = BadgeView(); v.count = 3; return v }
/// #Preview("Landscape", traits: .landscapeLeft) { PlayerViewController() }
/// ```
///
/// The macro is implemented by the `FlipbookMacros` plugin: a target that writes `#Preview`
/// depends on the `FlipbookPreviews` product (which brings the plugin), so packages that never
/// write one never build SwiftSyntax. Bodies may throw (Xcode's may not): the error is shown.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () throws -> UIViewController) =
    #externalMacro(module: "FlipbookMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    body: @escaping @MainActor () throws -> UIViewController
) = #externalMacro(module: "FlipbookMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () throws -> UIView) =
    #externalMacro(module: "FlipbookMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    body: @escaping @MainActor () throws -> UIView
) = #externalMacro(module: "FlipbookMacros", type: "PreviewMacro")
