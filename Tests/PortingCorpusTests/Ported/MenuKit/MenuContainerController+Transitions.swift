//
//  MenuContainerController+Transitions.swift
//  MenuKit
//
//  Content changes with a little flourish, the way side-menu libraries of that era did them:
//  a screenshot slid away with `transition(with:)` and no style, the content swapped first and
//  then flipped with `animations: nil`, or the new screen faded in as scattered tiles whose
//  clean-up waits on a dispatch group.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public enum MenuContentTransition {
    case slideAway
    case flip
    case tiles(rows: Int, columns: Int)
}

extension MenuContainerController {

    /// Replaces the content controller with `transition`; `completion` runs once everything the
    /// transition added is gone.
    public func changeMainViewController(_ newController: UIViewController, transition: MenuContentTransition,
                                         duration: TimeInterval = 0.5, completion: (() -> Void)? = nil) {
        switch transition {
        case .slideAway:
            let snapshot = UIImageView(image: view.screenshot())
            snapshot.frame = view.bounds
            changeMainViewController(newController, close: false)
            view.addSubview(snapshot)
            UIView.transition(with: view, duration: duration, options: [], animations: {
                snapshot.frame.origin.x = -snapshot.frame.width
            }, completion: { _ in
                snapshot.removeFromSuperview()
                completion?()
            })

        case .flip:
            // Swapped first: the flip starts from what is on screen, the old content.
            changeMainViewController(newController, close: false)
            UIView.transition(with: view, duration: duration, options: .transitionFlipFromLeft, animations: nil) { _ in
                completion?()
            }

        case .tiles(let rows, let columns):
            let before = UIImageView(image: view.screenshot())
            before.frame = view.bounds
            changeMainViewController(newController, close: false)
            let tiles = view.screenshot().tiles(rows: rows, columns: columns, in: view.bounds)
            view.addSubview(before)
            tiles.forEach { view.addSubview($0) }
            view.isUserInteractionEnabled = false

            let group = DispatchGroup()
            for (index, tile) in tiles.enumerated() {
                group.enter()
                // Scattered but repeatable: every seventh tile first, then the next, ...
                let order = (index * 7) % tiles.count
                let delay = duration * Double(order) / Double(tiles.count)
                tile.alpha = 0
                UIView.animate(withDuration: duration, delay: delay, options: .curveEaseIn, animations: {
                    tile.alpha = 1
                }, completion: { _ in
                    group.leave()
                })
            }
            MediaClock.main.schedule(whenEmpty: group) {
                before.removeFromSuperview()
                tiles.forEach { $0.removeFromSuperview() }
                self.view.isUserInteractionEnabled = true
                completion?()
            }
        }
    }
}

extension UIView {
    /// The view as it looks now, at the screen's scale.
    func screenshot() -> UIImage {
        UIGraphicsBeginImageContextWithOptions(bounds.size, false, 0)
        defer { UIGraphicsEndImageContext() }
        layer.render(in: UIGraphicsGetCurrentContext()!)
        return UIGraphicsGetImageFromCurrentImageContext()!
    }
}

extension UIImage {
    /// The image cut into `rows` × `columns` image views laid over `rect`.
    func tiles(rows: Int, columns: Int, in rect: CGRect) -> [UIImageView] {
        guard let image = cgImage, rows > 0, columns > 0 else { return [] }
        let width = rect.width / CGFloat(columns), height = rect.height / CGFloat(rows)
        var views: [UIImageView] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let frame = CGRect(x: rect.minX + CGFloat(column) * width, y: rect.minY + CGFloat(row) * height,
                                   width: width, height: height)
                let pixels = CGRect(x: frame.minX * scale, y: frame.minY * scale,
                                    width: frame.width * scale, height: frame.height * scale).integral
                guard let piece = image.cropping(to: pixels) else { continue }
                let view = UIImageView(image: UIImage(cgImage: piece, scale: scale, orientation: .up))
                view.frame = frame
                views.append(view)
            }
        }
        return views
    }
}
