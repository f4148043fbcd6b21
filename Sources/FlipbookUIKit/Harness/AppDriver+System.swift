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
