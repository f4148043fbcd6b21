import Foundation

// Key-value observing as Foundation has it on Apple platforms (`observe(_:options:changeHandler:)`),
// for the properties transition code follows: Linux has no Objective-C runtime to swizzle
// setters, so the observable properties' setters announce their changes themselves
// (docs/API-Status.md, "Key-value observing"; docs/Divergences.md, "Key-value observing").

/// What an observation reports, Foundation's `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The change carries the value after the change.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the value before the change.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// The handler also runs once at registration, with the current value.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// The handler also runs before each change (`isPrior` true).
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change, Foundation's `NSKeyValueChange` (Apple's raw values).
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion, removal, replacement
}

/// One change of an observed property, Foundation's `NSKeyValueObservedChange`.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// The value after the change, with `.new` (nil in a prior notification).
    public let newValue: Value?
    /// The value before the change, with `.old`.
    public let oldValue: Value?
    /// The indexes of a to-many change (never: Flipbook observes values only).
    public let indexes: IndexSet?
    /// True in the notification sent before the change (`.prior`).
    public let isPrior: Bool
}

/// The token of an observation, Foundation's `NSKeyValueObservation`: the handler runs until
/// `invalidate()` is called or the token is deallocated.
@preconcurrency @MainActor
public final class NSKeyValueObservation: NSObject {
    private var stop: (() -> Void)?

    init(stop: (() -> Void)?) { self.stop = stop }

    /// Stops the observation; later changes do not reach the handler. Idempotent.
    public func invalidate() {
        stop?()
        stop = nil
    }

    isolated deinit { invalidate() }
}

/// Foundation's protocol behind `observe(_:options:changeHandler:)`; `NSObject` conforms.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Observing a property Flipbook cannot watch (it has no Objective-C runtime to intercept
    /// setters): reported once, and the handler only runs for `.initial`.
    @preconcurrency @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        FlipbookDiagnostics.report(
            "observe(\(keyPath)): key-value observing is not available for this property in Flipbook; the handler will "
                + "not run on changes. Observable: frame, bounds, center, transform, alpha, isHidden, safeAreaInsets on views; "
                + "contentOffset, contentSize, contentInset on scroll views; CALayer's animatable properties.",
            once: "kvo.unsupported.\(Self.self).\(keyPath)")
        if options.contains(.initial) {
            changeHandler(self, .init(kind: .setting, newValue: options.contains(.new) ? self[keyPath: keyPath] : nil,
                                      oldValue: nil, indexes: nil, isPrior: false))
        }
        return NSKeyValueObservation(stop: nil)
    }
}

/// The observations registered on one object, by key: the setters of observable properties
/// call `willChange` before storing and `didChange` after, as KVO's generated setters do.
@preconcurrency @MainActor
package final class KeyValueObservers {
    private struct Entry {
        let id: Int
        let key: String
        let willChange: () -> Void
        let didChange: () -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0

    package init() {}

    package func willChange(_ key: String) {
        for entry in entries where entry.key == key { entry.willChange() }
    }

    package func didChange(_ key: String) {
        for entry in entries where entry.key == key { entry.didChange() }
    }

    /// Adds a pair of announcement handlers for `key`; the id removes them (`remove(_:)`).
    package func add(key: String, willChange: @escaping () -> Void, didChange: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, key: key, willChange: willChange, didChange: didChange))
        return id
    }

    /// Removes the handlers `add` returned `id` for (nothing when already removed).
    package func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
    }

    /// The string-key registrations (`addObserver(_:forKeyPath:options:context:)`) made on the
    /// object, oldest first (KeyValueObserving+StringKeys.swift).
    package var stringKeyRegistrations: [StringKeyRegistration] = []

    /// Registers an observation of `keyPath` (announced as `key`) on `object`: the handler gets
    /// the object and the change, synchronously inside the setter, once per set.
    package func observe<Object: AnyObject, Value>(
        _ object: Object, key: String, keyPath: KeyPath<Object, Value>, options: NSKeyValueObservingOptions,
        handler: @escaping (Object, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        weak var weakObject = object
        var before: Value?
        let id = add(
            key: key,
            willChange: {
                guard let object = weakObject else { return }
                let old = object[keyPath: keyPath]
                before = old
                if options.contains(.prior) {
                    handler(object, .init(kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil,
                                          indexes: nil, isPrior: true))
                }
            },
            didChange: {
                guard let object = weakObject else { return }
                let old = before
                before = nil
                handler(object, .init(kind: .setting, newValue: options.contains(.new) ? object[keyPath: keyPath] : nil,
                                      oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
            })
        if options.contains(.initial) {
            handler(object, .init(kind: .setting, newValue: options.contains(.new) ? object[keyPath: keyPath] : nil,
                                  oldValue: nil, indexes: nil, isPrior: false))
        }
        return NSKeyValueObservation { [weak self] in self?.remove(id) }
    }
}

extension _KeyValueCodingAndObserving where Self: CALayer {
    /// Observes one of the layer's animatable stored properties (`bounds`, `position`,
    /// `transform`, `opacity`, `isHidden`, `cornerRadius`, …): the handler runs synchronously
    /// after each set of the model value, once per set, as KVO does. Presentation values
    /// (animations) do not notify, as on iOS.
    @preconcurrency @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard let key = CALayer.observedKey(of: keyPath, root: Self.self) else {
            return unsupportedObservation(keyPath, options: options, changeHandler: changeHandler)
        }
        let observers = keyValueObservers ?? KeyValueObservers()
        keyValueObservers = observers
        return observers.observe(self, key: key, keyPath: keyPath, options: options, handler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving {
    /// The general `observe`, for a key path the more specific overloads do not know.
    @preconcurrency @MainActor
    package func unsupportedObservation<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions,
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        observe(keyPath, options: options, changeHandler: changeHandler)
    }
}
