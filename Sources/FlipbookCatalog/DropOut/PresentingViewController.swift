import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 001's presenting screen: a Present button centred with Auto Layout that presents a
/// `ModalViewController` with the `.custom` style, the modal being its own transitioning delegate.
///
/// Port notes (the only changes from the seed): `#selector` target-action becomes the closure
/// form of `addTarget(_:action:for:)`; the seed's `setTextColor(_:for:)` (not a UIKit method)
/// is `setTitleColor(_:for:)`; the view gets a white background so renders show it.
class PresentingViewController: UIViewController {
    lazy var button: UIButton = {
        let button = UIButton()
        button.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(button)
        button.centerXAnchor.constraint(equalTo: self.view.centerXAnchor).isActive = true
        button.centerYAnchor.constraint(equalTo: self.view.centerYAnchor).isActive = true
        button.setTitle("Present", for: .normal)
        button.setTitleColor(UIColor.blue, for: .normal)
        return button
    }()

    /// The modal presented last (for scripts and tests).
    private(set) weak var lastModal: ModalViewController?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        // On iOS: button.addTarget(self, action: #selector(self.didPressPresent), for: .touchUpInside)
        button.addTarget(self, action: { vc, _ in vc.didPressPresent() }, for: .touchUpInside)
    }

    func didPressPresent() {
        let modal = ModalViewController()
        modal.view.frame = CGRect(x: 0.0, y: 0.0, width: 200.0, height: 200.0)
        modal.modalPresentationStyle = .custom
        modal.transitioningDelegate = modal
        lastModal = modal
        self.present(modal, animated: true)
    }
}
