import Flipbook

// The other shape of "explode" animators in public libraries: the screen being left is
// snapshotted, that snapshot is cut into very small square tiles (10 pt: about 3 400 on an
// iPhone 15) with `resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)` of the
// snapshot itself (not of the live view), and every tile drops off the bottom with a linear
// curve and its own sideways drift over 2 s, the new screen waiting underneath. A second
// variant cuts 20 pt tiles and lets UIKit Dynamics drop them (gravity, one small instantaneous
// push each). Registered for this benchmark only (`make bench-scenes SCENE=starfall`, and
// `SCENE=starfall-dynamics`): the aim is an export at ≥ 2x real time in release.

/// Cuts `picture` (a snapshot view the size of `size`) into `tile`-point squares laid over
/// `container` where the picture was; squares on the right and bottom edges run past it, as
/// such loops (`stride(from: 0, through: width, by: tile)`) make them.
@MainActor
func starfallTiles(of picture: UIView, size: CGSize, tile: CGFloat, in container: UIView) -> [UIView] {
    var tiles: [UIView] = []
    for x in stride(from: CGFloat(0), through: size.width, by: tile) {
        for y in stride(from: CGFloat(0), through: size.height, by: tile) {
            let region = CGRect(x: x, y: y, width: tile, height: tile)
            guard let piece = picture.resizableSnapshotView(from: region, afterScreenUpdates: false, withCapInsets: .zero)
            else { continue }
            piece.frame = region
            container.addSubview(piece)
            tiles.append(piece)
        }
    }
    return tiles
}

/// A fixed pseudo-random sequence in [0, 1), so every run draws the same frames.
struct StarfallRandom {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next() -> CGFloat {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGFloat(seed >> 40) / CGFloat(1 << 24)
    }
}

final class StarfallAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let dynamics: Bool
    var animator: UIDynamicAnimator?
    init(dynamics: Bool) { self.dynamics = dynamics }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 2 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(false)
            return
        }
        let container = context.containerView
        container.addSubview(toView)
        container.sendSubviewToBack(toView)
        guard let picture = fromView.snapshotView(afterScreenUpdates: false) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let size = fromView.frame.size
        var random = StarfallRandom()
        let tiles = starfallTiles(of: picture, size: size, tile: dynamics ? 20 : 10, in: container)
        fromView.removeFromSuperview()
        if dynamics {
            let animator = UIDynamicAnimator(referenceView: container)
            for tile in tiles {
                let push = UIPushBehavior(items: [tile], mode: .instantaneous)
                push.pushDirection = CGVector(dx: (random.next() - 0.5) * 0.3, dy: -random.next() * 0.15)
                animator.addBehavior(push)
            }
            animator.addBehavior(UIGravityBehavior(items: tiles))
            self.animator = animator
            MediaClock.main.schedule(after: 2) { [weak self] in
                self?.animator = nil
                for tile in tiles { tile.removeFromSuperview() }
                context.completeTransition(!context.transitionWasCancelled)
            }
            return
        }
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
            for tile in tiles {
                let dx = (random.next() - 0.5) * 400
                let dy = size.height * (1 + random.next() * 0.3)
                tile.frame = tile.frame.offsetBy(dx: dx, dy: dy)
            }
        } completion: { _ in
            for tile in tiles { tile.removeFromSuperview() }
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

final class StarfallDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let dynamics: Bool
    init(dynamics: Bool) { self.dynamics = dynamics }
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { StarfallAnimator(dynamics: dynamics) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        StarfallAnimator(dynamics: dynamics)
    }
}

/// Present at 0.3 s (the list falls apart onto the detail), dismiss at 2.6 s.
class StarfallScene: AppScene {
    class var name: String { "starfall" }
    class var summary: String { "Benchmark only: a snapshot cut into ~3 400 10 pt tiles that fall away linearly, both ways" }
    class var dynamics: Bool { false }
    let duration: CFTimeInterval = 5
    let driver: AppDriver
    let list = ExplodeListViewController(tint: .systemTeal, title: "Stars")
    let delegate: StarfallDelegate

    required init(size: CGSize) {
        delegate = StarfallDelegate(dynamics: Self.dynamics)
        driver = AppDriver(rootViewController: list, device: .fitting(size))
    }

    func script(_ s: SceneScript) {
        s.at(0.3) { [self] in
            let detail = ExplodeListViewController(tint: .systemPink, title: "Detail")
            detail.modalPresentationStyle = .fullScreen
            detail.transitioningDelegate = delegate
            list.present(detail, animated: true)
        }
        s.at(2.6) { [self] in list.presentedViewController?.dismiss(animated: true) }
    }
}

/// The same with 20 pt tiles (about 860) dropped by UIKit Dynamics.
final class StarfallDynamicsScene: StarfallScene {
    override class var name: String { "starfall-dynamics" }
    override class var summary: String { "Benchmark only: ~860 20 pt snapshot tiles dropped by gravity and pushes, both ways" }
    override class var dynamics: Bool { true }
}
