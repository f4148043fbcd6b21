import Foundation

/// Flipbook's single entry point for console diagnostics: API misuse and bad input.
///
/// Every module reports through `report(_:once:)`, in the style of Apple's console
/// messages (e.g. "Attempt to present <B> on <A> while a presentation is in progress").
/// Messages go to standard error, and to every installed observer, so a test can
/// capture them. A message reported with a `once` key is printed only the first time
/// that key is seen (per process), as Core Animation logs a bad key path once; the
/// observers still see every report, so tests stay independent of one another.
@preconcurrency @MainActor
public enum FlipbookDiagnostics {
    /// One report as observers see it.
    public struct Report: Sendable, Equatable {
        public var message: String
        public var key: String?
    }

    private static var seenKeys: Set<String> = []
    @preconcurrency private static var observers: [(id: Int, scope: Int?, handler: @MainActor (Report) -> Void)] = []
    private static var nextObserverID = 0

    /// Whether reports are echoed to standard error (default true).
    public static var printsToStandardError = true

    /// Reports `message`. With a `once` key, prints only the first report with that key;
    /// observers are told every time.
    public static func report(_ message: String, once key: String? = nil) {
        let report = Report(message: message, key: key)
        for observer in observers where ObservationScope.sees(from: observer.scope) { observer.handler(report) }
        if let key {
            guard seenKeys.insert(key).inserted else { return }
        }
        if printsToStandardError {
            FileHandle.standardError.write(Data("[Flipbook] \(message)\n".utf8))
        }
    }

    /// Reports from code that may run off the main actor (a nonisolated initialiser of a
    /// value type, say): on the main thread at once, as `report(_:once:)`; on any other
    /// thread on the main actor's next turn, never trapping.
    public nonisolated static func reportFromAnyContext(_ message: String, once key: String? = nil) {
        if MainQueue.isCurrent {
            // The main queue is the main actor's executor: checked just above, not assumed.
            MainActor.assumeIsolated { report(message, once: key) }
        } else {
            Task { @MainActor in report(message, once: key) }
        }
    }

    /// Installs `handler` to see every later report; returns a token for `removeObserver(_:)`.
    /// Installed inside a test (an `ObservationScope`), it sees only that test's reports.
    @discardableResult
    @preconcurrency public static func addObserver(_ handler: @escaping @MainActor (Report) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, ObservationScope.current, handler))
        return nextObserverID
    }

    public static func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Runs `body` and returns the messages reported meanwhile (a test helper).
    ///
    /// Tests run in parallel on the main actor but never interleave inside a
    /// synchronous `body`, so the capture holds exactly `body`'s reports.
    public static func capture(_ body: () throws -> Void) rethrows -> [String] {
        var messages: [String] = []
        let token = addObserver { messages.append($0.message) }
        defer { removeObserver(token) }
        try body()
        return messages
    }
}
