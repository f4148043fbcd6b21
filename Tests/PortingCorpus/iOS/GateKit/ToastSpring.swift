//
//  ToastSpring.swift
//  GateKit
//

#if canImport(QuartzCore)
import QuartzCore

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
