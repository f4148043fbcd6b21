// Compatibility corpus: "a card stack with UIKit Dynamics". Ordinary UIKit code in the style of
// swipe-deck apps and the classic UIKit Dynamics throwing tutorials: the top card follows the
// finger through a UIAttachmentBehavior anchored at the touch, a slow release snaps it back onto
// the stack with a UISnapBehavior, and a fast one throws it off screen with an instantaneous
// UIPushBehavior carrying the pan's velocity (pushed at the grab point, so it spins); once it has
// left the screen it is removed and the next card moves up. Ported with only the import and the
// target-action line changed (docs/Porting.md).
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class CardStackViewController: UIViewController {
    /// The cards, bottom to top; the last one is the one you can drag.
    private(set) var cards: [UIView] = []
    /// Where the top card rests.
    private(set) var stackCenter: CGPoint = .zero
    /// Releases that threw a card away, and those that snapped it back.
    private(set) var thrownCount = 0
    private(set) var snappedCount = 0
    /// The pan's velocity at the last release.
    private(set) var releaseVelocity: CGPoint = .zero

    private var animator: UIDynamicAnimator!
    private var attachment: UIAttachmentBehavior?
    private let throwingThreshold: CGFloat = 1000
    private let cardSize = CGSize(width: 240, height: 340)
    private let colors: [UIColor] = [.systemTeal, .systemGreen, .systemOrange, .systemPink]
    private let symbols = ["house.fill", "star.fill", "play.fill", "heart.fill"]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        animator = UIDynamicAnimator(referenceView: view)
        for (color, symbol) in zip(colors, symbols) {
            let card = UIView(frame: CGRect(origin: .zero, size: cardSize))
            card.backgroundColor = color
            card.layer.cornerRadius = 24
            let glyph = UIImageView(image: UIImage(systemName: symbol, withConfiguration: UIImage.SymbolConfiguration(pointSize: 64)))
            glyph.tintColor = .white
            glyph.center = CGPoint(x: cardSize.width / 2, y: cardSize.height / 2)
            card.addSubview(glyph)
            // iOS: UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
            card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) }))
            view.addSubview(card)
            cards.append(card)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY - 30)
        if center != stackCenter {
            stackCenter = center
            layoutStack()
        }
    }

    /// Each card below the top sits a little lower and smaller; only the top card takes touches.
    private func layoutStack() {
        for (depth, card) in cards.reversed().enumerated() {
            let shrink = 1 - 0.06 * CGFloat(depth)
            card.transform = CGAffineTransform(scaleX: shrink, y: shrink)
            card.center = CGPoint(x: stackCenter.x, y: stackCenter.y + 26 * CGFloat(depth))
            card.isUserInteractionEnabled = depth == 0
        }
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let card = pan.view else { return }
        let location = pan.location(in: view)
        switch pan.state {
        case .began:
            animator.removeAllBehaviors()
            let grab = pan.location(in: card)
            let offset = UIOffset(horizontal: grab.x - card.bounds.midX, vertical: grab.y - card.bounds.midY)
            let attachment = UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: location)
            animator.addBehavior(attachment)
            self.attachment = attachment
        case .changed:
            attachment?.anchorPoint = location
        case .ended, .cancelled:
            if let attachment { animator.removeBehavior(attachment) }
            attachment = nil
            let velocity = pan.velocity(in: view)
            releaseVelocity = velocity
            if pan.state == .ended && hypot(velocity.x, velocity.y) > throwingThreshold {
                throwAway(card, velocity: velocity, grabbedAt: location)
            } else {
                snapBack(card)
            }
        default:
            break
        }
    }

    private func snapBack(_ card: UIView) {
        snappedCount += 1
        let snap = UISnapBehavior(item: card, snapTo: stackCenter)
        snap.damping = 0.6
        animator.addBehavior(snap)
    }

    private func throwAway(_ card: UIView, velocity: CGPoint, grabbedAt location: CGPoint) {
        thrownCount += 1
        let push = UIPushBehavior(items: [card], mode: .instantaneous)
        push.pushDirection = CGVector(dx: velocity.x / 10, dy: velocity.y / 10)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: location.x - card.center.x, vertical: location.y - card.center.y), for: card)
        let spin = UIDynamicItemBehavior(items: [card])
        spin.angularResistance = 2
        push.action = { [weak self, weak card] in
            guard let self, let card, !self.view.bounds.intersects(card.frame) else { return }
            self.remove(card)
        }
        animator.addBehavior(spin)
        animator.addBehavior(push)
    }

    private func remove(_ card: UIView) {
        animator.removeAllBehaviors()
        card.removeFromSuperview()
        cards.removeAll { $0 === card }
        UIView.animate(withDuration: 0.3) {
            self.layoutStack()
        }
    }
}
