import Foundation

#if !canImport(os)
// The `os` module's unfair lock, which iOS code keeps for small critical sections (a spring
// animator's state read from a display link). Linux has no `os` module; `flipbook port` gates
// the import (`#if canImport(os)`) and these take its place, with the C API's shape: a value
// type the caller stores in a `var` and passes by address (`os_unfair_lock_lock(&lock)`).
// Underneath is a default POSIX mutex, whose all-zero bytes are its initial state on Linux, so
// `os_unfair_lock()` is a valid unlocked lock, as on Darwin. Like Darwin's, the lock must stay
// at one address while held; unlocking from a thread that does not hold it is undefined.

/// The `os` module's `os_unfair_lock_s`: an unlocked lock when made with `init()`.
public struct os_unfair_lock_s {
    fileprivate var mutex = pthread_mutex_t()
    public init() {}
}

/// The `os` module's name for the lock's value type.
public typealias os_unfair_lock = os_unfair_lock_s
/// The `os` module's pointer to a lock, which every function takes.
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

private func mutex(_ lock: os_unfair_lock_t) -> UnsafeMutablePointer<pthread_mutex_t> {
    // The mutex is the struct's only stored property, at offset 0.
    UnsafeMutableRawPointer(lock).assumingMemoryBound(to: pthread_mutex_t.self)
}

/// Waits for the lock and takes it.
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
    pthread_mutex_lock(mutex(lock))
}

/// Takes the lock when it is free; false when another thread holds it.
public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
    pthread_mutex_trylock(mutex(lock)) == 0
}

/// Gives the lock back.
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
    pthread_mutex_unlock(mutex(lock))
}
#endif
