import Flipbook

// Two patterns of public iOS libraries that made exports slow (issue perf8), registered for this
// benchmark only (`make bench-scenes SCENE=masked-cards`, `SCENE=shadow-popup`):
//
// - masked-cards, a card slider as such libraries write it: cards of 300 × 400 points whose
//   content view is clipped by a rounded-rect `CAShapeLayer` set as its layer's `mask` (made
//   without a frame, the path alone giving its shape), or, for one card in two, by a plain layer
//   with a corner radius set as the mask; inside, a picture larger than the card zooms out as
//   the card comes forward (parallax) and a white shade fades; the card casts a shadow along a
//   shadowPath whose opacity follows the card's place. The deck slides along by one card every
//   0.8 s (translation and scale), so every card moves every frame while its mask stays.
// - shadow-popup, a popup menu as such libraries write it: a rounded white menu of six rows
//   casting a soft shadow (shadowOpacity 0.25, shadowRadius 10, no shadowPath) grows in from a
//   corner (transform from 0.3 to 1, alpha 0 to 1), stays, slides down a little, fades out,
//   and again; nothing in the menu changes but its transform, position and alpha.

/// One card: a shadow along its path on the card's layer, a content view clipped by a mask
/// layer holding a zooming picture and a fading shade.
final class SliderCard: UIView {
    let content = UIView()
    let picture = UIImageView()
    let shade = UIView()

    init(tint: UIColor, accent: UIColor, title: String, shapeMask: Bool) {
        super.init(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 24).cgPath
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowRadius = 20
        layer.shadowOffset = CGSize(width: 0, height: 20)
        layer.shadowOpacity = 0.3
        content.frame = bounds
        content.backgroundColor = tint
        addSubview(content)
        // The picture: larger than the card, centred (zoomed out as the card comes forward).
        picture.image = Self.landscape(sky: accent, hill: tint)
        picture.contentMode = .scaleAspectFill
        content.addSubview(picture)
        let caption = UILabel(frame: CGRect(x: 20, y: 300, width: 260, height: 34))
        caption.text = title
        caption.font = .boldSystemFont(ofSize: 26)
        caption.textColor = .white
        content.addSubview(caption)
        let detail = UILabel(frame: CGRect(x: 20, y: 340, width: 260, height: 40))
        detail.text = "Three nights, two people"
        detail.textColor = .white.withAlphaComponent(0.8)
        content.addSubview(detail)
        shade.backgroundColor = .white
        shade.frame = bounds.insetBy(dx: -2, dy: -2)
        content.addSubview(shade)
        if shapeMask {
            let shape = CAShapeLayer()  // no frame: the path alone
            shape.path = UIBezierPath(roundedRect: bounds, cornerRadius: 24).cgPath
            content.layer.mask = shape
        } else {
            let mask = CALayer()
            mask.frame = bounds
            mask.backgroundColor = UIColor.black.cgColor
            mask.cornerRadius = 24
            content.layer.mask = mask
        }
        setZoom(1, shade: 0)
    }

    required init?(coder: NSCoder) { nil }

    /// A 300 × 400 point picture: sky, sun, hill.
    static func landscape(sky: UIColor, hill: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 300, height: 400)).image { ctx in
            let cg = ctx.cgContext
            cg.setFillColor(sky.cgColor)
            cg.fill(CGRect(x: 0, y: 0, width: 300, height: 400))
            cg.setFillColor(UIColor.white.withAlphaComponent(0.8).cgColor)
            cg.fillEllipse(in: CGRect(x: 190, y: 50, width: 80, height: 80))
            cg.setFillColor(hill.cgColor)
            cg.fillEllipse(in: CGRect(x: -60, y: 230, width: 340, height: 300))
        }
    }

    /// The picture at 1 + (1 − zoom) times the card's size, the shade at `shade` (0: none).
    func setZoom(_ zoom: CGFloat, shade amount: CGFloat) {
        let f = 1 + (1 - min(zoom, 1))
        picture.bounds = CGRect(x: 0, y: 0, width: 300 * f, height: 400 * f)
        picture.center = CGPoint(x: 150, y: 200)
        shade.alpha = amount
        layer.shadowOpacity = Float(0.3 * (1 - amount))
    }
}

/// The card slider's screen.
final class MaskedCardsViewController: UIViewController {
    var cards: [SliderCard] = []
    /// How far along the deck is (0, 1, 2 … cards slid past).
    var step = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.12, green: 0.13, blue: 0.18, alpha: 1)
        let title = UILabel(frame: CGRect(x: 24, y: 70, width: 340, height: 40))
        title.text = "Destinations"
        title.font = .boldSystemFont(ofSize: 32)
        title.textColor = .white
        view.addSubview(title)
        let tints: [UIColor] = [.systemOrange, .systemTeal, .systemPink, .systemIndigo, .systemGreen, .systemYellow]
        for i in 0..<6 {
            cards.append(SliderCard(tint: tints[i], accent: tints[(i + 2) % tints.count], title: "Place \(i + 1)", shapeMask: i % 2 == 0))
        }
        // The first card on top.
        for card in cards.reversed() { view.addSubview(card) }
        place(animated: false)
    }

    /// Card k of the deck at `step`: the front one centred, the ones behind smaller, higher up
    /// and shaded, the ones slid past off to the left.
    func place(animated: Bool) {
        let apply = { [self] in
            for (k, card) in cards.enumerated() {
                let slot = CGFloat(k - step)
                let scale = slot < 0 ? 1 : max(0.6, 1 - 0.1 * slot)
                card.center = CGPoint(x: view.bounds.midX + (slot < 0 ? slot * 360 : 0), y: view.bounds.midY + 40 - max(0, slot) * 40)
                card.transform = CGAffineTransform(scaleX: scale, y: scale)
                card.setZoom(scale, shade: min(0.8, max(0, slot) * 0.3))
            }
        }
        if animated {
            UIView.animate(withDuration: 0.6, delay: 0, options: [.curveEaseInOut], animations: apply)
        } else {
            apply()
        }
    }
}

final class MaskedCardsScene: AppScene {
    static let name = "masked-cards"
    static let summary = "Benchmark only: a card slider whose cards are clipped by mask layers, sliding and scaling"
    let duration: CFTimeInterval = 3.2
    let driver: AppDriver
    let slider = MaskedCardsViewController()

    init(size: CGSize) {
        driver = AppDriver(rootViewController: slider, device: .fitting(size))
    }

    func script(_ s: SceneScript) {
        for k in 0..<4 {
            s.at(0.1 + 0.8 * Double(k)) { [self] in
                slider.step += 1
                slider.place(animated: true)
                // Core Animation's own property, which UIView animations leave alone: as the
                // library sets it from its layout on every scrolling frame.
                for card in slider.cards {
                    let fade = CABasicAnimation(keyPath: "shadowOpacity")
                    fade.fromValue = 0.0
                    fade.duration = 0.6
                    card.layer.add(fade, forKey: "shadowFade")
                }
            }
        }
    }
}

/// The popup menu's screen: a list behind, the menu over it.
final class ShadowPopupViewController: UIViewController {
    let menu = UIView(frame: CGRect(x: 120, y: 110, width: 250, height: 300))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        for i in 0..<12 {
            let row = UILabel(frame: CGRect(x: 20, y: 100 + CGFloat(i) * 56, width: 350, height: 48))
            row.text = "Message \(i + 1)"
            row.backgroundColor = UIColor.systemGray6
            view.addSubview(row)
        }
        menu.backgroundColor = .white
        menu.layer.cornerRadius = 14
        menu.layer.shadowColor = UIColor.black.cgColor
        menu.layer.shadowOpacity = 0.25
        menu.layer.shadowRadius = 10
        menu.layer.shadowOffset = CGSize(width: 0, height: 4)
        for (i, name) in ["Reply", "Forward", "Copy", "Pin", "Mark as unread", "Delete"].enumerated() {
            let item = UILabel(frame: CGRect(x: 18, y: CGFloat(i) * 50, width: 214, height: 50))
            item.text = name
            item.textColor = i == 5 ? .systemRed : .label
            menu.addSubview(item)
            if i > 0 {
                let line = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 50, width: 250, height: 0.5))
                line.backgroundColor = .separator
                menu.addSubview(line)
            }
        }
        // Grows from its top-right corner, as context menus do.
        menu.layer.anchorPoint = CGPoint(x: 1, y: 0)
        menu.center = CGPoint(x: 370, y: 110)
        menu.alpha = 0
        menu.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
        view.addSubview(menu)
    }

    func show() {
        UIView.animate(withDuration: 0.35, delay: 0, options: [.curveEaseOut]) { [self] in
            menu.alpha = 1
            menu.transform = .identity
        }
    }

    func slide() {
        UIView.animate(withDuration: 0.4, delay: 0, options: [.curveEaseInOut]) { [self] in
            menu.center.y += 60
        }
    }

    func hide() {
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn]) { [self] in
            menu.alpha = 0
            menu.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
            menu.center.y -= 60
        }
    }
}

final class ShadowPopupScene: AppScene {
    static let name = "shadow-popup"
    static let summary = "Benchmark only: a popup menu with a soft shadow (no shadowPath) growing in, sliding, fading out"
    let duration: CFTimeInterval = 3.0
    let driver: AppDriver
    let screen = ShadowPopupViewController()

    init(size: CGSize) {
        driver = AppDriver(rootViewController: screen, device: .fitting(size))
    }

    func script(_ s: SceneScript) {
        for k in 0..<2 {
            let t = 0.1 + 1.45 * Double(k)
            s.at(t) { [self] in screen.show() }
            s.at(t + 0.45) { [self] in screen.slide() }
            s.at(t + 1.0) { [self] in screen.hide() }
        }
    }
}
