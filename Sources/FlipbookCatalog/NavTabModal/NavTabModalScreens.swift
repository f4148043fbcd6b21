import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A tab's first screen: a coloured page with its title and two buttons, Push and Present.
final class TabRootViewController: UIViewController {
    enum Icon { case circle, square }

    let colour: UIColor
    let pushButton = UIButton(type: .system)
    let presentButton = UIButton(type: .system)
    private let heading = UILabel()
    private var pushCount = 0

    init(title: String, colour: UIColor, icon: Icon) {
        self.colour = colour
        super.init(nibName: nil, bundle: nil)
        self.title = title
        tabBarItem = UITabBarItem(title: title, image: Self.image(for: icon), tag: 0)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = colour
        heading.text = title
        heading.font = .boldSystemFont(ofSize: 34)
        heading.textAlignment = .center
        view.addSubview(heading)
        for (button, text) in [(pushButton, "Push"), (presentButton, "Present")] {
            button.setTitle(text, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 22, weight: .semibold)
            view.addSubview(button)
        }
        pushButton.addAction(UIAction { [unowned self] _ in self.push() }, for: .touchUpInside)
        presentButton.addAction(UIAction { [unowned self] _ in self.presentModal() }, for: .touchUpInside)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        heading.frame = CGRect(x: 20, y: b.midY - 140, width: b.width - 40, height: 44)
        pushButton.frame = CGRect(x: b.midX - 80, y: b.midY - 40, width: 160, height: 50)
        presentButton.frame = CGRect(x: b.midX - 80, y: b.midY + 30, width: 160, height: 50)
    }

    func push() {
        pushCount += 1
        let detail = DetailViewController(number: pushCount)
        navigationController?.pushViewController(detail, animated: true)
    }

    func presentModal() {
        (tabBarController as? NavTabModalController)?.presentModal(from: self)
    }

    /// A 26 pt template icon: a ring or a rounded square.
    static func image(for icon: Icon) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 26, height: 26)).image { context in
            let cg = context.cgContext
            cg.setFillColor(UIColor.black.cgColor)
            switch icon {
            case .circle:
                cg.setStrokeColor(UIColor.black.cgColor)
                cg.setLineWidth(3)
                cg.strokeEllipse(in: CGRect(x: 3, y: 3, width: 20, height: 20))
            case .square:
                cg.fill(CGRect(x: 3, y: 3, width: 20, height: 20))
            }
        }
    }
}

/// A pushed screen: a big number on an orange page.
final class DetailViewController: UIViewController {
    let number: Int
    private let label = UILabel()

    init(number: Int) {
        self.number = number
        super.init(nibName: nil, bundle: nil)
        title = "Detail \(number)"
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 1.0, green: 0.62, blue: 0.25, alpha: 1)
        label.text = "\(number)"
        label.font = .boldSystemFont(ofSize: 120)
        label.textColor = .white
        label.textAlignment = .center
        view.addSubview(label)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        label.frame = CGRect(x: 0, y: view.bounds.midY - 80, width: view.bounds.width, height: 160)
    }
}

/// The modal screen: a purple card with a Dismiss button.
final class ModalCardViewController: UIViewController {
    let dismissButton = UIButton(type: .system)
    private let label = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemPurple
        view.layer.cornerRadius = 16
        view.clipsToBounds = true
        label.text = "Modal"
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .white
        label.textAlignment = .center
        view.addSubview(label)
        dismissButton.setTitle("Dismiss", for: .normal)
        dismissButton.setTitleColor(.white, for: .normal)
        dismissButton.titleLabel?.font = .systemFont(ofSize: 22, weight: .semibold)
        view.addSubview(dismissButton)
        dismissButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true, completion: nil) }, for: .touchUpInside)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        label.frame = CGRect(x: 0, y: b.midY - 60, width: b.width, height: 40)
        dismissButton.frame = CGRect(x: b.midX - 70, y: b.midY + 10, width: 140, height: 44)
    }
}
