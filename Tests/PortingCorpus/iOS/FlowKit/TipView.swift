//
//  TipView.swift
//  FlowKit
//
//  A tip bubble with an arrow that points at a view. The bubble is made ahead of time and
//  configured when shown: `draw(_:)` reads where the arrow goes from state that `show(from:in:)`
//  sets, as popover libraries do. A swipe up dismisses it; its action method was written for
//  a tap recognizer and never reads it. A SwiftUI helper sits under the library's own
//  condition (no SwiftUI on 32-bit iOS), as a public tooltip library keeps it.
//

import UIKit
#if !(os(iOS) && (arch(i386) || arch(arm)))
import SwiftUI
#endif

open class TipView: UIView {
    open var bubbleColor: UIColor = .white
    open var arrowSize = CGSize(width: 16, height: 10)
    private var anchor: CGPoint!
    private var host: UIView!
    public private(set) var drawCount = 0

    public init() {
        super.init(frame: .zero)
        backgroundColor = .clear
    }

    required public init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    open func show(_ size: CGSize, from view: UIView, in container: UIView) {
        host = container
        anchor = container.convert(CGPoint(x: view.bounds.midX, y: view.bounds.maxY), from: view)
        frame = CGRect(x: min(max(anchor.x - size.width / 2, 8), container.bounds.width - size.width - 8),
                       y: anchor.y, width: size.width, height: size.height + arrowSize.height)
        setNeedsDisplay()
        if gestureRecognizers?.isEmpty ?? true {
            let swipe = UISwipeGestureRecognizer(target: self, action: #selector(handleSwipeOutside(_:)))
            swipe.direction = .up
            addGestureRecognizer(swipe)
        }
        container.addSubview(self)
        transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 3, options: [], animations: {
            self.transform = .identity
        }, completion: nil)
    }

    open func dismiss() {
        UIView.animate(withDuration: 0.25, animations: {
            self.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        }, completion: { _ in
            self.removeFromSuperview()
            self.transform = .identity
        })
    }

    @objc fileprivate func handleSwipeOutside(_ gesture: UITapGestureRecognizer) {
        dismiss()
    }

    override open func draw(_ rect: CGRect) {
        drawCount += 1
        let tip = host.convert(anchor, to: self)
        let body = CGRect(x: 0, y: arrowSize.height, width: bounds.width, height: bounds.height - arrowSize.height)
        let path = UIBezierPath(roundedRect: body, cornerRadius: 8)
        let arrow = UIBezierPath()
        arrow.move(to: CGPoint(x: tip.x - arrowSize.width / 2, y: arrowSize.height))
        arrow.addLine(to: CGPoint(x: tip.x, y: 0))
        arrow.addLine(to: CGPoint(x: tip.x + arrowSize.width / 2, y: arrowSize.height))
        arrow.close()
        path.append(arrow)
        bubbleColor.setFill()
        path.fill()
    }
}

#if !(os(iOS) && (arch(i386) || arch(arm)))
extension TipView {
    /// Shows a SwiftUI view in the bubble, hosted by a child controller of `parent`.
    public func show<V: View>(rootView: V, size: CGSize, from view: UIView, in parent: UIViewController) {
        let controller = UIHostingController(rootView: rootView)
        parent.addChild(controller)
        controller.view.frame = CGRect(x: 0, y: arrowSize.height, width: size.width, height: size.height)
        addSubview(controller.view)
        controller.didMove(toParent: parent)
        show(size, from: view, in: parent.view)
    }
}
#endif
