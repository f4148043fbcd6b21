//
//  UIView+Toast.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit
import ObjectiveC

private var toastQueueKey: UInt8 = 0

extension UIView {
    /// The queue of toasts shown over this view, made on first use and kept with the view.
    public var toastQueue: ToastQueue {
        if let queue = objc_getAssociatedObject(self, &toastQueueKey) as? ToastQueue {
            return queue
        }
        let queue = ToastQueue(host: self)
        objc_setAssociatedObject(self, &toastQueueKey, queue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return queue
    }

    /// Shows `title` after the toasts already waiting.
    public func showToast(_ title: String) {
        toastQueue.enqueue(title)
    }
}
#endif
