import Foundation
import Testing

import FlipbookGeometry

/// The `os` module's unfair lock on Linux (Sources/FlipbookGeometry/OSUnfairLock.swift), used as
/// iOS code uses it: a `var` passed by address.
@Suite struct OSUnfairLockTests {
    /// A new lock is free; a held one refuses `trylock` (it is not recursive); unlocked, it is
    /// free again.
    @Test func trylockSeesWhetherTheLockIsHeld() {
        var lock = os_unfair_lock()
        #expect(os_unfair_lock_trylock(&lock))
        #expect(!os_unfair_lock_trylock(&lock))
        os_unfair_lock_unlock(&lock)
        os_unfair_lock_lock(&lock)
        #expect(!os_unfair_lock_trylock(&lock))
        os_unfair_lock_unlock(&lock)
        #expect(os_unfair_lock_trylock(&lock))
        os_unfair_lock_unlock(&lock)
    }

    /// Two threads adding under the lock lose no increment.
    @Test func itExcludesOtherThreads() {
        final class Counter: @unchecked Sendable {  // every access holds `lock`
            var lock = os_unfair_lock()
            var value = 0
            func add(_ times: Int) {
                for _ in 0..<times {
                    os_unfair_lock_lock(&lock)
                    value += 1
                    os_unfair_lock_unlock(&lock)
                }
            }
        }
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in counter.add(20_000) }
        #expect(counter.value == 80_000)
    }
}
