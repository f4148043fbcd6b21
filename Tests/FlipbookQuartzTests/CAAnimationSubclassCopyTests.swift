import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// A keyframe animation subclass as real code writes one (a spring that computes its own
/// values): it overrides `init()`, declares `init(coder:)` as NSCoding requires, and copies its
/// own properties in `copy(with:)` after `super`'s copy, since Core Animation copies only what
/// it stores. No Flipbook-only initializer is needed for it to compile.
private final class SpringKeyframes: CAKeyframeAnimation {
    var stiffness: CGFloat = 0
    var mass: CGFloat = 0

    override init() {
        super.init()
        stiffness = 100
        mass = 1
        calculationMode = .discrete
    }

    required init(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func copy(with zone: NSZone?) -> Any {
        let copy = super.copy(with: zone) as! SpringKeyframes
        copy.stiffness = stiffness
        copy.mass = mass
        return copy
    }
}

/// One that does not override `copy(with:)`: its copies get its own properties from `init()`.
private final class TaggedBasic: CABasicAnimation {
    var tag = "initial"
}

@MainActor
struct CAAnimationSubclassCopyTests {
    @Test func aSubclassCopiesWhatItsCopyOverrideCopies() {
        let a = SpringKeyframes()
        a.keyPath = "position.y"
        a.duration = 0.7
        a.values = [0, 10, 20]
        a.stiffness = 250
        a.mass = 2
        let b = a.copy() as! SpringKeyframes
        #expect(b !== a)
        #expect(b.stiffness == 250 && b.mass == 2)
        #expect(b.keyPath == "position.y" && b.duration == 0.7 && b.calculationMode == .discrete)
        #expect((b.values as? [Int]) == [0, 10, 20])
    }

    @Test func aSubclassWithoutACopyOverrideKeepsItsInitialValuesInCopies() {
        let a = TaggedBasic(keyPath: "opacity")
        a.tag = "changed"
        a.toValue = 0.5
        let b = a.copy() as! TaggedBasic
        #expect(b.tag == "initial")
        #expect(b.keyPath == "opacity" && (b.toValue as? Double) == 0.5)
    }

    @Test func eachFlipbookAnimationClassCopiesItsOwnProperties() {
        let spring = CASpringAnimation(keyPath: "bounds")
        spring.stiffness = 321
        spring.fromValue = 1
        let springCopy = spring.copy() as! CASpringAnimation
        #expect(springCopy.stiffness == 321 && (springCopy.fromValue as? Int) == 1)
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        let transitionCopy = transition.copy() as! CATransition
        #expect(transitionCopy.type == .push && transitionCopy.subtype == .fromLeft)
        let group = CAAnimationGroup()
        group.animations = [spring]
        let groupCopy = group.copy() as! CAAnimationGroup
        #expect(groupCopy.animations?.count == 1 && groupCopy.animations?.first !== spring)
    }
}
