import Foundation

/// The app life-cycle notifications' names, UIKit's (Apple's strings). Flipbook's apps are
/// always active; AppDriver posts these when a test simulates a change.
extension UIApplication {
    /// The app moved to the background.
    nonisolated public static let didEnterBackgroundNotification =
        NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    /// The app is about to come back to the foreground.
    nonisolated public static let willEnterForegroundNotification =
        NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    /// The app became active.
    nonisolated public static let didBecomeActiveNotification =
        NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    /// The app is about to become inactive.
    nonisolated public static let willResignActiveNotification =
        NSNotification.Name("UIApplicationWillResignActiveNotification")
    /// The app is about to end. Flipbook's apps end with their process and never post it.
    nonisolated public static let willTerminateNotification =
        NSNotification.Name("UIApplicationWillTerminateNotification")
    /// The app is short of memory (`AppDriver.simulateMemoryWarning()`).
    nonisolated public static let didReceiveMemoryWarningNotification =
        NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// The status bar's frame is about to change (`AppDriver.rotate(to:)`); the user info's
    /// `statusBarFrameUserInfoKey` holds the new frame (an `NSValue` of a `CGRect`, screen
    /// coordinates). Deprecated on iOS 13, still posted.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use viewWillTransitionToSize:withTransitionCoordinator: instead.")
    nonisolated public static let willChangeStatusBarFrameNotification =
        NSNotification.Name("UIApplicationWillChangeStatusBarFrameNotification")
    /// The status bar's frame changed; the user info's `statusBarFrameUserInfoKey` holds the old
    /// frame. Deprecated on iOS 13, still posted.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use viewWillTransitionToSize:withTransitionCoordinator: instead.")
    nonisolated public static let didChangeStatusBarFrameNotification =
        NSNotification.Name("UIApplicationDidChangeStatusBarFrameNotification")
    /// The user-info key of the status bar frame notifications.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use viewWillTransitionToSize:withTransitionCoordinator: instead.")
    nonisolated public static let statusBarFrameUserInfoKey = "UIApplicationStatusBarFrameUserInfoKey"
}

extension UIApplication {
    /// The app's run state, UIKit's `UIApplication.State` (Apple's raw values).
    public enum State: Int, Sendable {
        case active = 0, inactive, background
    }

    /// Flipbook's apps are always in the foreground and active (docs/Divergences.md, "Scenes").
    public var applicationState: UIApplication.State { .active }
}

/// The orientations an app supports (UIKit's `supportedInterfaceOrientations(for:)`).
extension UIApplication {
    /// What an app declares in its Info.plist under `UISupportedInterfaceOrientations`: Xcode's
    /// template declares all but upside down on iPhone and all four on iPad, and Flipbook has no
    /// Info.plist, so these are the answer.
    public var declaredInterfaceOrientations: UIInterfaceOrientationMask {
        currentDevice.userInterfaceIdiom == .pad ? .all : .allButUpsideDown
    }

    /// The orientations the app supports in `window`: its delegate's
    /// `application(_:supportedInterfaceOrientationsFor:)`, else the declared ones.
    public func supportedInterfaceOrientations(for window: UIWindow?) -> UIInterfaceOrientationMask {
        if let delegate { return delegate.application(self, supportedInterfaceOrientationsFor: window) }
        return declaredInterfaceOrientations
    }
}

