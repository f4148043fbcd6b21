//
//  ExplodeDemoViewController.swift
//  ExplodeKit
//

import UIKit

open class ExplodeDemoViewController: UIViewController {
    public let nextButton = UIButton(type: .system)
    public var hue: CGFloat = 0.6

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(hue: hue, saturation: 0.5, brightness: 0.95, alpha: 1)
        for i in 0..<6 {
            let stripe = UIView(frame: CGRect(x: 24, y: 140 + CGFloat(i) * 90, width: 345, height: 64))
            stripe.backgroundColor = UIColor(hue: hue + CGFloat(i) * 0.05, saturation: 0.7, brightness: 0.8, alpha: 1)
            stripe.layer.cornerRadius = 16
            view.addSubview(stripe)
        }
        nextButton.setTitle("Next", for: .normal)
        nextButton.frame = CGRect(x: 140, y: 720, width: 113, height: 44)
        nextButton.addTarget(self, action: #selector(showNext), for: .touchUpInside)
        view.addSubview(nextButton)
    }

    @objc func showNext() {
        let next = ExplodeDemoViewController()
        next.hue = hue + 0.3
        navigationController?.pushViewController(next, animated: true)
    }
}
