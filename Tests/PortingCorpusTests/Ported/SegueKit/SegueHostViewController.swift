//
//  SegueHostViewController.swift
//  SegueKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

open class SegueHostViewController: UIViewController {
    public let openButton = UIButton(type: .system)
    /// The identifiers `prepare(for:sender:)` saw.
    public private(set) var prepared: [String] = []

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemYellow
        openButton.setTitle("Open", for: .normal)
        openButton.frame = CGRect(x: 140, y: 400, width: 113, height: 44)
        openButton.addTarget(self, action: { $0.openTapped($1) }, for: .touchUpInside)
        view.addSubview(openButton)
    }

    func openTapped(_ sender: UIButton) {
        let detail = UIViewController()
        detail.view.backgroundColor = .systemPurple
        let segue = CrossfadeSegue(identifier: "crossfade", source: self, destination: detail)
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    open override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        prepared.append(segue.identifier ?? "")
    }
}
