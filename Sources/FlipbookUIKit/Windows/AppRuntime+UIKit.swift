import Foundation

extension AppRuntime {
    /// The runtime `view`'s app runs in: the one its window was made in, else, for a view in no
    /// window, the current one. Code that drives another app's views from outside that app's
    /// `run(_:)` can bind it: `AppRuntime.owning(view).run { UIView.animate(…) }`.
    public static func owning(_ view: UIView) -> AppRuntime { view.layer.owningRuntime }
}

extension UIApplication {
    /// The application of `runtime` (one per runtime, made the first time it is asked for).
    static func of(_ runtime: AppRuntime) -> UIApplication {
        runtime.state(UIApplication.self) { UIApplication() }
    }
}

extension UIViewController {
    /// The runtime this controller's app runs in: its loaded view's (see
    /// `AppRuntime.owning(_:)`), else the current one. Presenting, dismissing, pushing, popping
    /// and selecting a tab run in it, so a transition started on another app's controller runs
    /// on that app's clock, with that app's transitions and touches.
    var owningRuntime: AppRuntime { viewIfLoaded?.layer.owningRuntime ?? AppRuntime.current }
}
