import Foundation
import FlipbookQuartz

/// A transition between two controllers, UIKit's `UIStoryboardSegue`.
///
/// Flipbook has no storyboards, so no segue is ever made from one: a segue exists only when code
/// makes it (`UIStoryboardSegue(identifier:source:destination:)`) and calls `perform()`. Custom
/// segue subclasses override `perform()` to present or push `destination`, as on iOS; the base
/// class's `perform()` runs the handler given to `init(identifier:source:destination:performHandler:)`
/// and otherwise does nothing (UIKit's base class is abstract too).
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// The segue's identifier (nil for a segue made without one).
    open private(set) var identifier: String?
    /// The controller the segue starts from.
    open private(set) var source: UIViewController
    /// The controller the segue leads to.
    open private(set) var destination: UIViewController

    private var performHandler: (() -> Void)?

    /// Creates a segue; `perform()` of the base class then does nothing.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        super.init()
    }

    /// Creates a segue whose `perform()` runs `performHandler` (UIKit's iOS 6 block form).
    public convenience init(
        identifier: String?, source: UIViewController, destination: UIViewController,
        performHandler: @escaping () -> Void
    ) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Performs the transition. Subclasses override it (without calling `super`) to present or
    /// push `destination`; the base class runs the perform handler, if any.
    open func perform() {
        performHandler?()
    }
}
