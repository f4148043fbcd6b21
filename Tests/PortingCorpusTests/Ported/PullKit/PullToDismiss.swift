//
//  PullToDismiss.swift
//  PullKit
//
//  Pull a presented screen's scroll view down past its top and the screen dismisses, in the
//  style of libraries written before Swift 4.2: the scroll view's content offset is followed
//  with string key-value observing, and the change dictionary is read through AnyObject.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

private var PullToDismissContentOffsetContext = 0

open class PullToDismiss: NSObject {

    public static var dismissThreshold: CGFloat = 100

    open weak var viewController: UIViewController?
    open private(set) weak var scrollView: UIScrollView?
    /// Every offset heard, in order, for whoever wants to follow along.
    open private(set) var offsets: [CGFloat] = []
    open private(set) var didDismiss = false

    public init(scrollView: UIScrollView, viewController: UIViewController) {
        self.scrollView = scrollView
        self.viewController = viewController
        super.init()
        scrollView.addObserver(self, forKeyPath: "contentOffset", options: [.new, .old], context: &PullToDismissContentOffsetContext)
    }

    /// Placed as an object in a storyboard, it has no scroll view until its outlets connect.
    open func awakeFromNib() {
        offsets.removeAll()
    }

    deinit {
        scrollView?.removeObserver(self, forKeyPath: "contentOffset")
    }

    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
        if context == &PullToDismissContentOffsetContext {
            guard let newValue = change?[NSKeyValueChangeKey.newKey] else { return }
            let offset = (newValue as! NSValue).cgPointValue.y
            offsets.append(offset)
            if offset < -PullToDismiss.dismissThreshold && !didDismiss {
                didDismiss = true
                viewController?.dismiss(animated: true, completion: nil)
            }
        } else {
        }
    }
}

extension PullToDismiss: FlipbookKeyValueObserver {}
