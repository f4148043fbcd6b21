//
//  ToastPresenter.swift
//  GateKit
//
//  Shows a toast over a view: it rises and fades in, stays, then sinks and fades out on its
//  own. The stay is a main-queue delay, as most toast libraries write it.
//

#if canImport(UIKit) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public protocol ToastPresenterDelegate: AnyObject {
    func toastPresenter(_ presenter: ToastPresenter, didShow toast: ToastView)
    func toastPresenter(_ presenter: ToastPresenter, didHide toast: ToastView)
}

public final class ToastPresenter {
    public weak var delegate: ToastPresenterDelegate?
    public var stay: TimeInterval = 1.0
    public private(set) var current: ToastView?

    public init() {}

    public func show(_ title: String, in host: UIView) {
        current?.removeFromSuperview()
        let toast = ToastView(title: title)
        let size = CGSize(width: min(host.bounds.width - 48, 280), height: ToastStyle.height)
        toast.frame = host.bounds.toastFrame(size: size, inset: host.safeAreaInsets.bottom + 24)
        toast.alpha = 0
        toast.transform = CGAffineTransform(translationX: 0, y: 40)
        host.addSubview(toast)
        current = toast
        UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: []) {
            toast.alpha = 1
            toast.transform = .identity
        } completion: { _ in
            self.delegate?.toastPresenter(self, didShow: toast)
            MediaClock.scheduleOnMainThread(after: self.stay) { [weak self] in
                self?.hide(toast)
            }
        }
    }

    private func hide(_ toast: ToastView) {
        UIView.animate(withDuration: 0.25, animations: {
            toast.alpha = 0
            toast.transform = CGAffineTransform(translationX: 0, y: 40)
        }, completion: { _ in
            toast.removeFromSuperview()
            if self.current === toast { self.current = nil }
            self.delegate?.toastPresenter(self, didHide: toast)
        })
    }
}
#endif
