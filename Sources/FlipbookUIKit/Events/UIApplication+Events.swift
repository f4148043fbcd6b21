import Foundation

/// Event routing and UIKit's interaction-blocking switch.
///
/// While the app ignores interaction events, new touches are dropped (touches already down
/// carry on to their end). Apps bracket with `beginIgnoringInteractionEvents()` /
/// `endIgnoringInteractionEvents()`; a non-interactive view-controller transition blocks them
/// too for as long as it runs (`blocksInteractionEvents`), as UIKit does.
extension UIApplication {
    /// Hands `event` to the window of each of its touches (`UIWindow.sendEvent(_:)`).
    public func sendEvent(_ event: UIEvent) {
        var windows: [UIWindow] = []
        for t in event.touchList {
            if let w = t.window, !windows.contains(where: { $0 === w }) { windows.append(w) }
        }
        for w in windows { w.sendEvent(event) }
    }

    /// Starts ignoring new touches. Calls nest: each needs a matching
    /// `endIgnoringInteractionEvents()`.
    public func beginIgnoringInteractionEvents() {
        ignoringInteractionEventsCount += 1
    }

    /// Balances one `beginIgnoringInteractionEvents()`; an unbalanced call is reported and ignored.
    public func endIgnoringInteractionEvents() {
        guard ignoringInteractionEventsCount > 0 else {
            FlipbookDiagnostics.report(
                "UIApplication.endIgnoringInteractionEvents() without a matching beginIgnoringInteractionEvents(); ignored.",
                once: "UIApplication.endIgnoring")
            return
        }
        ignoringInteractionEventsCount -= 1
    }

    /// Whether new touches are being dropped: while a `beginIgnoringInteractionEvents()` is
    /// unbalanced, and while a view-controller transition runs on its own (neither driven
    /// by an interaction nor interruptible), as UIKit ignores interaction then.
    public var isIgnoringInteractionEvents: Bool {
        ignoringInteractionEventsCount > 0 || blocksInteractionEvents
    }
}

extension UIApplication {
    /// Flipbook's own, for test isolation (nothing calls it now: the `.freshRuntime` trait
    /// gives each test a fresh application): forgets what a test may leave behind that would change how the
    /// next one's touches are delivered: unbalanced `beginIgnoringInteractionEvents()` calls,
    /// and transitions whose completion was discarded with the clock's scheduled work (they
    /// would otherwise block touches for ever).
    package func discardTransientStateForTesting() {
        ignoringInteractionEventsCount = 0
        runningTransitions.removeAll()
    }
}
