//
//  EdgeSwipeGestureRecognizer.swift
//  SwipeKit
//
//  A one-finger pan that only begins in its direction: a pan that starts the other way is
//  cancelled as soon as it begins.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class DirectionalPanGestureRecognizer: UIPanGestureRecognizer {
    enum Direction {
        case right
        case down
    }

    let direction: Direction

    required init(direction: Direction, target: Any? = nil, action: Selector? = nil) {
        self.direction = direction
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
    }

    required init<Target: AnyObject>(direction: Direction, target: Target, action: @escaping @MainActor (Target, DirectionalPanGestureRecognizer) -> Void) {
        self.direction = direction
        super.init(target: nil, action: nil)
        addTarget(target, action: action)
        maximumNumberOfTouches = 1
    }

    required init<Target: AnyObject>(direction: Direction, target: Target, action: @escaping @MainActor (Target) -> Void) {
        self.direction = direction
        super.init(target: nil, action: nil)
        addTarget(target, action: action)
        maximumNumberOfTouches = 1
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .began else { return }
        let velocity = self.velocity(in: view)
        switch direction {
        case .right where abs(velocity.y) > abs(velocity.x) || velocity.x <= 0:
            state = .cancelled
        case .down where abs(velocity.x) > abs(velocity.y) || velocity.y <= 0:
            state = .cancelled
        default:
            break
        }
    }
}
