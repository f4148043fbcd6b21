//
//  PanelDragRouter.swift
//  PanelKit
//
//  The panel's own drag recognizer. Its delegate must be the panel's router, which hands each
//  delegate message to the app's proxy when the proxy implements it and to the panel otherwise;
//  setting any other delegate raises. The drag's offset is kept under an unfair lock, and the
//  panel's spring damping comes from the scroll deceleration rate.
//

import UIKit
import os.lock

public final class PanelDragRecognizer: UIPanGestureRecognizer {
    weak var panel: PanelDragController?
    private(set) lazy var router = Router(recognizer: self)

    /// The delegate of the recognizer: always the router. Use `delegateProxy` for your own.
    public override weak var delegate: UIGestureRecognizerDelegate? {
        get {
            return super.delegate
        }
        set {
            guard newValue is Router else {
                let exception = NSException(
                    name: .invalidArgumentException,
                    reason: "PanelDragRecognizer's delegate must be its router. Use 'delegateProxy'.",
                    userInfo: nil
                )
                exception.raise()
                return
            }
            super.delegate = newValue
        }
    }

    /// The panel's own answers.
    public var delegateOrigin: UIGestureRecognizerDelegate {
        return panel!
    }

    /// Answers that take precedence over the panel's, for the messages this object implements.
    public weak var delegateProxy: UIGestureRecognizerDelegate? {
        didSet {
            self.delegate = router
        }
    }

    final class Router: NSObject, UIGestureRecognizerDelegate {
        unowned let recognizer: PanelDragRecognizer

        init(recognizer: PanelDragRecognizer) {
            self.recognizer = recognizer
            super.init()
        }

        override func responds(to aSelector: Selector!) -> Bool {
            return recognizer.delegateProxy?.responds(to: aSelector) == true
                || recognizer.delegateOrigin.responds(to: aSelector)
        }

        override func forwardingTarget(for aSelector: Selector!) -> Any? {
            if recognizer.delegateProxy?.responds(to: aSelector) == true {
                return recognizer.delegateProxy
            }
            if recognizer.delegateOrigin.responds(to: aSelector) {
                return recognizer.delegateOrigin
            }
            return nil
        }
    }
}

/// The drag's offset, written by the recognizer's action and read by the spring.
final class PanelDragOffset {
    private var lock = os_unfair_lock()
    private var stored: CGFloat = 0
    var log: [String] = []

    var value: CGFloat {
        get {
            os_unfair_lock_lock(&lock)
            defer { os_unfair_lock_unlock(&lock) }
            return stored
        }
        set {
            os_unfair_lock_lock(&lock)
            stored = newValue
            os_unfair_lock_unlock(&lock)
        }
    }

    /// Writes `value` unless another thread is writing; false when it did not.
    func tryWrite(_ value: CGFloat) -> Bool {
        guard os_unfair_lock_trylock(&lock) else { return false }
        stored = value
        os_unfair_lock_unlock(&lock)
        return true
    }

    /// The spring's damping ratio that settles as fast as a scroll view decelerating at `rate`
    /// (points kept per millisecond).
    func dampingRatio(decelerationRate rate: CGFloat) -> CGFloat {
        log.append("damping for \(rate)")
        return CoreGraphics.log(rate) / (-4 * .pi * 0.001)
    }
}

/// A panel whose surface follows the drag of its own recognizer, and only vertical drags.
public final class PanelDragController: UIViewController, UIGestureRecognizerDelegate {
    public let surface = UIView()
    public let drag = PanelDragRecognizer(target: nil, action: nil)
    public private(set) var events: [String] = []
    let offset = PanelDragOffset()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        surface.backgroundColor = .systemTeal
        surface.layer.cornerRadius = 16
        view.addSubview(surface)
        drag.panel = self
        drag.addTarget(self, action: #selector(handleDrag(_:)))
        drag.delegate = drag.router
        surface.addGestureRecognizer(drag)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        surface.placeInLowerHalfIfUnplaced(of: view)
    }

    @objc func handleDrag(_ gesture: PanelDragRecognizer) {
        offset.value = gesture.translation(in: view).y
        if gesture.state == .began { events.append("began") }
        surface.transform = CGAffineTransform(translationX: 0, y: offset.value)
    }

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        events.append("panel should begin")
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let velocity = pan.velocity(in: view)
        return abs(velocity.y) > abs(velocity.x)
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        events.append("panel simultaneous")
        return true
    }
}
