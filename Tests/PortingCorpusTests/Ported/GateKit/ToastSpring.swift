//
//  ToastSpring.swift
//  GateKit
//

#if canImport(QuartzCore) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The pop of a badge's icon: a spring on the layer's scale.
enum ToastSpring {
    static func pop() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.4
        spring.toValue = 1
        spring.damping = 9
        spring.stiffness = 220
        spring.duration = spring.settlingDuration
        return spring
    }
}
#endif
