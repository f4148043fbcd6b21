import FlipbookGeometry
import Foundation

// NotificationCenter's and Timer's target-selector forms, with the selector written as a closure
// as everywhere in Flipbook (docs/Porting.md: `#selector(keyboardWillShow(_:))` becomes
// `{ $0.keyboardWillShow($1) }`). Linux's Foundation only has the block forms.

extension NotificationCenter {
    /// `addObserver(self, selector: #selector(handle(_:)), name:object:)` ported: `selector`
    /// receives the observer and the notification, synchronously on the posting thread (the main
    /// thread in Flipbook). The observer is held weakly, as since iOS 9, and its registrations
    /// end when it is deallocated or with `removeObserver(_:)`. Added while an app's runtime is
    /// bound, it hears only that app's notifications and those posted outside every app
    /// (NotificationCenter+Runtime.swift).
    @preconcurrency @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping @MainActor (Observer, Notification) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) {
        let call = MainActorCall { [weak observer] (notification: Notification) -> Bool in
            guard let observer else { return false }
            selector(observer, notification)
            return true
        }
        // The block's own token, set once `addObserver` returned it (the block may run on a
        // posting thread; the token is Foundation's, made to be removed from any thread).
        let box = LockedValue<NSObjectProtocol?>(nil)
        // Scoped to the app it is added in, as the block form (NotificationCenter+Runtime.swift).
        let scope = RuntimeScope.current
        let token = addObserver(forName: aName, object: anObject, queue: nil) { [weak self] notification in
            guard scope.hearsPostsNow else { return }
            if !call.run(notification), let token = box.withLockUnchecked({ $0 }) { self?.removeObserver(token) }
        }
        box.withLockUnchecked { $0 = token }
        registrations.add(observer: observer, token: token, name: aName, object: anObject)
    }

    /// `addObserver(self, selector: #selector(handle), name:object:)` ported: `selector` receives
    /// the observer only.
    @preconcurrency @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping @MainActor (Observer) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) {
        addObserver(observer, selector: { (observer: Observer, _: Notification) in selector(observer) }, name: aName, object: anObject)
    }

    /// `addObserver(self, selector: #selector(handle(_:)), name:object:)` ported, for a method
    /// that takes an `NSNotification` (`func keyboardWillShow(_ n: NSNotification)`, common in
    /// older iOS code): `selector` receives the observer and the notification as an
    /// `NSNotification` with the same name, object and user info.
    @preconcurrency @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping @MainActor (Observer, NSNotification) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) {
        addObserver(
            observer,
            selector: { (observer: Observer, notification: Notification) in
                selector(
                    observer,
                    NSNotification(name: notification.name, object: notification.object, userInfo: notification.userInfo))
            }, name: aName, object: anObject)
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
private final class SelectorRegistrations: Sendable {
    nonisolated(unsafe) static var key: UInt8 = 0  // only its address is used (the association key); never written

    private struct Registration {
        weak var observer: AnyObject?
        let token: NSObjectProtocol
        let name: NSNotification.Name?
        let object: AnyObject?
    }

    /// Observers may be added and removed from any thread. Reached through `withLockUnchecked`:
    /// it lists observers and tokens of any type, as Foundation's own observer table does.
    private let registrations = LockedValue<[Registration]>([])

    func add(observer: AnyObject, token: NSObjectProtocol, name: NSNotification.Name?, object: Any?) {
        let registration = Registration(observer: observer, token: token, name: name, object: object as AnyObject?)
        registrations.withLockUnchecked { registrations in
            registrations.removeAll { $0.observer == nil }
            registrations.append(registration)
        }
    }

    /// Removes and returns the tokens of `observer` matching `name` and `object` (nil matches any).
    func remove(observer: AnyObject, name: NSNotification.Name?, object: Any?) -> [NSObjectProtocol] {
        let object = object as AnyObject?
        return registrations.withLockUnchecked { registrations in
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
    /// receives the target and the timer. The timer runs on the media clock of the app it is
    /// made in (`MediaClock.main` then), not on the wall clock: it first fires `ti` seconds of
    /// media time from now and, when it repeats, every `ti` after that (docs/Porting.md,
    /// "Time"). As on iOS it holds its target strongly until it is invalidated, and its
    /// `userInfo` is `userInfo`.
    @discardableResult
    @preconcurrency @MainActor
    public class func scheduledTimer<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target, Timer) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) -> Timer {
        MediaTimer.start(on: MediaClock.main, interval: ti, repeats: yesOrNo, userInfo: userInfo) { timer in selector(aTarget, timer) }
    }

    /// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` ported, for a
    /// selector without the timer argument (`#selector(tick)`): `selector` receives the target.
    @discardableResult
    @preconcurrency @MainActor
    public class func scheduledTimer<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) -> Timer {
        scheduledTimer(timeInterval: ti, target: aTarget, selector: { target, _ in selector(target) }, userInfo: userInfo, repeats: yesOrNo)
    }

    /// `Timer(timeInterval:target:selector:userInfo:repeats:)` ported. Flipbook's timer runs on
    /// the media clock from the moment it is made, as if it had been added to the main run loop
    /// at once; adding it to a run loop changes nothing (docs/Divergences.md, "Timers").
    @preconcurrency @MainActor
    public convenience init<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target, Timer) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) {
        let action: @MainActor (Timer) -> Void = { timer in selector(aTarget, timer) }
        let interval = MediaTimer.interval(ti)
        let call = MediaTimer.foundationBlock(action)
        self.init(fire: .distantFuture, interval: interval, repeats: yesOrNo) { timer in call(timer) }
        Timer.reportUserInfo(userInfo)
        MediaTimer.attach(self, on: MediaClock.main, interval: interval, repeats: yesOrNo, action: action)
    }

    /// `Timer(timeInterval:target:selector:userInfo:repeats:)` ported, for a selector without
    /// the timer argument: `selector` receives the target.
    @preconcurrency @MainActor
    public convenience init<Target: AnyObject>(
        timeInterval ti: TimeInterval, target aTarget: Target, selector: @escaping @MainActor (Target) -> Void,
        userInfo: Any?, repeats yesOrNo: Bool
    ) {
        self.init(timeInterval: ti, target: aTarget, selector: { target, _ in selector(target) }, userInfo: userInfo, repeats: yesOrNo)
    }

    /// An initialiser cannot make the subclass that keeps `userInfo` (`UserInfoTimer`): reported.
    @MainActor static func reportUserInfo(_ userInfo: Any?) {
        guard userInfo != nil else { return }
        FlipbookDiagnostics.report(
            "Timer(timeInterval:target:selector:userInfo:repeats:): userInfo is not kept by this initialiser on Linux "
                + "(the timer's userInfo is nil); Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:) keeps it.",
            once: "Timer.userInfo")
    }
}
