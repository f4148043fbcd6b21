import Foundation

/// Something a menu element or control runs, UIKit's `UIMenuElement` base (title and image).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// The title shown in menus.
    public let title: String
    public let image: UIImage?
    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
    }

    /// A menu element's check state, UIKit's `UIMenuElement.State` (kept, not drawn).
    public enum State: Int, Sendable {
        case off = 0, on, mixed
    }
}

/// A closure-based action, UIKit's `UIAction`: the target-action replacement that needs no
/// selectors, so it works identically on Linux.
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    /// An action's identity, used to replace or remove an action on a control.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// Menu attributes, UIKit's `UIMenuElement.Attributes` (kept, not drawn).
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    public let identifier: Identifier
    public var discoverabilityTitle: String?
    public var attributes: Attributes
    /// Kept for menus (not drawn): Apple's `subtitle`, `selectedImage` and `state`.
    public var subtitle: String?
    public var selectedImage: UIImage?
    public var state: UIMenuElement.State
    @preconcurrency let handler: @MainActor (UIAction) -> Void
    /// The control that sent the action while its handler runs (nil otherwise).
    public internal(set) weak var sender: AnyObject?

    /// An action running `handler` when performed. Without an identifier, each action gets a
    /// unique one.
    @preconcurrency public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
        identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: Attributes = [], state: UIMenuElement.State = .off, handler: @escaping @MainActor (UIAction) -> Void
    ) {
        self.subtitle = subtitle
        self.selectedImage = selectedImage
        self.state = state
        self.identifier = identifier ?? Identifier(rawValue: UUIDFreeIdentifier.next())
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.handler = handler
        super.init(title: title, image: image)
    }

    func perform(sender: AnyObject?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}

/// Unique action identifiers without randomness: a per-process counter, as UIKit's are
/// per-process unique strings.
@preconcurrency @MainActor
enum UUIDFreeIdentifier {
    static var counter = 0
    static func next() -> String {
        counter += 1
        return "com.flipbook.action.\(counter)"
    }
}
