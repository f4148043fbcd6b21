import Foundation

// Key-value observing by string key, as Foundation has it on Apple platforms and older iOS code
// uses it: `view.addObserver(self, forKeyPath: "frame", options: .new, context: &ctx)`, the
// changes arriving in an override of `observeValue(forKeyPath:of:change:context:)`. Foundation on
// Linux has none of it. Here the same announcements as block KVO (KeyValueObserving.swift) reach
// the observer through `FlipbookKeyValueObserver`, the protocol an overriding class conforms to
// instead (`flipbook port` makes that edit); docs/API-Status.md and docs/Divergences.md,
// "Key-value observing by string key".

/// The keys of a key-value observing change dictionary, Foundation's `NSKeyValueChangeKey`
/// (Apple's raw values).
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The kind of change: an `NSNumber` holding an `NSKeyValueChange` raw value (always
    /// `.setting`, 1, in Flipbook, which observes properties, not collections).
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    /// The value after the change (with `.new`; not in a prior notification).
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    /// The value before the change (with `.old`; not in an initial notification).
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    /// The indexes of a to-many change (never present in Flipbook).
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    /// `NSNumber(true)` in the notification sent before a change (`.prior`).
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// An object that receives string-key observations (`addObserver(_:forKeyPath:options:context:)`).
///
/// On iOS the observer overrides `NSObject.observeValue(forKeyPath:of:change:context:)`;
/// Foundation on Linux has no such method to override, so an observer declares this conformance
/// and implements the same method without `override` (and without the `super` call, which on iOS
/// only raises for an unexpected context). `flipbook port` makes that edit.
@preconcurrency @MainActor
public protocol FlipbookKeyValueObserver: AnyObject {
    /// Called synchronously inside the setter of an observed property, once per set (and at
    /// registration with `.initial`, before the change with `.prior`). `object` is the object
    /// `addObserver` was called on, `keyPath` the string it was given, `context` the pointer
    /// given at registration. `change` holds `.kindKey`, and `.newKey`/`.oldKey` as the options
    /// asked: structs as `NSValue`, numbers and booleans as `NSNumber`, nil as `NSNull`.
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?)
}

/// An object whose setters announce changes under string keys (CALayer, UIView).
@preconcurrency @MainActor
package protocol StringKeyObservable: AnyObject {
    /// The registry the setters announce to (created on the first observation).
    var keyValueObservers: KeyValueObservers? { get set }
    /// The key the setters announce for the observed key path `keyPath`, else nil.
    func announcedKey(forObservedKeyPath keyPath: String) -> String?
    /// The current value of an announced key, boxed as key-value coding gives it on iOS
    /// (`NSValue`, `NSNumber`, the object itself; nil for nil).
    func observedValue(forAnnouncedKey key: String) -> Any?
    /// A hint naming what can be observed, for reports ("frame, bounds, …").
    var observableKeysHint: String { get }
}

/// One string-key registration: who observes which key path of which object, with what.
@preconcurrency @MainActor
package final class StringKeyRegistration {
    /// Held weakly (iOS holds it unretained): a deallocated observer is skipped.
    weak var observer: NSObject?
    /// The observer's identity, to match a removal made from its `deinit` (where the weak
    /// reference already reads nil).
    let observerID: ObjectIdentifier
    let keyPath: String
    let context: UnsafeMutableRawPointer?
    let options: NSKeyValueObservingOptions
    /// The id of the announcement handlers in the object's registry.
    var entryID = 0
    /// The old values of the sets in progress, innermost last (a setter can run inside a
    /// callback of the same key).
    var pending: [Any] = []

    init(observer: NSObject, keyPath: String, context: UnsafeMutableRawPointer?, options: NSKeyValueObservingOptions) {
        self.observer = observer
        observerID = ObjectIdentifier(observer)
        self.keyPath = keyPath
        self.context = context
        self.options = options
    }

    /// `.kindKey`'s value: `NSKeyValueChange.setting` as an `NSNumber`, as Foundation gives it.
    static let setting = NSNumber(value: NSKeyValueChange.setting.rawValue)

    /// The current value of `key`, `NSNull` for nil (as in Foundation's change dictionaries).
    static func value(of key: String, in target: StringKeyObservable) -> Any {
        target.observedValue(forAnnouncedKey: key) ?? NSNull()
    }

    /// Before a set: keeps the old value; with `.prior`, tells the observer.
    func willChange(_ key: String, of target: StringKeyObservable) {
        let old = options.contains(.old) ? Self.value(of: key, in: target) : NSNull()
        pending.append(old)
        guard options.contains(.prior) else { return }
        var change: [NSKeyValueChangeKey: Any] = [
            .kindKey: Self.setting, .notificationIsPriorKey: NSNumber(value: true),
        ]
        if options.contains(.old) { change[.oldKey] = old }
        deliver(change, of: target)
    }

    /// After a set: tells the observer, with the values the options ask for.
    func didChange(_ key: String, of target: StringKeyObservable) {
        guard let old = pending.popLast() else { return }
        var change: [NSKeyValueChangeKey: Any] = [.kindKey: Self.setting]
        if options.contains(.new) { change[.newKey] = Self.value(of: key, in: target) }
        if options.contains(.old) { change[.oldKey] = old }
        deliver(change, of: target)
    }

    /// Hands `change` to the observer, if it is still there and conforms.
    func deliver(_ change: [NSKeyValueChangeKey: Any], of object: AnyObject) {
        guard let observer else { return }
        (observer as? FlipbookKeyValueObserver)?.observeValue(
            forKeyPath: keyPath, of: object, change: change, context: context)
    }
}

extension NSObject {
    /// Registers `observer` to receive `observeValue(forKeyPath:of:change:context:)` (through its
    /// `FlipbookKeyValueObserver` conformance) on each set of `keyPath` on this object,
    /// Foundation's key-value observing by string key.
    ///
    /// Observable: `frame`, `bounds`, `center`, `transform`, `alpha`, `hidden` on views;
    /// `contentOffset`, `contentSize`, `contentInset`, `panGestureRecognizer.state` on scroll views; CALayer's animatable
    /// properties by their key-value coding names (`position`, `opacity`, `hidden`, …) and a
    /// layer's custom keys. Other key paths and objects are reported once and not observed.
    /// The observer is not retained. Registering the same observer twice delivers twice, as
    /// Foundation does.
    @preconcurrency @MainActor
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) {
        guard let target = self as? StringKeyObservable else {
            FlipbookDiagnostics.report(
                "addObserver(_:forKeyPath: \"\(keyPath)\"): \(type(of: self)) is not key-value observable in Flipbook "
                    + "(there is no Objective-C runtime to intercept its setters); \(type(of: observer)) will not be "
                    + "told of changes. Observable: views, scroll views and layers "
                    + "(docs/API-Status.md, \"Key-value observing by string key\").",
                once: "kvo.string.receiver.\(type(of: self)).\(keyPath)")
            return
        }
        guard let key = target.announcedKey(forObservedKeyPath: keyPath) else {
            FlipbookDiagnostics.report(
                "addObserver(_:forKeyPath: \"\(keyPath)\"): \"\(keyPath)\" is not key-value observable on "
                    + "\(type(of: self)) in Flipbook; \(type(of: observer)) will not be told of changes. "
                    + "Observable: \(target.observableKeysHint)."
                    + (keyPath == "isHidden"
                        ? " The key is \"hidden\" (on iOS, observing \"isHidden\" never fires)." : ""),
                once: "kvo.string.key.\(type(of: self)).\(keyPath)")
            return
        }
        if !(observer is FlipbookKeyValueObserver) {
            FlipbookDiagnostics.report(
                "addObserver(\(type(of: observer)), forKeyPath: \"\(keyPath)\"): \(type(of: observer)) "
                    + "does not conform to FlipbookKeyValueObserver, so no change can reach it: "
                    + "declare the conformance "
                    + "(`extension \(type(of: observer)): FlipbookKeyValueObserver {}`) and implement "
                    + "observeValue(forKeyPath:of:change:context:) without `override`, as `flipbook port` does.",
                once: "kvo.string.observer.\(type(of: observer))")
        }
        let observers = target.keyValueObservers ?? KeyValueObservers()
        target.keyValueObservers = observers
        observers.dropDeallocatedStringKeyObservers()
        let registration = StringKeyRegistration(
            observer: observer, keyPath: keyPath, context: context, options: options)
        registration.entryID = observers.add(
            key: key,
            willChange: { [weak target, registration] in
                if let target { registration.willChange(key, of: target) }
            },
            didChange: { [weak target, registration] in
                if let target { registration.didChange(key, of: target) }
            })
        observers.stringKeyRegistrations.append(registration)
        if options.contains(.initial) {
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: StringKeyRegistration.setting]
            if options.contains(.new) { change[.newKey] = StringKeyRegistration.value(of: key, in: target) }
            registration.deliver(change, of: target)
        }
    }

    /// Removes the most recent registration of `observer` for `keyPath` made with `context`
    /// (Foundation's `removeObserver(_:forKeyPath:context:)`). Removing a registration that
    /// does not exist is reported (iOS raises an exception) and does nothing.
    @preconcurrency @MainActor
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        removeStringKeyRegistration(observer, keyPath: keyPath, context: .some(context))
    }

    /// Removes the most recent registration of `observer` for `keyPath`, whatever its context
    /// (Foundation's `removeObserver(_:forKeyPath:)`). Removing a registration that does not
    /// exist is reported (iOS raises an exception) and does nothing.
    @preconcurrency @MainActor
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        removeStringKeyRegistration(observer, keyPath: keyPath, context: nil)
    }

    /// `context` nil: any context; `.some(pointer)`: that one.
    @preconcurrency @MainActor
    private func removeStringKeyRegistration(
        _ observer: NSObject, keyPath: String, context: UnsafeMutableRawPointer??
    ) {
        // An object or key Flipbook cannot observe was reported when it was registered, and
        // nothing was registered: its removal is silent.
        guard let target = self as? StringKeyObservable, target.announcedKey(forObservedKeyPath: keyPath) != nil else {
            return
        }
        let observers = target.keyValueObservers
        func matches(_ registration: StringKeyRegistration) -> Bool {
            guard registration.keyPath == keyPath else { return false }
            guard let context else { return true }
            return registration.context == context
        }
        // The observer's live registration; else one whose observer is being deallocated (a
        // removal from the observer's deinit, the usual place for it).
        let registrations = observers?.stringKeyRegistrations ?? []
        let id = ObjectIdentifier(observer)
        let match =
            registrations.lastIndex { $0.observer === observer && matches($0) }
            ?? registrations.lastIndex { $0.observer == nil && $0.observerID == id && matches($0) }
        guard let observers, let match else {
            var contextText = ""
            if let context { contextText = ", context: " + (context.map { String(describing: $0) } ?? "nil") }
            FlipbookDiagnostics.report(
                "removeObserver(\(type(of: observer)), forKeyPath: \"\(keyPath)\"\(contextText)): "
                    + "cannot remove an observer of \"\(keyPath)\" on \(type(of: self)) because it is not "
                    + "registered as one (iOS raises NSRangeException here); ignored.",
                once: "kvo.string.remove.\(type(of: self)).\(type(of: observer)).\(keyPath)")
            return
        }
        let registration = observers.stringKeyRegistrations.remove(at: match)
        observers.remove(registration.entryID)
        observers.dropDeallocatedStringKeyObservers()
    }
}

extension KeyValueObservers {
    /// Forgets the registrations whose observer is gone (they are skipped until then).
    func dropDeallocatedStringKeyObservers() {
        let dead = stringKeyRegistrations.filter { $0.observer == nil }
        guard !dead.isEmpty else { return }
        stringKeyRegistrations.removeAll { $0.observer == nil }
        for registration in dead { remove(registration.entryID) }
    }
}

extension CALayer: StringKeyObservable {
    /// The properties whose setters announce changes (CALayer.swift), by key-value coding name.
    private static let announcedKeys: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "opacity", "hidden", "masksToBounds", "cornerRadius", "borderWidth", "borderColor", "backgroundColor",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contents", "contentsRect",
        "contentsCenter", "rasterizationScale",
    ]

    package func announcedKey(forObservedKeyPath keyPath: String) -> String? {
        if Self.announcedKeys.contains(keyPath) { return keyPath }
        // A custom key (a subclass's `@NSManaged` property, stored with setValue(_:forKey:)),
        // which CALayer+CustomKeys.swift announces; not a dotted path, not a subclass's own
        // property (CATextLayer's fontSize, …), whose setter does not announce.
        if case .custom(let name) = LayerKey(keyPath), !name.contains("."), customAnimatableValue(forKey: name) == nil {
            return name
        }
        return nil
    }

    package func observedValue(forAnnouncedKey key: String) -> Any? {
        if key == "hidden" { return NSNumber(value: isHidden) }
        if key == "masksToBounds" { return NSNumber(value: masksToBounds) }
        return value(forKey: key)
    }

    package var observableKeysHint: String {
        "CALayer's animatable properties by their key-value coding names ("
            + Self.announcedKeys.sorted().joined(separator: ", ") + ") and custom keys"
    }
}
