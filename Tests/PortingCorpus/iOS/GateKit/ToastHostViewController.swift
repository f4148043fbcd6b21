//
//  ToastHostViewController.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

open class ToastHostViewController: UIViewController, ToastPresenterDelegate {
    public let presenter = ToastPresenter()
    public let showButton = UIButton(type: .system)
    /// What the presenter told, in order: "show Saved", "hide Saved".
    public private(set) var history: [String] = []

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        presenter.delegate = self
        showButton.setTitle("Save", for: .normal)
        showButton.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        showButton.addTarget(self, action: #selector(saveTapped), for: .touchUpInside)
        view.addSubview(showButton)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        showButton.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    @objc func saveTapped() {
        presenter.show("Saved", in: view)
    }

    public func toastPresenter(_ presenter: ToastPresenter, didShow toast: ToastView) {
        history.append("show \(toast.titleLabel.text ?? "")")
    }

    public func toastPresenter(_ presenter: ToastPresenter, didHide toast: ToastView) {
        history.append("hide \(toast.titleLabel.text ?? "")")
    }
}
#endif
