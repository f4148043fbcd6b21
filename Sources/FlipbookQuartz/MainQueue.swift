import Dispatch
import Foundation

/// Whether the caller runs on the main queue, which is the main actor's executor: on the main
/// thread, or inside a job of the main queue wherever it runs (Swift Testing on Linux runs
/// main-actor tests on a thread that Foundation's `Thread.isMainThread` does not call main).
/// Code that Foundation calls back from a plain block (notifications, timers) or that may be
/// called from any thread (the Objective-C runtime stand-ins) checks this before
/// `MainActor.assumeIsolated`.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    package static var isCurrent: Bool {
        _ = marked
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
