import Foundation

/// A value that threads share, reached only through `withLock`: Flipbook's one lock type.
///
/// It has the shape of the standard library's `Synchronization.Mutex` (`withLock` lends the
/// value `inout` while the lock is held; values go in and come out as `sending`, so the box is
/// `Sendable` whatever it holds, as `Mutex` is) and of swift-nio's `NIOLockedValueBox`. Every
/// module of Flipbook that shares mutable state between threads holds it in one of these,
/// rather than a lock beside a `var`, so there is one place to read how the locking works and
/// one unchecked conformance for it (docs/Reliability.md, "One lock type").
///
/// Why not `Mutex` itself: it is available from macOS 15 while the package supports macOS 14,
/// and on Linux it waits on futexes, which ThreadSanitizer does not see: with Swift 6.3 a
/// four-thread program that updates a dictionary under a `Mutex` and ends correct is reported
/// as racing, so `make test-sanitizers` would drown a real race among false ones. `NSLock` is
/// a pthread mutex, which ThreadSanitizer understands. The spelling is `Mutex`'s, so moving to
/// it later is a change of this file only.
///
/// The lock is not recursive: `body` must not call `withLock` on the same box again (it would
/// deadlock). Work that may call back into the owner (handlers, deinits of removed values) is
/// returned out of `body` and done after the lock is let go.
package final class LockedValue<Value>: @unchecked Sendable {  // @unchecked: `value` is only touched inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ initialValue: sending Value) { value = initialValue }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// `withLock` without `sending`: `body` may store, or hand out, values that are not
    /// `Sendable` and that other threads reach through the box. The lock keeps the box's own
    /// value consistent; what those objects do on other threads is the caller's to justify,
    /// next to each call (the Objective-C runtime's stand-ins share objects of any type across
    /// threads by definition, as Apple's do). Prefer `withLock`; `grep withLockUnchecked`
    /// lists every use.
    package func withLockUnchecked<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension LockedValue where Value: Sendable {
    /// A copy of the value, read under the lock.
    package var current: Value { withLock { $0 } }

    /// Replaces the value under the lock; returns the one it replaced.
    @discardableResult
    package func exchange(_ newValue: Value) -> Value {
        withLock { value in
            let old = value
            value = newValue
            return old
        }
    }
}
