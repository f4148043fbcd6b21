import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// One short video of the feed (seed 002's "aweme"): a title, a like count and the colours its
/// generated cover is drawn with.
struct Aweme: Hashable, Sendable {
    let index: Int
    let title: String
    let likeCount: Int
    /// The cover's hue, 0…1.
    let hue: CGFloat

    /// The like count as the app shows it: "8,532" below ten thousand, "1.2w" (万) above.
    var likeText: String {
        if likeCount < 10_000 {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return "♥ " + (formatter.string(from: NSNumber(value: likeCount)) ?? "\(likeCount)")
        }
        let tenThousands = Double(likeCount) / 10_000
        return "♥ " + String(format: "%.1fw", tenThousands)
    }

    private static let titles = [
        "Sunset ride", "City lights", "Morning run", "Cat nap", "Rainy window", "Street food",
        "Mountain air", "Beach day", "Night market", "Snow walk", "Coffee art", "Skate park",
        "Lake mirror", "Neon alley", "Garden bloom", "Drone view",
    ]

    /// A deterministic feed of `count` videos (the same every run).
    static func feed(count: Int = 60) -> [Aweme] {
        (0..<count).map { i in
            // A fixed pseudo-random sequence (no system randomness: renders are reproducible).
            let mixed = (i &* 2_654_435_761) & 0xFFFF_FFFF
            let likes = 300 + (mixed % 180_000)
            return Aweme(
                index: i, title: "\(titles[i % titles.count]) #\(i + 1)", likeCount: likes,
                hue: CGFloat((i * 37) % 100) / 100)
        }
    }
}
