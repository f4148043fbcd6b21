import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A pet's card: a rounded coloured control with the pet's emoji large and its name below.
/// Tapping it sends `.touchUpInside` to its targets.
final class CardView: UIControl {
    let emojiLabel = UILabel()
    let nameLabel = UILabel()

    init(pet: Pet) {
        super.init(frame: .zero)
        backgroundColor = pet.color
        layer.cornerRadius = CardViewController.cardCornerRadius
        layer.masksToBounds = true

        emojiLabel.text = pet.emoji
        emojiLabel.font = .systemFont(ofSize: 140)
        emojiLabel.textAlignment = .center
        nameLabel.text = pet.name
        nameLabel.font = .systemFont(ofSize: 34, weight: .bold)
        nameLabel.textColor = .white
        nameLabel.textAlignment = .center

        for label in [emojiLabel, nameLabel] {
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
        }
        NSLayoutConstraint.activate([
            emojiLabel.leadingAnchor.constraint(equalTo: leadingAnchor),
            emojiLabel.trailingAnchor.constraint(equalTo: trailingAnchor),
            emojiLabel.centerYAnchor.constraint(equalTo: centerYAnchor, constant: -30),
            nameLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            nameLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            nameLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -36),
        ])
    }

    /// Cards are built in code; an archive gives no card.
    required init?(coder: NSCoder) {
        return nil
    }
}
