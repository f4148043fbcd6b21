//
//  PanelViewController.swift
//  PanelKit
//
//  A panel over its host: a grabber label whose properties are handed to its inner label by
//  key path, anchors the accessibility rotor offers, and a drag that moves the panel.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class PanelGrabberLabel: UILabel {
    let inner = UILabel()

    /// Interface Builder sets the outer label; its properties are handed on by name.
    func forwardProperties() {
        for key in ["alpha", "hidden"] {
            inner.setValue(value(forKey: key), forKeyPath: key)
        }
    }
}

open class PanelViewController: UIViewController {
    public let surface = UIView()
    public private(set) var behavior: PanelBehavior = PanelDefaultBehavior()
    public private(set) var events: [String] = []
    public private(set) var anchorActions: [UIAccessibilityCustomAction] = []
    public var grabberType: PanelGrabberView.Type = PanelGrabberView.self
    public internal(set) var grabber: PanelGrabberView?
    let pan = PanelPanGestureRecognizer(target: nil, action: nil)
    private lazy var adapter = PanelBehaviorAdapter(behavior: behavior)

    public var settleDuration: TimeInterval { adapter.settleDuration }
    public var rubberBandLimit: CGFloat { adapter.rubberBandLimit }
    public var redirection: CGFloat { adapter.redirectionProgress(from: 0, to: 1) }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        surface.backgroundColor = .systemIndigo
        surface.layer.cornerRadius = 16
        view.addSubview(surface)
        let drag = UIPanGestureRecognizer(target: self, action: { $0.handleDrag($1) })
        surface.addGestureRecognizer(drag)
        surface.addGestureRecognizer(pan)
        anchorActions = ["Move to tip", "Move to half", nil].enumerated().compactMap { index, title in
            PanelAnchorAction(anchor: index, title: title, target: self,
                              selector: { $0.moveToAnchor($1) })
        }
        surface.accessibilityCustomActions = anchorActions
        DispatchQueue.panelOnce(token: "panel.setup") { events.append("setup") }
        DispatchQueue.panelOnce(token: "panel.setup") { events.append("setup again") }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        surface.placeInLowerHalfIfUnplaced(of: view)
    }

    func handleDrag(_ gesture: UIPanGestureRecognizer) {
        let t = gesture.translation(in: view)
        surface.frame.origin.y += t.y
        gesture.setTranslation(.zero, in: view)
        if gesture.state == .ended {
            let target = surface.frame.minY < view.bounds.midY ? view.bounds.height * 0.2 : view.bounds.height * 0.5
            events.append("settle")
            UIView.animate(withDuration: settleDuration) {
                self.surface.frame.origin.y = target
            }
        }
    }

    func moveToAnchor(_ action: PanelAnchorAction) -> Bool {
        events.append("anchor \(action.anchor)")
        let target = action.anchor == 0 ? view.bounds.height * 0.8 : view.bounds.height * 0.5
        UIView.animate(withDuration: settleDuration) {
            self.surface.frame.origin.y = target
        }
        return true
    }
}

extension UIView {
    /// Puts a panel surface over the lower half of `container` the first time it is laid out.
    func placeInLowerHalfIfUnplaced(of container: UIView) {
        guard frame == .zero else { return }
        frame = CGRect(x: 0, y: container.bounds.height / 2, width: container.bounds.width,
                       height: container.bounds.height / 2)
    }
}
