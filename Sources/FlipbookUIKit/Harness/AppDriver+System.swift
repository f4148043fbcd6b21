import Foundation

/// Device events an AppDriver simulates: memory warnings and accessibility settings.
extension AppDriver {
    /// Simulates a memory warning, as iOS delivers one: tells the app delegate, if there is one
    /// (`applicationDidReceiveMemoryWarning(_:)`), posts
    /// `UIApplication.didReceiveMemoryWarningNotification` (object: the application), then
    /// calls `didReceiveMemoryWarning()` on every controller of the window's hierarchy (the
    /// root, its children depth first, then the controllers it presents, in order).
    public func simulateMemoryWarning() {
        runtime.run {
            UIApplication.shared.delegate?.applicationDidReceiveMemoryWarning(UIApplication.shared)
            NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: UIApplication.shared)
            for controller in viewControllerHierarchy { controller.didReceiveMemoryWarning() }
        }
    }

    /// Whether Reduce Transparency is on (default off). Changing it posts
    /// `UIAccessibility.reduceTransparencyStatusDidChangeNotification`.
    public var isReduceTransparencyEnabled: Bool {
        get { environment.isReduceTransparencyEnabled }
        set {
            runtime.run {
                environment.set(
                    \.isReduceTransparencyEnabled, newValue, posting: UIAccessibility.reduceTransparencyStatusDidChangeNotification)
            }
        }
    }

    /// The window's scene.
    public var windowScene: UIWindowScene? { environment.windowScene }

    /// Every controller in the window: the root and its descendants, then each presented
    /// controller and its descendants, down the presentation chain.
    var viewControllerHierarchy: [UIViewController] {
        var out: [UIViewController] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ vc: UIViewController) {
            guard seen.insert(ObjectIdentifier(vc)).inserted else { return }
            out.append(vc)
            for child in vc.children { visit(child) }
            if let presented = vc.storedPresentedViewController { visit(presented) }
        }
        if let root = window.rootViewController { visit(root) }
        return out
    }
}

/// Assistive technology: what VoiceOver does when the user picks an action from the actions rotor.
extension AppDriver {
    /// Performs `action` as VoiceOver does: its `actionHandler` when it has one, else its
    /// target-action closure while the target lives. Answers what the action answered (false
    /// when there is nothing to call).
    @discardableResult
    public func performAccessibilityCustomAction(_ action: UIAccessibilityCustomAction) -> Bool {
        runtime.run { action.perform() }
    }

    /// Performs the custom action named `name` among `element`'s `accessibilityCustomActions`;
    /// false (reported) when it has none of that name.
    @discardableResult
    public func performAccessibilityCustomAction(named name: String, on element: UIResponder) -> Bool {
        guard let action = element.accessibilityCustomActions?.first(where: { $0.name == name }) else {
            FlipbookDiagnostics.report(
                "performAccessibilityCustomAction(named: \"\(name)\"): \(type(of: element)) offers no custom action of that name.")
            return false
        }
        return performAccessibilityCustomAction(action)
    }
}
