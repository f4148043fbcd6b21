import FlipbookGeometry
import Foundation

// The Objective-C runtime's associated objects (`objc_setAssociatedObject` …), which iOS code
// uses to hang state on objects it does not own (a transition's interaction controller on a
// view controller, say). Values are kept per object and key; retained values are released when
// the object is deallocated (docs/API-Status.md, "Associated objects").

/// How an associated value is held, the runtime's `objc_AssociationPolicy` (Apple's raw values).
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained: held weakly here, so it reads nil once released (on iOS it dangles).
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// Copied (`NSCopying`) when it can be, else retained.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key` (compared by address), or removes the association
/// when `value` is nil. `object` must be a class instance; anything else is reported and ignored.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    guard let owner = AssociatedObjects.owner(object, "objc_setAssociatedObject") else { return }
    let stored = value.map { AssociatedValue($0, policy: policy) }
    // The previous value is released after the lock is let go: its deinit may use associations.
    let previous = AssociatedObjects.sideTables.withLockUnchecked { AssociatedObjects.table(of: owner, creating: stored != nil, in: &$0)?.set(stored, for: key) }
    withExtendedLifetime(previous) {}
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard let owner = AssociatedObjects.owner(object, "objc_getAssociatedObject") else { return nil }
    return AssociatedObjects.sideTables.withLockUnchecked { AssociatedObjects.table(of: owner, creating: false, in: &$0)?.values[key]?.value }
}

/// Removes every association of `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    guard let owner = AssociatedObjects.owner(object, "objc_removeAssociatedObjects") else { return }
    let removed = AssociatedObjects.sideTables.withLockUnchecked { sideTables -> [UnsafeRawPointer: AssociatedValue]? in
        guard let table = AssociatedObjects.table(of: owner, creating: false, in: &sideTables) else { return nil }
        defer { table.values = [:] }
        return table.values
    }
    withExtendedLifetime(removed) {}
}

/// One associated value as its policy holds it.
struct AssociatedValue {
    private let strong: Any?
    private weak var weak: AnyObject?

    init(_ value: Any, policy: objc_AssociationPolicy) {
        switch policy {
        case .OBJC_ASSOCIATION_ASSIGN:
            if type(of: value) is AnyClass {
                strong = nil
                weak = value as AnyObject
            } else {
                strong = value
            }
        case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
            strong = (value as? NSCopying)?.copy(with: nil) ?? value
        case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
            strong = value
        }
    }

    var value: Any? { strong ?? weak }
}

/// The associations of one object. An object that stores its table itself (`CALayer`,
/// `UIResponder`: `AssociatedObjectsHost`) releases the values when it is deallocated; any other
/// object's table sits in a process-wide side table keyed by identity, holding the object weakly,
/// and is released when a later call finds it, or when the next table is made
/// (docs/Divergences.md, "Associated objects").
package final class AssociatedObjectTable: @unchecked Sendable {  // @unchecked: read and written only under `AssociatedObjects.sideTables`' lock.
    fileprivate var values: [UnsafeRawPointer: AssociatedValue] = [:]
    fileprivate weak var owner: AnyObject?

    fileprivate init(owner: AnyObject) { self.owner = owner }

    /// Stores (or removes) the value for `key`; returns the value it replaces.
    fileprivate func set(_ value: AssociatedValue?, for key: UnsafeRawPointer) -> AssociatedValue? {
        if let value { return values.updateValue(value, forKey: key) }
        return values.removeValue(forKey: key)
    }
}

/// An object that keeps its associated-object table in a stored property, so that the values go
/// with it. The property is only read and written under `AssociatedObjects.sideTables`' lock.
package protocol AssociatedObjectsHost: AnyObject {
    var associatedObjectTable: AssociatedObjectTable? { get set }
}

/// The runtime's associated-object state: the side table for objects that are not hosts
/// (process-wide, as the Objective-C runtime's own table is), whose lock is the one lock of
/// associated objects: it also guards the hosts' `associatedObjectTable` and every table's values.
enum AssociatedObjects {
    /// Tables of objects that are not `AssociatedObjectsHost`s, by identity. Reached through
    /// `withLockUnchecked`: associated values are of any type and any thread may set or read
    /// them, as with the Objective-C runtime; the lock keeps the tables themselves consistent.
    static let sideTables = LockedValue<[ObjectIdentifier: AssociatedObjectTable]>([:])

    static func owner(_ object: Any, _ function: String) -> AnyObject? {
        guard type(of: object) is AnyClass else {
            FlipbookDiagnostics.reportFromAnyContext(
                "\(function): \(type(of: object)) is not a class instance; associated objects need one.",
                once: "\(function).value")
            return nil
        }
        return object as AnyObject
    }

    /// The table of `owner`, made when `creating`; called inside `sideTables.withLockUnchecked`, with its value.
    static func table(
        of owner: AnyObject, creating: Bool, in sideTables: inout [ObjectIdentifier: AssociatedObjectTable]
    ) -> AssociatedObjectTable? {
        if let host = owner as? any AssociatedObjectsHost {
            if let table = host.associatedObjectTable { return table }
            guard creating else { return nil }
            let table = AssociatedObjectTable(owner: owner)
            host.associatedObjectTable = table
            return table
        }
        let id = ObjectIdentifier(owner)
        if let table = sideTables[id] {
            // A table whose object is gone belongs to an earlier object at the same address.
            if table.owner === owner { return table }
            sideTables[id] = nil
        }
        guard creating else { return nil }
        // Tables of objects that are gone are released before a new one is made.
        sideTables = sideTables.filter { $0.value.owner != nil }
        let table = AssociatedObjectTable(owner: owner)
        sideTables[id] = table
        return table
    }
}
