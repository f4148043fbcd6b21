import Foundation

/// Flipbook's single entry point for console diagnostics: API misuse and bad input.
///
/// Every module reports through `report(_:once:)`, in the style of Apple's console
/// messages (e.g. "Attempt to present <B> on <A> while a presentation is in progress").
/// Messages go to standard error, and to the observers of the runtime they are reported in, so
/// a test can capture them. A message reported with a `once` key is printed only the first time
/// that key is seen (per process), as Core Animation logs a bad key path once; the
/// observers still see every report, so tests stay independent of one another.
///
/// Observers live in the runtime (`AppRuntime`): `addObserver(_:)` installs into the current
/// one, and a report made while a runtime is bound (by a driver call, a frame of its clock, a
/// transition of its app) reaches that runtime's observers only, so two apps, or two tests under
/// `.freshRuntime`, never hear each other. With no runtime bound, both sides use the process's
/// runtime (`AppRuntime.process`): its observers are the process-wide fallback, which hears what
/// a command-line tool reports before it makes an app. `capture(_:)` is synchronous and hears
/// everything its body reports, in whatever runtime.
@preconcurrency @MainActor
public enum FlipbookDiagnostics {
    /// One report as observers see it.
    public struct Report: Sendable, Equatable {
        public var message: String
        public var key: String?
    }

    private static var seenKeys: Set<String> = []
    /// The last token handed out: tokens are unique in the process, so `removeObserver(_:)`
    /// needs no runtime.
    private static var lastToken = 0
    /// The runtime each installed observer lives in, by token (weak: an observer goes with its
    /// runtime), so an observer can be removed from anywhere. Entries of runtimes that are gone
    /// are dropped as the table grows.
    private static var observerRuntimes: [Int: WeakRuntime] = [:]
    private static var pruneAt = 64
    /// The reports of each `capture(_:)` running now, outermost first (pushed and popped within
    /// one synchronous call).
    private static var captures: [[Report]] = []

    /// Whether reports are echoed to standard error (default true).
    public static var printsToStandardError = true

    /// Reports `message` to the observers of the current runtime (`AppRuntime.current`: the
    /// bound one, else the process's fallback). With a `once` key, prints only the first report
    /// with that key; observers are told every time.
    public static func report(_ message: String, once key: String? = nil) {
        report(message, once: key, to: [AppRuntime.current])
    }

    /// Reports `message` to the observers of each of `runtimes` (an object's own runtime, or
    /// both runtimes of a cross-app use), printing it as `report(_:once:)` does.
    package static func report(_ message: String, once key: String? = nil, to runtimes: [AppRuntime]) {
        let report = Report(message: message, key: key)
        for index in captures.indices { captures[index].append(report) }
        for (index, runtime) in runtimes.enumerated() where !runtimes[..<index].contains(where: { $0 === runtime }) {
            runtime.diagnosticsObservers.notify(report)
        }
        if let key {
            guard seenKeys.insert(key).inserted else { return }
        }
        if printsToStandardError {
            FileHandle.standardError.write(Data("[Flipbook] \(message)\n".utf8))
        }
    }

    /// Reports from code that may run off the main actor (a nonisolated initialiser of a
    /// value type, say): on the main thread at once, as `report(_:once:)`; on any other
    /// thread on the main actor's next turn (in the runtime bound where it was called, as a
    /// task inherits it), never trapping.
    public nonisolated static func reportFromAnyContext(_ message: String, once key: String? = nil) {
        if MainQueue.isCurrent {
            // The main queue is the main actor's executor: checked just above, not assumed.
            MainActor.assumeIsolated { report(message, once: key) }
        } else {
            Task { @MainActor in report(message, once: key) }
        }
    }

    /// Installs `handler` in the current runtime (`AppRuntime.current`) to see every later
    /// report made in it; returns a token for `removeObserver(_:)`. Under `.freshRuntime` that
    /// is the test's runtime, so it sees only that test's reports; to observe another app,
    /// install it in that app's runtime: `driver.runtime.run { FlipbookDiagnostics.addObserver { … } }`.
    /// Installed with no runtime bound, it lands in the process-wide fallback
    /// (`AppRuntime.process`), which hears what is reported with no runtime bound.
    @discardableResult
    @preconcurrency public static func addObserver(_ handler: @escaping @MainActor (Report) -> Void) -> Int {
        let runtime = AppRuntime.current
        lastToken += 1
        runtime.diagnosticsObservers.add(token: lastToken, handler)
        if observerRuntimes.count >= pruneAt {
            observerRuntimes = observerRuntimes.filter { $0.value.runtime != nil }
            pruneAt = max(64, 2 * observerRuntimes.count)
        }
        observerRuntimes[lastToken] = WeakRuntime(runtime)
        return lastToken
    }

    /// Removes the observer `token` names, from whichever runtime it was installed in (nothing
    /// for a token already removed).
    public static func removeObserver(_ token: Int) {
        guard let home = observerRuntimes.removeValue(forKey: token) else { return }
        home.runtime?.diagnosticsObservers.remove(token)
    }

    /// Runs `body` and returns the messages reported meanwhile, in whatever runtime (a test
    /// helper).
    ///
    /// `body` is synchronous and nothing else runs on the main actor while it runs, so the
    /// capture holds exactly `body`'s reports, those of another app's runtime that `body` binds
    /// included.
    public static func capture(_ body: () throws -> Void) rethrows -> [String] {
        let depth = captures.count
        captures.append([])
        defer { captures.removeLast() }
        try body()
        return captures[depth].map(\.message)
    }
}

/// A runtime held weakly (the observer table's entries).
private struct WeakRuntime {
    weak var runtime: AppRuntime?
    init(_ runtime: AppRuntime) { self.runtime = runtime }
}
