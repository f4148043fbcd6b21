import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// One card of the deck: a pet shown as a big emoji and its name on a coloured card.
struct Pet: Equatable {
    /// The pet's picture: one emoji.
    let emoji: String
    /// The pet's name, shown under the emoji and on the reveal screen.
    let name: String
    /// The card's colour.
    let color: UIColor

    /// The deck, in page order.
    static let all: [Pet] = [
        Pet(emoji: "🐶", name: "Biscuit", color: UIColor(red: 0.96, green: 0.55, blue: 0.20, alpha: 1)),
        Pet(emoji: "🐱", name: "Mochi", color: UIColor(red: 0.91, green: 0.33, blue: 0.51, alpha: 1)),
        Pet(emoji: "🐰", name: "Clover", color: UIColor(red: 0.30, green: 0.69, blue: 0.42, alpha: 1)),
        Pet(emoji: "🦊", name: "Ember", color: UIColor(red: 0.85, green: 0.30, blue: 0.22, alpha: 1)),
        Pet(emoji: "🐢", name: "Shelly", color: UIColor(red: 0.19, green: 0.56, blue: 0.75, alpha: 1)),
    ]
}
