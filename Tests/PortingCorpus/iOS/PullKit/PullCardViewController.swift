//
//  PullCardViewController.swift
//  PullKit
//

import UIKit

open class PullCardViewController: UIViewController {

    public let scrollView = UIScrollView()
    open var pullToDismiss: PullToDismiss?

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.alwaysBounceVertical = true
        scrollView.contentInset = UIEdgeInsetsMake(0, 0, 20, 0)
        view.addSubview(scrollView)
        var y: CGFloat = 24
        for row in 0..<12 {
            let bar = UIView(frame: CGRect(x: 20, y: y, width: view.bounds.width - 40, height: 64))
            bar.backgroundColor = row % 2 == 0 ? UIColor(red: 0.85, green: 0.9, blue: 1, alpha: 1) : UIColor(white: 0.92, alpha: 1)
            bar.layer.cornerRadius = 12
            scrollView.addSubview(bar)
            y += 76
        }
        scrollView.contentSize = CGSize(width: view.bounds.width, height: y)
        pullToDismiss = PullToDismiss(scrollView: scrollView, viewController: self)
    }
}
