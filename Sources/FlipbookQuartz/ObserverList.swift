import Foundation

/// The observers one runtime keeps for one kind of event (its `FlipbookDiagnostics` reports,
/// FlipbookUIKit's transition probe): handlers told in the order they were added, each with a
/// token to remove it by. Events are delivered to a copy of the list, so a handler may add or
/// remove observers (itself included) while it is told.
@preconcurrency @MainActor
package final class ObserverList<Event> {
    private var entries: [(token: Int, handler: @MainActor (Event) -> Void)] = []
    private var lastToken = 0

    package init() {}

    /// Whether no observer is installed (then an event need not even be built).
    package var isEmpty: Bool { entries.isEmpty }

    /// Installs `handler` under `token` (a token chosen by the caller, e.g. one unique in the
    /// process), or under the next token of this list when `token` is nil; returns the token.
    @discardableResult
    package func add(token: Int? = nil, _ handler: @escaping @MainActor (Event) -> Void) -> Int {
        let token = token ?? (lastToken + 1)
        lastToken = max(lastToken, token)
        entries.append((token, handler))
        return token
    }

    /// Removes the observer installed under `token`; whether there was one.
    @discardableResult
    package func remove(_ token: Int) -> Bool {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Tells every observer installed now of `event`, oldest first.
    package func notify(_ event: Event) {
        let current = entries
        for entry in current { entry.handler(event) }
    }
}
