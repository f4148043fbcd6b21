//
//  DeckDemoViewControllers.swift
//  DeckKit
//
//  The example app: a screen that presents a card and listens to the deck's delegate.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

class DeckHomeViewController: UIViewController, DeckTransitionDelegate {

    let showButton = UIButton(type: .system)

    /// The delegate calls received, in order.
    private(set) var deckEvents: [String] = []

    /// Returned from `deckDismissThreshold()`.
    var dismissThreshold: CGFloat = 150

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.24, blue: 0.36, alpha: 1)

        let banner = UIView(frame: CGRect(x: 20, y: 80, width: 353, height: 180))
        banner.backgroundColor = UIColor(red: 0.95, green: 0.77, blue: 0.06, alpha: 1)
        banner.layer.cornerRadius = 20
        view.addSubview(banner)

        showButton.frame = CGRect(x: 96, y: 320, width: 200, height: 50)
        showButton.backgroundColor = .white
        showButton.layer.cornerRadius = 25
        showButton.setTitle("Open card", for: .normal)
        showButton.addTarget(self, action: { $0.showCard() }, for: .touchUpInside)
        view.addSubview(showButton)
    }

    func showCard() {
        presentDeck(DeckCardViewController(), delegate: self)
    }

    // MARK: DeckTransitionDelegate

    func deckWillDismiss() {
        deckEvents.append("deckWillDismiss")
    }

    func deckDidDismiss() {
        deckEvents.append("deckDidDismiss")
    }

    func deckDismissThreshold() -> NSNumber? {
        deckEvents.append("deckDismissThreshold")
        return NSNumber(value: Double(dismissThreshold))
    }
}

class DeckCardViewController: UIViewController {

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        let grabber = UIView(frame: CGRect(x: 0, y: 10, width: 44, height: 5))
        grabber.backgroundColor = UIColor(white: 0.8, alpha: 1)
        grabber.layer.cornerRadius = 2.5
        grabber.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        grabber.center.x = view.bounds.midX
        view.addSubview(grabber)

        let photo = UIView(frame: CGRect(x: 24, y: 40, width: view.bounds.width - 48, height: 220))
        photo.backgroundColor = UIColor(red: 0.36, green: 0.72, blue: 0.65, alpha: 1)
        photo.layer.cornerRadius = 16
        photo.autoresizingMask = [.flexibleWidth]
        view.addSubview(photo)

        for line in 0..<4 {
            let text = UIView(frame: CGRect(x: 24, y: 290 + CGFloat(line) * 34, width: view.bounds.width - 48 - CGFloat(line % 2) * 80, height: 16))
            text.backgroundColor = UIColor(white: 0.88, alpha: 1)
            text.layer.cornerRadius = 4
            view.addSubview(text)
        }
    }
}
