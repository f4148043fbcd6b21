import Foundation
import FlipbookGeometry

/// The Objective-C runtime's `@synchronized` lock, which Swift code on iOS takes on any object
/// with `objc_sync_enter(self); defer { objc_sync_exit(self) }` (a class's `once` helper, a
/// cache guarded by its owner). Linux has no Objective-C runtime; these give the same lock:
/// one recursive lock per object (a class object for a metatype), taken again by the thread
/// that holds it without blocking. An object's lock is forgotten when no thread holds or waits
/// for it. A value that is not an object is boxed anew on every call, so it excludes nothing,
/// as on iOS, where Swift boxes it the same way.

/// `objc_sync_enter`/`objc_sync_exit` succeeded.
public let OBJC_SYNC_SUCCESS: Int32 = 0
/// `objc_sync_exit` from a thread that does not hold the object's lock.
public let OBJC_SYNC_NOT_OWNING_THREAD_ERROR: Int32 = -1

/// Takes `obj`'s recursive lock, waiting while another thread holds it.
@discardableResult
public func objc_sync_enter(_ obj: Any) -> Int32 {
    ObjCSync.enter(ObjCSync.key(obj))
    return OBJC_SYNC_SUCCESS
}

/// Lets go of `obj`'s lock once; `OBJC_SYNC_NOT_OWNING_THREAD_ERROR` (and nothing else) when
/// this thread does not hold it.
@discardableResult
public func objc_sync_exit(_ obj: Any) -> Int32 {
    ObjCSync.exit(ObjCSync.key(obj)) ? OBJC_SYNC_SUCCESS : OBJC_SYNC_NOT_OWNING_THREAD_ERROR
}

/// The table of locks by object identity (docs/ARCHITECTURE.md, "Global state").
enum ObjCSync {
    /// One object's lock: a recursive pthread mutex, and how many threads hold or wait for it.
    // @unchecked: the pthread mutex is thread-safe by itself; `users` is read and written only inside
    // `table.withLockUnchecked`. `LockedValue` cannot stand in for the mutex: `@synchronized` must be
    // recursive and held across calls (enter, then exit later), which a `withLock` body cannot express.
    final class Entry: @unchecked Sendable {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        var users = 0

        init() {
            mutex = .allocate(capacity: 1)
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }
    }

    static let table = LockedValue<[ObjectIdentifier: Entry]>([:])

    static func key(_ obj: Any) -> ObjectIdentifier {
        if let type = obj as? Any.Type { return ObjectIdentifier(type) }
        return ObjectIdentifier(obj as AnyObject)
    }

    static func enter(_ key: ObjectIdentifier) {
        let entry = table.withLockUnchecked { table in
            let entry = table[key] ?? Entry()
            table[key] = entry
            entry.users += 1
            return entry
        }
        pthread_mutex_lock(entry.mutex)
    }

    static func exit(_ key: ObjectIdentifier) -> Bool {
        guard let entry = table.withLockUnchecked({ $0[key] }) else { return false }
        // A recursive mutex refuses (EPERM) an unlock from a thread that does not hold it.
        guard pthread_mutex_unlock(entry.mutex) == 0 else { return false }
        table.withLockUnchecked { table in
            entry.users -= 1
            if entry.users == 0 { table[key] = nil }
        }
        return true
    }
}
