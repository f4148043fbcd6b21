//
//  CALayer+Capture.swift
//  MatchKit
//
//  Records the animations UIKit adds while a block runs, so that MatchKit can give them its own
//  curve: `add(_:forKey:)` is swapped once with `matchKit_add(_:forKey:)`.
//

#if canImport(UIKit)
import UIKit

extension CALayer {
    /// The animations added since `capture` started, or nil when nothing is capturing.
    static var captured: [(layer: CALayer, key: String, animation: CAAnimation)]? = {
        let swap: (AnyClass, Selector, Selector) -> Void = { cls, original, replacement in
            if let a = class_getInstanceMethod(cls, original), let b = class_getInstanceMethod(cls, replacement) {
                method_exchangeImplementations(a, b)
            }
        }
        // Once, on first use.
        swap(CALayer.self, #selector(add(_:forKey:)), #selector(matchKit_add(_:forKey:)))
        return nil
    }()

    @objc dynamic func matchKit_add(_ anim: CAAnimation, forKey key: String?) {
        if let key = key, CALayer.captured != nil, let copy = anim.copy() as? CAAnimation {
            CALayer.captured?.append((self, key, copy))
        }
        // After the swap this is Core Animation's add.
        matchKit_add(anim, forKey: key)
    }

    /// Runs `animations` in a UIView animation block and returns what it added to layers.
    static func capture(duration: TimeInterval, _ animations: @escaping () -> Void) -> [(layer: CALayer, key: String, animation: CAAnimation)] {
        CALayer.captured = []
        UIView.animate(withDuration: duration, animations: animations)
        let added = CALayer.captured ?? []
        CALayer.captured = nil
        return added
    }
}
#endif
