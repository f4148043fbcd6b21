import Foundation
import FlipbookQuartz

/// An action an assistive technology offers on an element (VoiceOver's actions rotor), UIKit's
/// `UIAccessibilityCustomAction`.
///
/// UIKit's `init(name:target:selector:)` names a method by selector; Swift on Linux has no
/// Objective-C runtime, so, as every target-action API in Flipbook, it takes a closure of the
/// target instead: `#selector(perform)` becomes `{ $0.perform() }` and
/// `#selector(perform(_:))` becomes `{ $0.perform($1) }`, the action typed as the method takes it
/// (docs/Porting.md). The target is held weakly, as UIKit's is. The iOS 13 closure form,
/// `init(name:actionHandler:)`, is UIKit's own. Flipbook has no assistive technology, so nothing
/// performs the actions on its own; `accessibilityCustomActions` (on every responder) holds them.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// The closure UIKit's iOS 13 initialisers take: answers whether the action succeeded.
    public typealias Handler = (UIAccessibilityCustomAction) -> Bool

    /// The name VoiceOver reads.
    open var name: String {
        get { attributedName.string }
        set { attributedName = NSAttributedString(string: newValue) }
    }

    /// The name with attributes (for example a speech language).
    open var attributedName: NSAttributedString

    /// The image shown for the action (iOS 14; default nil).
    open var image: UIImage?

    /// The object the target-action closure is called on, held weakly.
    open weak var target: AnyObject?

    /// UIKit's selector. No selector exists without the Objective-C runtime: always nil, and
    /// only nil can be set (`Selector` is uninhabited; the closure given with the target is
    /// the action).
    open var selector: Selector? {
        get { nil }
        set {}
    }

    /// The closure performing the action (iOS 13), nil for a target-action one.
    open var actionHandler: Handler?

    /// The target-action closure: the target and this action.
    private var targetAction: (@MainActor (AnyObject, UIAccessibilityCustomAction) -> Bool)?

    // MARK: Target and action (the port of `selector:`)

    /// `init(name:target:selector: #selector(method))`: `selector` is `{ $0.method() }`.
    @preconcurrency public init<Target: AnyObject>(
        name: String, target: Target?, selector: @escaping @MainActor (Target) -> Bool
    ) {
        attributedName = NSAttributedString(string: name)
        super.init()
        setTargetAction(target) { (t: Target, _: UIAccessibilityCustomAction) in selector(t) }
    }

    /// `init(name:target:selector: #selector(method(_:)))`: `selector` is `{ $0.method($1) }`,
    /// `$1` this action as the class the method takes (a subclass's initialiser hands its own
    /// closure on to `super.init`); the closure is not called when the action is not of that
    /// class.
    @preconcurrency public init<Target: AnyObject, Action: UIAccessibilityCustomAction>(
        name: String, target: Target?, selector: @escaping @MainActor (Target, Action) -> Bool
    ) {
        attributedName = NSAttributedString(string: name)
        super.init()
        setTargetAction(target, selector)
    }

    /// `init(attributedName:target:selector: #selector(method))`.
    @preconcurrency public init<Target: AnyObject>(
        attributedName: NSAttributedString, target: Target?, selector: @escaping @MainActor (Target) -> Bool
    ) {
        self.attributedName = attributedName
        super.init()
        setTargetAction(target) { (t: Target, _: UIAccessibilityCustomAction) in selector(t) }
    }

    /// `init(attributedName:target:selector: #selector(method(_:)))`.
    @preconcurrency public init<Target: AnyObject, Action: UIAccessibilityCustomAction>(
        attributedName: NSAttributedString, target: Target?, selector: @escaping @MainActor (Target, Action) -> Bool
    ) {
        self.attributedName = attributedName
        super.init()
        setTargetAction(target, selector)
    }

    /// `init(name:image:target:selector: #selector(method))` (iOS 14).
    @preconcurrency public init<Target: AnyObject>(
        name: String, image: UIImage?, target: Target?, selector: @escaping @MainActor (Target) -> Bool
    ) {
        attributedName = NSAttributedString(string: name)
        self.image = image
        super.init()
        setTargetAction(target) { (t: Target, _: UIAccessibilityCustomAction) in selector(t) }
    }

    /// `init(name:image:target:selector: #selector(method(_:)))` (iOS 14).
    @preconcurrency public init<Target: AnyObject, Action: UIAccessibilityCustomAction>(
        name: String, image: UIImage?, target: Target?, selector: @escaping @MainActor (Target, Action) -> Bool
    ) {
        attributedName = NSAttributedString(string: name)
        self.image = image
        super.init()
        setTargetAction(target, selector)
    }

    // MARK: Handlers (iOS 13)

    /// An action named `name` performed by `actionHandler`.
    public init(name: String, actionHandler: @escaping Handler) {
        attributedName = NSAttributedString(string: name)
        self.actionHandler = actionHandler
        super.init()
    }

    /// An action named `attributedName` performed by `actionHandler`.
    public init(attributedName: NSAttributedString, actionHandler: @escaping Handler) {
        self.attributedName = attributedName
        self.actionHandler = actionHandler
        super.init()
    }

    /// An action with a name and image performed by `actionHandler` (iOS 14).
    public init(name: String, image: UIImage?, actionHandler: @escaping Handler) {
        attributedName = NSAttributedString(string: name)
        self.image = image
        self.actionHandler = actionHandler
        super.init()
    }

    // MARK: Performing

    private func setTargetAction<Target: AnyObject, Action: UIAccessibilityCustomAction>(
        _ target: Target?, _ action: @escaping @MainActor (Target, Action) -> Bool
    ) {
        self.target = target
        targetAction = { t, a in
            guard let t = t as? Target, let a = a as? Action else { return false }
            return action(t, a)
        }
    }

    /// Performs the action as VoiceOver would: the handler when there is one, else the
    /// target-action closure while the target lives. Answers whether it succeeded (false
    /// when there is nothing to call).
    func perform() -> Bool {
        if let actionHandler { return actionHandler(self) }
        guard let target, let targetAction else { return false }
        return targetAction(target, self)
    }
}
