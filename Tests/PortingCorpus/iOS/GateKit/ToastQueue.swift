//
//  ToastQueue.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

/// Shows toasts over a host view one after another: the next one rises when the last has sunk.
public final class ToastQueue: ToastPresenterDelegate {
    public let presenter = ToastPresenter()
    public let log = ToastLog()
    public private(set) var pending: [String] = []
    private weak var host: UIView?

    public init(host: UIView) {
        self.host = host
        presenter.delegate = self
        presenter.stay = ToastTiming.queuedStay
    }

    public func enqueue(_ title: String) {
        pending.append(title)
        log.record("queued \(title)")
        if presenter.current == nil && pending.count == 1 {
            showNext()
        }
    }

    private func showNext() {
        guard let host = host, !pending.isEmpty else { return }
        presenter.show(pending.removeFirst(), in: host)
    }

    public func toastPresenter(_ presenter: ToastPresenter, didShow toast: ToastView) {
        log.record("show \(toast.titleLabel.text ?? "")")
        #if os(iOS)
        ToastHaptics.shared.shown()
        #endif
    }

    public func toastPresenter(_ presenter: ToastPresenter, didHide toast: ToastView) {
        log.record("hide \(toast.titleLabel.text ?? "")")
        showNext()
    }
}
#endif
