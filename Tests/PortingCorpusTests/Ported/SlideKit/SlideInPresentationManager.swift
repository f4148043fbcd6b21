//
//  SlideInPresentationManager.swift
//  SlideKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public final class SlideInPresentationManager: NSObject, UIViewControllerTransitioningDelegate {
    public var direction: SlideInDirection = .left

    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? {
        return SlideInPresentationController(presentedViewController: presented, presenting: presenting, direction: direction)
    }

    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SlideInAnimator(direction: direction, isPresentation: true)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SlideInAnimator(direction: direction, isPresentation: false)
    }
}

open class SlideInHostViewController: UIViewController {
    public let manager = SlideInPresentationManager()
    public let menuButton = UIButton(type: .system)

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        menuButton.setTitle("Menu", for: .normal)
        menuButton.frame = CGRect(x: 20, y: 60, width: 100, height: 44)
        menuButton.addTarget(self, action: { $0.openMenu() }, for: .touchUpInside)
        view.addSubview(menuButton)
    }

    func openMenu() {
        let menu = UIViewController()
        menu.view.backgroundColor = .systemTeal
        menu.transitioningDelegate = manager
        menu.modalPresentationStyle = .custom
        present(menu, animated: true)
    }
}
