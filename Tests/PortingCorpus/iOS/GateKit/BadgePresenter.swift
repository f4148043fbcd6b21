//
//  BadgePresenter.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

/// Shows one badge toast at a time: it slides in from its edge, its bar empties over the stay,
/// then it leaves by itself (a block timer) or when swiped away.
public final class BadgePresenter {
    public var position: ToastPosition = .top
    public private(set) var current: BadgeToastView?
    public private(set) var history: [String] = []
    private var timer: Timer?
    private var swipe: ToastSwipe?

    public init() {}

    public func show(_ title: String, in host: UIView) {
        dismiss(animated: false)
        let badge = BadgeToastView(title: title)
        let size = CGSize(width: min(host.bounds.width - 40, 300), height: ToastMetrics.badgeHeight)
        badge.frame = position.frame(for: size, in: host.bounds, safeArea: host.safeAreaInsets)
        badge.transform = CGAffineTransform(translationX: 0, y: ToastTiming.badgeTravel * position.exitSign)
        host.addSubview(badge)
        current = badge
        history.append("show \(title)")
        swipe = ToastSwipe(view: badge, sign: position.exitSign) { [weak self] in
            self?.dismiss(animated: true)
        }
        UIView.animate(withDuration: 0.45, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0, options: [.allowUserInteraction]) {
            badge.transform = .identity
        }
        #if os(iOS)
        badge.layoutIfNeeded()
        badge.progress.run(for: ToastTiming.badgeStay)
        #endif
        timer = Timer.scheduledTimer(withTimeInterval: ToastTiming.badgeStay, repeats: false) { [weak self] _ in
            self?.dismiss(animated: true)
        }
    }

    public func dismiss(animated: Bool) {
        timer?.invalidate()
        timer = nil
        guard let badge = current else { return }
        current = nil
        swipe = nil
        history.append("hide \(badge.titleLabel.text ?? "")")
        let away = CGAffineTransform(translationX: 0, y: ToastTiming.badgeTravel * position.exitSign)
        guard animated else {
            badge.removeFromSuperview()
            return
        }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn, .beginFromCurrentState], animations: {
            badge.transform = away
            badge.alpha = 0
        }, completion: { _ in
            badge.removeFromSuperview()
        })
    }
}
#endif
