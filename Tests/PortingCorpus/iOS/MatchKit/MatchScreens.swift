//
//  MatchScreens.swift
//  MatchKit
//
//  The demonstration: a grid of tiles; tapping the orange one opens its detail screen, whose
//  header is the same tile grown to the screen's width.
//

#if canImport(UIKit)
import UIKit

class MatchGridViewController: UIViewController {

    let transition = MatchTransition()
    let tile = UIView(frame: CGRect(x: 24, y: 140, width: 100, height: 100))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.96, alpha: 1)
        for i in 0..<6 where i != 0 {
            let other = UIView(frame: CGRect(x: 24 + CGFloat(i % 3) * 120, y: 140 + CGFloat(i / 3) * 120, width: 100, height: 100))
            other.backgroundColor = UIColor(white: 0.8, alpha: 1)
            other.layer.cornerRadius = 12
            view.addSubview(other)
        }
        tile.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        tile.layer.cornerRadius = 12
        tile.matchIdentifier = "hero"
        view.addSubview(tile)
    }

    func openDetail() {
        let detail = MatchDetailViewController()
        detail.modalPresentationStyle = .fullScreen
        detail.transitioningDelegate = transition
        present(detail, animated: true)
    }
}

class MatchDetailViewController: UIViewController {

    let header = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 320)
        header.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        header.layer.cornerRadius = 0
        header.matchIdentifier = "hero"
        view.addSubview(header)
        for row in 0..<4 {
            let line = UIView(frame: CGRect(x: 24, y: 352 + CGFloat(row) * 40, width: 300 - CGFloat(row) * 40, height: 18))
            line.backgroundColor = UIColor(white: 0.85, alpha: 1)
            view.addSubview(line)
        }
    }
}
#endif
