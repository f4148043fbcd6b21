import Foundation

extension AppRuntime {
    /// The runtime `view`'s app runs in: the one its window was made in, else, for a view in no
    /// window, the current one. Code that drives another app's views from outside that app's
    /// `run(_:)` can bind it: `AppRuntime.owning(view).run { UIView.animate(…) }`.
    public static func owning(_ view: UIView) -> AppRuntime { view.layer.owningRuntime }

    /// The runtime a new `AppDriver` runs its app in by default: the current runtime when no
    /// driver runs an app in it (a test's first driver shares the test's runtime, so the test's
    /// own code reaches the app), else a fresh runtime (a second driver gets a world of its own).
    public static var currentUnlessDriven: AppRuntime {
        UIApplication.shared.driverEnvironment == nil ? current : AppRuntime()
    }
}

extension UIApplication {
    /// The application of `runtime` (one per runtime, made the first time it is asked for).
    static func of(_ runtime: AppRuntime) -> UIApplication {
        runtime.state(UIApplication.self) { UIApplication(runtime: runtime) }
    }

    /// The clock of this application's runtime (the current one's if that runtime is gone).
    var clock: MediaClock { (runtime ?? AppRuntime.current).clock }
}

extension UIView {
    /// The clock of this view's app (`AppRuntime.owning(_:)`): the one its timers and motions
    /// run on, whichever runtime is bound when they start.
    var ownClock: MediaClock { layer.owningRuntime.clock }
}

extension UIViewController {
    /// The runtime this controller's app runs in: its loaded view's (see
    /// `AppRuntime.owning(_:)`), else the current one. Presenting, dismissing, pushing, popping
    /// and selecting a tab run in it, so a transition started on another app's controller runs
    /// on that app's clock, with that app's transitions and touches.
    var owningRuntime: AppRuntime { viewIfLoaded?.layer.owningRuntime ?? AppRuntime.current }

    /// The application of this controller's app (`owningRuntime`'s).
    var application: UIApplication { UIApplication.of(owningRuntime) }
}
