import Flipbook

// A springy collection view as public "bouncy" layout libraries write it (issue 37): a flow
// layout subclass hands every item's layout attributes to a UIKit Dynamics animator, each held
// at its resting place by a spring (`UIAttachmentBehavior`); a scroll drags the items by the
// scrolled distance, more the farther they are from the finger, and the springs pull them back,
// so every visible cell moves on every frame while the content scrolls. The cells are built
// with Auto Layout (an image view and two labels pinned to the content view). Then a tapped
// cell opens as a card (a custom transition that animates the card's frame), which is dragged
// down by the finger (its `center` set on every move) and let go to close.
//
// Only the cells' positions change from frame to frame, never their sizes, so in UIKit no
// cell is laid out again and Auto Layout solves nothing while the grid bounces or the card
// follows the finger. Registered for this benchmark only (`make bench-scenes SCENE=spring-grid`).

/// The layout: a flow layout whose items hang on springs.
final class SpringFlowLayout: UICollectionViewFlowLayout {
    private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    /// Springs by index path: one per item of the content (a few hundred at most here).
    private var springs: [IndexPath: UIAttachmentBehavior] = [:]
    private var lastTouch: CGPoint?

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        // Springs for the items within a screen of the visible area; the others are let go.
        let visible = CGRect(origin: collectionView.bounds.origin, size: collectionView.bounds.size)
            .insetBy(dx: 0, dy: -collectionView.bounds.height)
        let resting = super.layoutAttributesForElements(in: visible) ?? []
        let wanted = Set(resting.map(\.indexPath))
        for (path, spring) in springs where !wanted.contains(path) {
            animator.removeBehavior(spring)
            springs[path] = nil
        }
        for attributes in resting where springs[attributes.indexPath] == nil {
            let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = 0.7
            spring.frequency = 1.4
            animator.addBehavior(spring)
            springs[attributes.indexPath] = spring
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    /// Every scroll step drags each item by the scrolled distance, scaled by how far the item
    /// rests from the finger (the collection view's pan location), and wakes its spring.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let delta = newBounds.origin.y - collectionView.bounds.origin.y
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        if collectionView.isTracking { lastTouch = touch }
        let finger = lastTouch ?? CGPoint(x: newBounds.midX, y: newBounds.midY)
        for spring in springs.values {
            guard let item = spring.items.first else { continue }
            let distance = abs(finger.y - spring.anchorPoint.y) + abs(finger.x - spring.anchorPoint.x) * 0.5
            let pull = min(distance / 900, 1)
            var center = item.center
            center.y += delta < 0 ? max(delta, delta * pull) : min(delta, delta * pull)
            item.center = center
            animator.updateItem(usingCurrentState: item)
        }
        return newBounds.size != collectionView.bounds.size
    }
}

/// A cell built with Auto Layout: a thumbnail on top, a title and a subtitle under it.
final class SpringGridCell: UICollectionViewCell {
    static let reuseIdentifier = "SpringGridCell"
    let thumbnail = UIImageView()
    let title = UILabel()
    let subtitle = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = UIColor(white: 0.96, alpha: 1)
        contentView.layer.cornerRadius = 10
        contentView.clipsToBounds = true
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.layer.cornerRadius = 6
        title.font = .boldSystemFont(ofSize: 13)
        subtitle.font = .systemFont(ofSize: 11)
        subtitle.textColor = .secondaryLabel
        for v in [thumbnail, title, subtitle] as [UIView] {
            v.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(v)
        }
        NSLayoutConstraint.activate([
            thumbnail.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 6),
            thumbnail.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 6),
            thumbnail.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -6),
            title.topAnchor.constraint(equalTo: thumbnail.bottomAnchor, constant: 4),
            title.leadingAnchor.constraint(equalTo: thumbnail.leadingAnchor),
            title.trailingAnchor.constraint(equalTo: thumbnail.trailingAnchor),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 1),
            subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            subtitle.trailingAnchor.constraint(equalTo: title.trailingAnchor),
            subtitle.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6),
        ])
    }

    required init?(coder: NSCoder) { nil }

    func show(item: Int) {
        let hue = CGFloat(item % 12) / 12
        thumbnail.backgroundColor = UIColor(hue: hue, saturation: 0.55, brightness: 0.9, alpha: 1)
        title.text = "Item \(item + 1)"
        subtitle.text = "\(3 + item % 7) min ago"
    }
}

/// A card with Auto Layout content: the opened item.
final class SpringCardView: UIView {
    let picture = UIView()
    let heading = UILabel()
    let body = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        layer.cornerRadius = 16
        clipsToBounds = true
        heading.font = .boldSystemFont(ofSize: 24)
        body.font = .systemFont(ofSize: 15)
        body.numberOfLines = 0
        body.text = "A card opened from the grid. Drag it down to put it back."
        for v in [picture, heading, body] {
            v.translatesAutoresizingMaskIntoConstraints = false
            addSubview(v)
        }
        NSLayoutConstraint.activate([
            picture.topAnchor.constraint(equalTo: topAnchor),
            picture.leadingAnchor.constraint(equalTo: leadingAnchor),
            picture.trailingAnchor.constraint(equalTo: trailingAnchor),
            picture.heightAnchor.constraint(equalTo: heightAnchor, multiplier: 0.55),
            heading.topAnchor.constraint(equalTo: picture.bottomAnchor, constant: 16),
            heading.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
            heading.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -20),
            body.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: heading.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: heading.trailingAnchor),
        ])
    }

    required init?(coder: NSCoder) { nil }
}

/// The opened item: a dimmed backdrop and the card, which follows a finger dragging it down.
final class SpringCardViewController: UIViewController {
    let card = SpringCardView()
    let item: Int
    private var grabbedAt: CGPoint = .zero

    init(item: Int) {
        self.item = item
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0, alpha: 0.35)
        card.picture.backgroundColor = UIColor(hue: CGFloat(item % 12) / 12, saturation: 0.55, brightness: 0.9, alpha: 1)
        card.heading.text = "Item \(item + 1)"
        view.addSubview(card)
        card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { $0.drag($1) }))
    }

    var cardFrame: CGRect { view.bounds.insetBy(dx: 24, dy: 140) }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if card.bounds.size == .zero { card.frame = cardFrame }
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            grabbedAt = card.center
        case .changed:
            let t = pan.translation(in: view)
            card.center = CGPoint(x: grabbedAt.x + t.x * 0.4, y: grabbedAt.y + t.y)
        case .ended, .cancelled:
            dismiss(animated: true)
        default:
            break
        }
    }
}

/// Opens the card from the tapped cell's frame and closes it back there, by the card's frame.
final class SpringCardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    let cellFrame: CGRect

    init(presenting: Bool, cellFrame: CGRect) {
        self.presenting = presenting
        self.cellFrame = cellFrame
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = context.viewController(forKey: key) as? SpringCardViewController else {
            context.completeTransition(false)
            return
        }
        let container = context.containerView
        if presenting {
            controller.view.frame = context.finalFrame(for: controller)
            container.addSubview(controller.view)
            controller.view.layoutIfNeeded()
            controller.card.frame = cellFrame
            controller.view.alpha = 0
        }
        let target = presenting ? controller.cardFrame : cellFrame
        UIView.animate(
            withDuration: transitionDuration(using: context), delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0
        ) {
            controller.card.frame = target
            controller.view.alpha = self.presenting ? 1 : 0
        } completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

/// The grid's controller: 300 items in three columns, springs under them.
final class SpringGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate,
    UIViewControllerTransitioningDelegate
{
    let layout = SpringFlowLayout()
    lazy var grid = UICollectionView(frame: .zero, collectionViewLayout: layout)
    private var openedFrom: CGRect = .zero

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        layout.itemSize = CGSize(width: 115, height: 92)
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        layout.sectionInset = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
        grid.backgroundColor = .white
        grid.dataSource = self
        grid.delegate = self
        grid.register(SpringGridCell.self, forCellWithReuseIdentifier: SpringGridCell.reuseIdentifier)
        grid.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(grid)
        NSLayoutConstraint.activate([
            grid.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            grid.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            grid.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            grid.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 300 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: SpringGridCell.reuseIdentifier, for: indexPath)
        (cell as? SpringGridCell)?.show(item: indexPath.item)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let cell = collectionView.cellForItem(at: indexPath) else { return }
        openedFrom = cell.convert(cell.bounds, to: view)
        let card = SpringCardViewController(item: indexPath.item)
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        present(card, animated: true)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { SpringCardAnimator(presenting: true, cellFrame: openedFrom) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SpringCardAnimator(presenting: false, cellFrame: openedFrom)
    }
}

/// Two flings (down the grid, then back up), a tap that opens a card, a drag that closes it.
final class SpringGridScene: AppScene {
    static let name = "spring-grid"
    static let summary = "Benchmark only: ~30 Auto Layout cells on UIKit Dynamics springs, flung twice; a card opened, dragged, closed"
    let duration: CFTimeInterval = 6
    let driver: AppDriver
    let grid = SpringGridViewController()

    init(size: CGSize) {
        driver = AppDriver(rootViewController: grid, device: .fitting(size))
    }

    func script(_ s: SceneScript) {
        let w = driver.window.bounds.width
        s.drag(at: 0.3, from: CGPoint(x: w / 2, y: 700), to: CGPoint(x: w / 2 + 20, y: 300), duration: 0.15)
        s.drag(at: 1.9, from: CGPoint(x: w / 2, y: 250), to: CGPoint(x: w / 2 - 20, y: 650), duration: 0.15)
        s.tap(at: 3.4, point: CGPoint(x: w / 2, y: 420))
        s.drag(at: 4.3, from: CGPoint(x: w / 2, y: 420), to: CGPoint(x: w / 2 + 30, y: 760), duration: 0.7)
    }
}
