//
//  BubbleMenu.swift
//  BubbleKit
//
//  A floating "+" button that opens a full-screen menu through a BubbleTransition, and the
//  transitioning delegate that connects the two.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Hands the same `BubbleTransition` to UIKit for both directions.
public class BubbleTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {

    public let transition = BubbleTransition()

    /// Where the bubble grows from; read when each transition starts.
    public var originProvider: (() -> CGPoint)?

    public func animationController(forPresented presented: UIViewController,
                                    presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        transition.direction = .present
        transition.origin = originProvider?() ?? presenting.view.center
        return transition
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        transition.direction = .dismiss
        transition.origin = originProvider?() ?? dismissed.view.center
        return transition
    }
}

/// The screen with the floating button.
class BubbleHomeViewController: UIViewController {

    let actionButton = UIButton(type: .custom)
    let bubbleDelegate = BubbleTransitioningDelegate()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)

        for row in 0..<5 {
            let line = UIView(frame: CGRect(x: 24, y: 120 + CGFloat(row) * 64, width: 260 - CGFloat(row) * 30, height: 24))
            line.backgroundColor = UIColor(white: 0.82, alpha: 1)
            line.layer.cornerRadius = 6
            view.addSubview(line)
        }

        actionButton.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        actionButton.backgroundColor = UIColor(red: 0.16, green: 0.5, blue: 0.73, alpha: 1)
        actionButton.layer.cornerRadius = 32
        actionButton.setTitle("+", for: .normal)
        actionButton.setTitleColor(.white, for: .normal)
        actionButton.addTarget(self, action: { $0.present($1) }, for: .touchUpInside)
        view.addSubview(actionButton)

        bubbleDelegate.transition.bubbleColor = actionButton.backgroundColor ?? .blue
        bubbleDelegate.originProvider = { [weak self] in
            guard let self = self else { return .zero }
            return self.actionButton.center
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        actionButton.center = CGPoint(x: bounds.maxX - 60, y: bounds.maxY - 100)
    }

    func present(_ sender: UIButton) {
        let menu = BubbleMenuViewController()
        menu.transitioningDelegate = bubbleDelegate
        menu.modalPresentationStyle = .custom
        present(menu, animated: true, completion: nil)
    }
}

/// The menu the bubble opens: a few rows and a close button.
class BubbleMenuViewController: UIViewController {

    let closeButton = UIButton(type: .custom)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear

        let titles = ["New note", "New list", "New photo"]
        for (index, title) in titles.enumerated() {
            let item = UILabel(frame: CGRect(x: 32, y: 180 + CGFloat(index) * 72, width: 240, height: 44))
            item.text = title
            item.textColor = .white
            item.font = UIFont.boldSystemFont(ofSize: 28)
            view.addSubview(item)
        }

        closeButton.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        closeButton.setTitle("×", for: .normal)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.titleLabel?.font = UIFont.systemFont(ofSize: 36)
        closeButton.addTarget(self, action: { $0.close() }, for: .touchUpInside)
        view.addSubview(closeButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        closeButton.center = CGPoint(x: view.bounds.maxX - 60, y: view.bounds.maxY - 100)
    }

    func close() {
        dismiss(animated: true, completion: nil)
    }
}
