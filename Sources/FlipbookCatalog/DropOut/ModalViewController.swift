import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 001's modal: a 200 × 200 red square with 15-point corners and a centred Dismiss
/// button; it is its own transitioning delegate and vends a `DropOutAnimator` each way
/// (1.5 s to present, 4 s to dismiss).
class ModalViewController: UIViewController {
    lazy var button: UIButton = {
        let button = UIButton()
        button.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(button)
        button.centerXAnchor.constraint(equalTo: self.view.centerXAnchor).isActive = true
        button.centerYAnchor.constraint(equalTo: self.view.centerYAnchor).isActive = true
        button.setTitle("Dismiss", for: .normal)
        button.setTitleColor(.white, for: .normal)
        return button
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        // On iOS: button.addTarget(self, action: #selector(self.didPressDismiss), for: .touchUpInside)
        button.addTarget(self, action: { vc, _ in vc.didPressDismiss() }, for: .touchUpInside)
        view.backgroundColor = .red
        view.layer.cornerRadius = 15.0
    }

    func didPressDismiss() {
        dismiss(animated: true)
    }
}

extension ModalViewController: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return DropOutAnimator(duration: 1.5, isAppearing: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return DropOutAnimator(duration: 4.0, isAppearing: false)
    }
}
