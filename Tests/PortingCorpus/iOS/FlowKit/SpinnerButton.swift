//
//  SpinnerButton.swift
//  FlowKit
//
//  A button that turns into a spinner while work runs, then either expands or shakes. The
//  shake sets a completion block and commits without a begin, which commits the transaction
//  Core Animation opened implicitly.
//

import UIKit

open class SpinnerButton: UIButton {
    public private(set) var shakes = 0

    open func shake(completion: (() -> Void)? = nil) {
        let point = layer.position
        let keyFrame = CAKeyframeAnimation(keyPath: "position")
        keyFrame.values = [point, CGPoint(x: point.x - 10, y: point.y), CGPoint(x: point.x + 10, y: point.y),
                           CGPoint(x: point.x - 10, y: point.y), CGPoint(x: point.x + 10, y: point.y), point]
            .map { NSValue(cgPoint: $0) }
        keyFrame.duration = 0.5
        CATransaction.setCompletionBlock {
            self.shakes += 1
            completion?()
        }
        layer.add(keyFrame, forKey: "shake")
        CATransaction.commit()
    }
}
