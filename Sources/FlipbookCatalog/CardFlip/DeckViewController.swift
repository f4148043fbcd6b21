import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The app's root: the pets' cards in a horizontally scrolling page view controller, one
/// card per page, the first pet first.
class DeckViewController: UIPageViewController, UIPageViewControllerDataSource {
    let pets: [Pet]

    init(pets: [Pet] = Pet.all) {
        self.pets = pets
        super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.interPageSpacing: 20])
    }

    /// The deck is built in code; an archive gives none.
    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.95, green: 0.94, blue: 0.91, alpha: 1)
        dataSource = self
        if let first = cardViewController(at: 0) {
            setViewControllers([first], direction: .forward, animated: false, completion: nil)
        }
    }

    /// The page for the pet at `index`, or nil past either end.
    func cardViewController(at index: Int) -> CardViewController? {
        guard pets.indices.contains(index) else { return nil }
        return CardViewController(pet: pets[index], pageIndex: index)
    }

    /// The card on screen now.
    var currentCard: CardViewController? { viewControllers?.first as? CardViewController }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        guard let card = viewController as? CardViewController else { return nil }
        return cardViewController(at: card.pageIndex - 1)
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        guard let card = viewController as? CardViewController else { return nil }
        return cardViewController(at: card.pageIndex + 1)
    }

    func presentationCount(for pageViewController: UIPageViewController) -> Int { pets.count }

    func presentationIndex(for pageViewController: UIPageViewController) -> Int { currentCard?.pageIndex ?? 0 }
}
