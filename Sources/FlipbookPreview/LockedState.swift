import Foundation

/// A value behind a lock, with the standard library `Mutex`'s `withLock` spelling.
///
/// The preview's threads share state through this rather than `Synchronization.Mutex`: on
/// Linux `Mutex` waits on futexes, which ThreadSanitizer cannot see, so every access it
/// guards is reported as a race (reproduced with a four-thread counter that ends correct) and
/// a real race would be lost among them. `NSLock` is a pthread mutex, which ThreadSanitizer
/// understands (docs/Reliability.md, "Sanitizers").
// @unchecked: `value` is only touched under `lock`.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
