//
//  SwipeDemoViewControllers.swift
//  SwipeKit
//

import UIKit

/// A coloured page with a card, numbered in its title.
open class SwipePageViewController: UIViewController {
    public let number: Int
    public let color: UIColor

    public init(number: Int, color: UIColor) {
        self.number = number
        self.color = color
        super.init(nibName: nil, bundle: nil)
        title = "Page \(number)"
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let card = UIView(frame: CGRect(x: 40, y: 200, width: view.bounds.width - 80, height: 160))
        card.backgroundColor = UIColor(white: 1, alpha: 0.85)
        card.layer.cornerRadius = 16
        view.addSubview(card)
    }
}

/// A navigation controller whose screens go back with a swipe from anywhere.
open class SwipeBackNavigationController: UINavigationController {
    public private(set) var swipeBack: SwipeBackController?

    open override func viewDidLoad() {
        super.viewDidLoad()
        swipeBack = SwipeBackController(navigationController: self)
    }
}
