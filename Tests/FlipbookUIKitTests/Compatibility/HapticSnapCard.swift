// Compatibility corpus: "a haptic on snap". Ordinary UIKit code in the style of card and
// bottom-sheet libraries: a pan drags a card, release snaps it to the nearest anchor with a
// spring, and a haptic marks the snap. Ported with only the import and target-action changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class SnapCardViewController: UIViewController {
    let card = UIView()
    private let feedback = UIImpactFeedbackGenerator(style: .medium)
    private var anchors: [CGPoint] = []
    private var startCenter: CGPoint = .zero

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        card.backgroundColor = .systemIndigo
        card.layer.cornerRadius = 20
        card.frame = CGRect(x: 0, y: 0, width: 160, height: 220)
        view.addSubview(card)
        let heart = UIImageView(image: UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 36)))
        heart.tintColor = .white
        heart.center = CGPoint(x: 80, y: 110)
        card.addSubview(heart)
        // iOS: UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) }))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        anchors = [CGPoint(x: b.midX, y: b.height * 0.3), CGPoint(x: b.midX, y: b.height * 0.7)]
        if card.center == CGPoint(x: 80, y: 110) { card.center = anchors[0] }
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            startCenter = card.center
            feedback.prepare()
        case .changed:
            let t = pan.translation(in: view)
            card.center = CGPoint(x: startCenter.x + t.x, y: startCenter.y + t.y)
        case .ended, .cancelled:
            let target = anchors.min { hypot($0.x - card.center.x, $0.y - card.center.y) < hypot($1.x - card.center.x, $1.y - card.center.y) }!
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0) {
                self.card.center = target
            }
            feedback.impactOccurred()
        default:
            break
        }
    }
}
