import Foundation
import FlipbookQuartz

// Key-value observing of views and scroll views (FlipbookQuartz/KeyValueObserving.swift has the
// mechanism): the properties transition code follows, announced by their setters.

extension UIView {
    /// The observing name of `keyPath` when the view's setters announce it, else nil.
    static func observedKey<Root: UIView>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {
        if keyPath == \Root.frame as AnyKeyPath { return "frame" }
        if keyPath == \Root.bounds as AnyKeyPath { return "bounds" }
        if keyPath == \Root.center as AnyKeyPath { return "center" }
        if keyPath == \Root.transform as AnyKeyPath { return "transform" }
        if keyPath == \Root.alpha as AnyKeyPath { return "alpha" }
        if keyPath == \Root.isHidden as AnyKeyPath { return "hidden" }
        if keyPath == \Root.safeAreaInsets as AnyKeyPath { return "safeAreaInsets" }
        return nil
    }

    /// Runs a setter's `change` between the observers' will- and did-change for `key` (each set
    /// is announced, also when the value stays the same, as KVO does).
    func changingObserved(_ key: String, _ change: () -> Void) {
        keyValueObservers?.willChange(key)
        defer { keyValueObservers?.didChange(key) }
        change()
    }
}

extension UIScrollView {
    /// The observing name of `keyPath` when the scroll view's setters announce it, else nil.
    static func observedScrollKey<Root: UIScrollView>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {
        if keyPath == \Root.contentOffset as AnyKeyPath { return "contentOffset" }
        if keyPath == \Root.contentSize as AnyKeyPath { return "contentSize" }
        if keyPath == \Root.contentInset as AnyKeyPath { return "contentInset" }
        return observedKey(of: keyPath, root: root)
    }
}

extension _KeyValueCodingAndObserving where Self: UIView {
    /// Observes `frame`, `bounds`, `center`, `transform`, `alpha` or `isHidden`: the handler runs
    /// synchronously after each set, once per set (also when the value is unchanged), as KVO
    /// does; `.initial` and `.prior` as Foundation's. `safeAreaInsets` is announced when a
    /// layout pass finds it changed, just before `safeAreaInsetsDidChange()`. Other key paths
    /// are reported.
    @preconcurrency @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard let key = UIView.observedKey(of: keyPath, root: Self.self) else {
            return unsupportedObservation(keyPath, options: options, changeHandler: changeHandler)
        }
        return registerObservation(key: key, keyPath: keyPath, options: options, changeHandler: changeHandler)
    }

    @preconcurrency @MainActor
    func registerObservation<Value>(
        key: String, keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions,
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let observers = keyValueObservers ?? KeyValueObservers()
        keyValueObservers = observers
        return observers.observe(self, key: key, keyPath: keyPath, options: options, handler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIScrollView {
    /// Observes `contentOffset` (every scroll: dragging, deceleration, animated and direct
    /// offsets, around `scrollViewDidScroll`), `contentSize`, `contentInset` (when they change),
    /// and the view properties above.
    @preconcurrency @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard let key = UIScrollView.observedScrollKey(of: keyPath, root: Self.self) else {
            return unsupportedObservation(keyPath, options: options, changeHandler: changeHandler)
        }
        return registerObservation(key: key, keyPath: keyPath, options: options, changeHandler: changeHandler)
    }
}
