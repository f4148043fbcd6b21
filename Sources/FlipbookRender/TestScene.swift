import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Flipbook's built-in test scene: everything the renderer draws, moving.
///
/// A card spinning 225° about y under perspective (past 90°, so its back shows), a single-sided
/// card tipping about x (culled once it faces away), a floor plane that reaches behind the eye
/// (clipped before the divide), rounded clipped corners (continuous), a blurred shadow, an image
/// with a circular mask and a border, and a wrapped text label with emoji. Its state is a pure
/// function of elapsed time (`update(elapsed:)`), so any frame can be rendered alone.
@preconcurrency @MainActor
public final class TestScene: RenderScene {
    public static let name = "test"
    public static let summary = "Renderer test scene: 3D cards under perspective, clipping, shadow, mask, image, text with emoji"
    public let rootLayer = CALayer()
    public let duration: CFTimeInterval = 2
    let stage = CALayer()
    let card = CALayer()
    let tipCard = CALayer()
    let floor = CALayer()
    let shadowed = CALayer()
    let masked = CALayer()
    let size: CGSize

    public required init(size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let w = size.width > 0 && size.width.isFinite ? size.width : 393
        let h = size.height > 0 && size.height.isFinite ? size.height : 852
        self.size = CGSize(width: w, height: h)
        buildRoot(w, h)
        buildStage(w, h)
        buildFloor(w, h)
        buildCard(w, h)
        buildTipCard(w, h)
        buildShadowed(w, h)
        buildMasked(w, h)
        buildTitle(w)
        update(elapsed: 0)
    }

    // MARK: Building the scene, back to front (each stage adds its layer where it belongs)

    /// Sizes `layer` (bounds at the origin) and centres it on (x, y) in its superlayer.
    private func place(_ layer: CALayer, width: CGFloat, height: CGFloat, x: CGFloat, y: CGFloat) {
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.position = CGPoint(x: x, y: y)
    }

    private func buildRoot(_ w: CGFloat, _ h: CGFloat) {
        place(rootLayer, width: w, height: h, x: w / 2, y: h / 2)
        rootLayer.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.14, alpha: 1)
    }

    /// The perspective stage the floor and the two cards stand on.
    private func buildStage(_ w: CGFloat, _ h: CGFloat) {
        place(stage, width: w, height: h * 0.5, x: w / 2, y: h * 0.45)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        stage.sublayerTransform = p
        rootLayer.addSublayer(stage)
    }

    /// A checkerboard tipped almost flat, reaching behind the eye.
    private func buildFloor(_ w: CGFloat, _ h: CGFloat) {
        place(floor, width: w * 1.6, height: h * 0.9, x: w / 2, y: h * 0.5)
        floor.contents = TestScene.checkerboard()
        floor.contentsGravity = .resize
        floor.opacity = 0.55
        floor.transform = CATransform3DMakeRotation(-CGFloat.pi * 0.47, 1, 0, 0)
        stage.addSublayer(floor)
    }

    /// The spinning card: continuous rounded corners clipping a picture and a wrapped caption.
    private func buildCard(_ w: CGFloat, _ h: CGFloat) {
        place(card, width: w * 0.56, height: h * 0.3, x: w / 2, y: h * 0.2)
        card.backgroundColor = CGColor(red: 0.98, green: 0.97, blue: 0.94, alpha: 1)
        card.cornerRadius = 24
        card.cornerCurve = .continuous
        card.masksToBounds = true
        let picture = CALayer()
        picture.bounds = CGRect(x: 0, y: 0, width: card.bounds.width, height: card.bounds.height * 0.62)
        picture.position = CGPoint(x: card.bounds.width / 2, y: picture.bounds.height / 2)
        picture.contents = TestScene.landscape()
        picture.contentsGravity = .resizeAspectFill
        picture.masksToBounds = true  // aspect-fill overflows its bounds otherwise, as on iOS
        card.addSublayer(picture)
        let caption = CALayer()
        let captionSize = CGSize(width: card.bounds.width - 24, height: card.bounds.height * 0.38 - 12)
        caption.bounds = CGRect(origin: .zero, size: captionSize)
        caption.position = CGPoint(x: card.bounds.width / 2, y: picture.bounds.height + 6 + captionSize.height / 2)
        caption.contents = TextRenderer.image(
            "Layer trees rendered headless, frame by frame 🎬✨ with pango text wrapping",
            style: TextStyle(fontName: "DejaVu Sans Bold", fontSize: 15, color: CGColor(red: 0.15, green: 0.16, blue: 0.22, alpha: 1),
                             alignment: .center, maximumNumberOfLines: 3),
            size: captionSize, scale: 3)
        caption.contentsScale = 3
        card.addSublayer(caption)
        stage.addSublayer(card)
    }

    /// The single-sided bordered card that tips about x (culled once it faces away).
    private func buildTipCard(_ w: CGFloat, _ h: CGFloat) {
        place(tipCard, width: w * 0.36, height: h * 0.09, x: w / 2, y: h * 0.43)
        tipCard.backgroundColor = CGColor(red: 0.30, green: 0.55, blue: 0.98, alpha: 1)
        tipCard.cornerRadius = 14
        tipCard.isDoubleSided = false
        tipCard.borderWidth = 3
        tipCard.borderColor = CGColor.white
        stage.addSublayer(tipCard)
    }

    /// A rounded square casting a blurred shadow.
    private func buildShadowed(_ w: CGFloat, _ h: CGFloat) {
        place(shadowed, width: w * 0.26, height: w * 0.26, x: w * 0.27, y: h * 0.82)
        shadowed.backgroundColor = CGColor(red: 1, green: 0.58, blue: 0.18, alpha: 1)
        shadowed.cornerRadius = 18
        shadowed.shadowColor = CGColor.black
        shadowed.shadowOpacity = 0.7
        shadowed.shadowRadius = 10
        shadowed.shadowOffset = CGSize(width: 0, height: 10)
        rootLayer.addSublayer(shadowed)
    }

    /// An image under a circular mask, with a ring drawn over it.
    private func buildMasked(_ w: CGFloat, _ h: CGFloat) {
        place(masked, width: w * 0.3, height: w * 0.3, x: w * 0.72, y: h * 0.82)
        masked.contents = TestScene.landscape()
        masked.contentsGravity = .resizeAspectFill
        let circle = CALayer()
        circle.bounds = masked.bounds
        circle.position = CGPoint(x: masked.bounds.midX, y: masked.bounds.midY)
        circle.cornerRadius = masked.bounds.width / 2
        circle.backgroundColor = CGColor.black
        masked.mask = circle
        let ring = CALayer()
        ring.bounds = masked.bounds
        ring.position = circle.position
        ring.cornerRadius = masked.bounds.width / 2
        ring.borderWidth = 4
        ring.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
        masked.addSublayer(ring)
        rootLayer.addSublayer(masked)
    }

    /// The title text with emoji, across the top.
    private func buildTitle(_ w: CGFloat) {
        let title = CALayer()
        let titleSize = CGSize(width: w - 40, height: 70)
        title.bounds = CGRect(origin: .zero, size: titleSize)
        title.position = CGPoint(x: w / 2, y: 30 + titleSize.height / 2)
        title.contents = TextRenderer.image(
            "Flipbook 📚 renders Core Animation in 3D, headless", style: TextStyle(fontName: "DejaVu Sans Bold", fontSize: 24, color: .white),
            size: titleSize, scale: 3)
        title.contentsScale = 3
        rootLayer.addSublayer(title)
    }

    /// Sets every moving property for `elapsed` seconds (a pure function of time).
    public func update(elapsed: CFTimeInterval) {
        // Direct sets, no implicit animations: the frame shows exactly these values.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let t = duration > 0 ? min(max(elapsed / duration, 0), 1) : 1
        let ease = t * t * (3 - 2 * t)
        card.transform = CATransform3DMakeRotation(CGFloat.pi * 1.25 * ease, 0, 1, 0)
        tipCard.transform = CATransform3DMakeRotation(CGFloat.pi * 0.85 * ease, 1, 0, 0)
        shadowed.transform = CATransform3DMakeRotation(CGFloat.pi / 2 * ease, 0, 0, 1)
        masked.opacity = Float(1 - 0.5 * t)
    }

    /// A 128 × 96 landscape picture (sky gradient, sun, hills), made in code.
    static func landscape() -> CGImage? {
        let w = 128, h = 96
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let fy = Double(y) / Double(h)
                var r = 0.35 + 0.6 * fy, g = 0.55 + 0.25 * fy, b = 0.95 - 0.3 * fy
                let dx = Double(x - 88), dy = Double(y - 34)
                if dx * dx + dy * dy < 196 { r = 1; g = 0.85; b = 0.3 }
                let hill = 70 + 10 * sin(Double(x) / 12) - Double(x) / 10
                if Double(y) > hill { r = 0.2; g = 0.55 - 0.2 * fy; b = 0.3 }
                let k = (y * w + x) * 4
                px[k] = UInt8(min(255, r * 255)); px[k + 1] = UInt8(min(255, g * 255)); px[k + 2] = UInt8(min(255, b * 255))
            }
        }
        return CGImage(width: w, height: h, premultipliedRGBA: px)
    }

    /// A 256 × 256 checkerboard of 16 cells.
    static func checkerboard() -> CGImage? {
        let n = 256
        var px = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let on = ((x / 16) + (y / 16)) % 2 == 0
                let k = (y * n + x) * 4
                let v: UInt8 = on ? 200 : 60
                px[k] = v / 2; px[k + 1] = v; px[k + 2] = v
            }
        }
        return CGImage(width: n, height: n, premultipliedRGBA: px)
    }
}
