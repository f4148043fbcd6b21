import Foundation

// NotificationCenter's and Timer's target-selector forms, with the selector written as a closure
// as everywhere in Flipbook (docs/Porting.md: `#selector(keyboardWillShow(_:))` becomes
// `{ $0.keyboardWillShow($1) }`). Linux's Foundation only has the block forms.

extension NotificationCenter {
    /// `addObserver(self, selector: #selector(handle(_:)), name:object:)` ported: `selector`
    /// receives the observer and the notification, synchronously on the posting thread (the main
    /// thread in Flipbook). The observer is held weakly, as since iOS 9, and its registrations
    /// end when it is deallocated or with `removeObserver(_:)`.
    @preconcurrency @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping @MainActor (Observer, Notification) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) {
        let call = MainThreadCall { [weak observer] (notification: Notification) -> Bool in
            guard let observer else { return false }
            selector(observer, notification)
            return true
        }
        let box = TokenBox()
        box.token = addObserver(forName: aName, object: anObject, queue: nil) { [weak self] notification in
            if !call.run(notification), let token = box.token { self?.removeObserver(token) }
        }
        if let token = box.token { registrations.add(observer: observer, token: token, name: aName, object: anObject) }
    }

    /// `addObserver(self, selector: #selector(handle), name:object:)` ported: `selector` receives
    /// the observer only.
    @preconcurrency @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping @MainActor (Observer) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) {
        addObserver(observer, selector: { observer, _ in selector(observer) }, name: aName, object: anObject)
    }

    /// Removes every registration of `observer`: those made with a selector closure, and
    /// Foundation's.
    public func removeObserver(_ observer: AnyObject) {
        for token in registrations.remove(observer: observer, name: nil, object: nil) { removeObserver(token as Any) }
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s registrations for `aName` (nil: any) and `anObject` (nil: any).
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        for token in registrations.remove(observer: observer, name: aName, object: anObject) {
            removeObserver(token as Any)
        }
        removeObserver(observer as Any, name: aName, object: anObject)
    }

    /// This center's selector-closure registrations, kept as an associated object of the center.
    private var registrations: SelectorRegistrations {
        if let table = objc_getAssociatedObject(self, &SelectorRegistrations.key) as? SelectorRegistrations { return table }
        let table = SelectorRegistrations()
        objc_setAssociatedObject(self, &SelectorRegistrations.key, table, .OBJC_ASSOCIATION_RETAIN)
        return table
    }
}

/// The block-observer tokens that `addObserver(_:selector:name:object:)` made, by observer.
// @unchecked: `registrations` is only touched under `lock` (observers may be added from any thread).
private final class SelectorRegistrations: @unchecked Sendable {
    nonisolated(unsafe) static var key: UInt8 = 0

    private struct Registration {
        weak var observer: AnyObject?
        let token: NSObjectProtocol
        let name: NSNotification.Name?
        let object: AnyObject?
    }

    private let lock = NSLock()
    private var registrations: [Registration] = []

    func add(observer: AnyObject, token: NSObjectProtocol, name: NSNotification.Name?, object: Any?) {
        lock.withLock {
            registrations.removeAll { $0.observer == nil }
            registrations.append(Registration(observer: observer, token: token, name: name, object: object as AnyObject?))
        }
    }

    /// Removes and returns the tokens of `observer` matching `name` and `object` (nil matches any).
    func remove(observer: AnyObject, name: NSNotification.Name?, object: Any?) -> [NSObjectProtocol] {
        let object = object as AnyObject?
        return lock.withLock {
            var removed: [NSObjectProtocol] = []
            registrations.removeAll { r in
                guard r.observer === observer, name == nil || r.name == name, object == nil || r.object === object
                else { return r.observer == nil }
                removed.append(r.token)
                return true
            }
            return removed
        }
    }
}

extension Timer {
    /// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` ported: `selector`
    /// receives the target and the timer. As on iOS the timer holds its target strongly until it
    /// is invalidated. Timers run on the wall clock, not on `MediaClock` (docs/Porting.md);
    /// a non-nil `userInfo` is reported: Linux's block timers have none.
    @preconcurrency @MainActor
    public class func scheduledTimer<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target, Timer) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) -> Timer {
        let timer = Timer(timeInterval: ti, target: aTarget, selector: selector, userInfo: userInfo, repeats: yesOrNo)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// `Timer(timeInterval:target:selector:userInfo:repeats:)` ported (add it to a run loop).
    @preconcurrency @MainActor
    public convenience init<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target, Timer) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) {
        let call = MainThreadCall { (timer: Timer) -> Bool in
            selector(aTarget, timer)
            return true
        }
        self.init(fire: Date(timeIntervalSinceNow: ti), interval: ti, repeats: yesOrNo) { timer in _ = call.run(timer) }
        if userInfo != nil {
            FlipbookDiagnostics.report(
                "Timer(timeInterval:target:selector:userInfo:repeats:): userInfo is not kept on Linux's block timers.",
                once: "Timer.userInfo")
        }
    }
}

/// A main-actor callback that Foundation calls from a plain block: run at once on the main
/// thread (where Flipbook posts and runs its timers); from another thread, reported and skipped.
private final class MainThreadCall<Argument>: @unchecked Sendable {
    @preconcurrency private let body: @MainActor (Argument) -> Bool

    @preconcurrency init(_ body: @escaping @MainActor (Argument) -> Bool) { self.body = body }

    /// False when the callback's owner is gone.
    func run(_ argument: Argument) -> Bool {
        guard MainQueue.isCurrent else {
            FlipbookDiagnostics.reportFromAnyContext(
                "A notification or timer callback ran off the main thread; Flipbook only runs them on the main thread.")
            return true
        }
        let transfer = UnsafeTransfer(value: argument)
        return MainActor.assumeIsolated { body(transfer.value) }
    }
}

/// Carries a value into a closure that Swift cannot prove stays on one thread.
private struct UnsafeTransfer<Value>: @unchecked Sendable { let value: Value }

/// The token of a block observer, set after the block that needs it was made.
// @unchecked: `stored` is only touched under `lock` (the block may run on a posting thread).
private final class TokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: NSObjectProtocol?
    var token: NSObjectProtocol? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
