import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The full-screen reveal of one pet: the pet very large on a pale version of its card's
/// colour, its name below, and a Done button that dismisses the screen.
class RevealViewController: UIViewController {
    let pet: Pet
    let emojiLabel = UILabel()
    let nameLabel = UILabel()
    let doneButton = UIButton(type: .system)
    /// Drives the dismissal when the user swipes in from the left edge (seed 000, part 4).
    var swipeInteractionController: SwipeInteractionController?

    init(pet: Pet) {
        self.pet = pet
        super.init(nibName: nil, bundle: nil)
    }

    /// Reveal screens are built in code; an archive gives none.
    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.pale(pet.color)
        emojiLabel.text = pet.emoji
        emojiLabel.font = .systemFont(ofSize: 220)
        emojiLabel.textAlignment = .center
        nameLabel.text = pet.name
        nameLabel.font = .systemFont(ofSize: 48, weight: .heavy)
        nameLabel.textColor = pet.color
        nameLabel.textAlignment = .center
        doneButton.setTitle("Done", for: .normal)
        doneButton.titleLabel?.font = .systemFont(ofSize: 20, weight: .semibold)

        for subview in [emojiLabel, nameLabel, doneButton] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            emojiLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            emojiLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -40),
            nameLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            nameLabel.topAnchor.constraint(equalTo: emojiLabel.bottomAnchor, constant: 24),
            doneButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            doneButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
        ])
        // On iOS: doneButton.addTarget(self, action: #selector(dismissPressed), for: .touchUpInside).
        doneButton.addTarget(self, action: { $0.dismissPressed() }, for: .touchUpInside)
        swipeInteractionController = SwipeInteractionController(viewController: self)
    }

    /// Dismisses the reveal; the card's transitioning delegate supplies the reverse flip.
    func dismissPressed() {
        dismiss(animated: true, completion: nil)
    }

    /// `color` mixed three parts white to one part colour.
    static func pale(_ color: UIColor) -> UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return .white }
        return UIColor(red: 0.75 + r / 4, green: 0.75 + g / 4, blue: 0.75 + b / 4, alpha: 1)
    }
}
