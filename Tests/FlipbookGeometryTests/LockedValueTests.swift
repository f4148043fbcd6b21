import Foundation
import Testing
import FlipbookGeometry

/// `LockedValue`, the one lock type every module shares state through.
@Suite struct LockedValueTests {
    /// Read-modify-writes from many threads at once lose none of them.
    @Test func concurrentUpdatesAreNotLost() {
        let counts = LockedValue<[String: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<2_000 {
                counts.withLock { $0["k\(i % 5)", default: 0] += 1 }
            }
            _ = worker
        }
        #expect(counts.current.values.reduce(0, +) == 16_000)
        #expect(counts.current.count == 5)
    }

    /// `withLock` returns what its body returns, and rethrows its error with the value as the
    /// body left it (a throw does not undo the changes made before it).
    @Test func withLockReturnsAndRethrows() {
        struct Stop: Error {}
        let value = LockedValue(1)
        #expect(value.withLock { v -> Int in v += 1; return v * 10 } == 20)
        #expect(throws: Stop.self) {
            try value.withLock { v in
                v = 7
                throw Stop()
            }
        }
        #expect(value.current == 7)
        // The lock was let go by the throw: taking it again does not wait forever.
        #expect(value.exchange(9) == 7)
        #expect(value.current == 9)
    }

    /// A value that is not Sendable itself is shared through the box, as `Mutex` allows.
    @Test func holdsValuesThatAreNotSendable() {
        final class Tally { var n = 0 }
        let box = LockedValue(Tally())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 { box.withLock { $0.n += 1 } }
        }
        #expect(box.withLock { $0.n } == 4_000)
    }
}
