import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The status bar drawn over a window (docs/Semantics.md, "Status bar"): "9:41", cellular
/// bars, Wi-Fi and a full battery, in black or white as `StatusBarAppearance` decides, laid
/// out for the window's device (the Dynamic Island ears on iPhone 15, a 20-point bar on the
/// iPhone SE, a 24-point bar on iPad).
///
/// It is a layer on top of the window's layer (a large `zPosition`, no view, so it takes no
/// touches), as iOS draws its status bar in a window above the app's. AppDriver adds one when
/// `showsStatusBar` is on. Changes follow the deciding controller: when a transition starts,
/// over the transition's duration; when `setNeedsStatusBarAppearanceUpdate()` is called inside
/// an animation block, over the block's duration; otherwise at once. `.fade` cross-fades the
/// black and white content (and fades the bar for visibility), `.slide` moves the bar out
/// upwards, `.none` switches at once.
@preconcurrency @MainActor
final class StatusBarOverlay {
    let container = CALayer()
    private let darkContent = CALayer()
    private let lightContent = CALayer()
    private let darkDrawer: Drawer
    private let lightDrawer: Drawer
    private weak var window: UIWindow?
    private(set) var shown: StatusBarAppearance?
    private let barHeight: CGFloat

    init(window: UIWindow) {
        self.window = window
        let device = window.screen.device
        let layout = StatusBarLayout(device: device, width: window.bounds.width)
        barHeight = layout.height
        darkDrawer = Drawer(layout: layout, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        lightDrawer = Drawer(layout: layout, color: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.frame = CGRect(x: 0, y: 0, width: window.bounds.width, height: layout.height)
        container.zPosition = 100_000
        container.name = "Flipbook status bar"
        for (layer, drawer) in [(darkContent, darkDrawer), (lightContent, lightDrawer)] {
            layer.frame = container.bounds
            layer.delegate = drawer
            layer.contentsScale = 3
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            container.addSublayer(layer)
        }
        window.layer.addSublayer(container)
        CATransaction.commit()
        window.statusBarOverlay = self
        update(duration: 0)
    }

    /// Takes the status bar off the window.
    func remove() {
        container.removeFromSuperlayer()
        if let window, window.statusBarOverlay === self { window.statusBarOverlay = nil }
    }

    /// The overlay of `window`, if it shows one.
    static func overlay(for window: UIWindow) -> StatusBarOverlay? { window.statusBarOverlay }

    /// Re-reads the deciding controller's preferences for `window`'s status bar.
    static func appearanceMayHaveChanged(in window: UIWindow?, duration: TimeInterval) {
        guard let window, let overlay = window.statusBarOverlay else { return }
        overlay.update(duration: duration)
    }

    /// Shows the current appearance, animating changes over `duration` seconds.
    func update(duration: TimeInterval) {
        guard let window else { return }
        let new = StatusBarAppearance.resolve(in: window)
        let old = shown
        guard new != old else { return }
        shown = new
        let light = new.style == .lightContent
        let animated = old != nil && duration > 0 && duration.isFinite && new.animation != .none
        let oldDark = darkContent.presentation()?.opacity ?? darkContent.opacity
        let oldLight = lightContent.presentation()?.opacity ?? lightContent.opacity
        let oldOpacity = container.presentation()?.opacity ?? container.opacity
        let oldY = container.presentation()?.position.y ?? container.position.y
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        darkContent.opacity = light ? 0 : 1
        lightContent.opacity = light ? 1 : 0
        let slide = new.animation == .slide
        container.opacity = new.isHidden && !slide ? 0 : 1
        container.position.y = new.isHidden && slide ? -barHeight / 2 : barHeight / 2
        if new.isHidden && slide { container.opacity = 1 }
        CATransaction.commit()
        guard animated else { return }
        func animate(_ layer: CALayer, _ key: String, from: Any, to: Any) {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            a.toValue = to
            a.duration = duration
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(a, forKey: "statusBar.\(key)")
        }
        animate(darkContent, "opacity", from: oldDark, to: darkContent.opacity)
        animate(lightContent, "opacity", from: oldLight, to: lightContent.opacity)
        if slide, old?.isHidden != new.isHidden {
            // In from above or out upwards, fully opaque.
            let shownY = barHeight / 2, hiddenY = -barHeight / 2
            let from = container.animation(forKey: "statusBar.position.y") != nil ? oldY : (new.isHidden ? shownY : hiddenY)
            animate(container, "position.y", from: from, to: new.isHidden ? hiddenY : shownY)
        } else {
            if oldOpacity != container.opacity { animate(container, "opacity", from: oldOpacity, to: container.opacity) }
            if oldY != container.position.y { animate(container, "position.y", from: oldY, to: container.position.y) }
        }
    }

    /// Draws the status bar's content in one colour.
    private final class Drawer: NSObject, CALayerDelegate {
        let layout: StatusBarLayout
        let color: CGColor
        init(layout: StatusBarLayout, color: CGColor) { self.layout = layout; self.color = color }
        func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
        func draw(_ layer: CALayer, in ctx: CGContext) { layout.draw(in: ctx, color: color) }
    }
}

/// Where the status bar's items go on a device, and how they are drawn.
struct StatusBarLayout {
    let height: CGFloat
    let timeCenter: CGPoint
    let timeFont: String
    /// The left edge of the cellular bars, Wi-Fi and battery group (drawn left to right) and
    /// its vertical centre.
    let iconsOrigin: CGPoint
    /// On devices with a home button the cellular and Wi-Fi icons sit at the left.
    let iconsSplit: Bool
    let width: CGFloat

    init(device: UIScreen.Device, width: CGFloat) {
        self.width = width
        let top = device.safeAreaInsets.top
        if top >= 44 {
            // Dynamic Island / notch: the bar is the top inset less 5 points; the time is
            // centred in the left ear, the icons in the right ear.
            height = top - 5
            let ear = (width / 2 - 63) / 2
            timeCenter = CGPoint(x: ear + 8, y: height / 2 + 1)
            timeFont = "DejaVu Sans Bold 15"
            iconsOrigin = CGPoint(x: width - ear - 8 - 34.5, y: height / 2 + 1)
            iconsSplit = false
        } else {
            height = top > 0 ? top : 20
            let pad = device.name.contains("ipad")
            timeCenter = CGPoint(x: pad ? 30 : width / 2, y: height / 2)
            timeFont = "DejaVu Sans Bold 11"
            iconsOrigin = CGPoint(x: width - 6 - 27, y: height / 2)
            iconsSplit = !pad
        }
    }

    func draw(in ctx: CGContext, color: CGColor) {
        ctx.setFillColor(color)
        ctx.setStrokeColor(color)
        ctx.drawText("9:41", in: CGRect(x: timeCenter.x - 40, y: timeCenter.y - 9.5, width: 80, height: 19),
                     fontDescription: timeFont, color: color, alignment: .center)
        var x = iconsSplit ? 6 : iconsOrigin.x
        let cy = iconsOrigin.y
        // Cellular: four bars, bottoms aligned.
        for (i, h) in ([4, 6, 8.5, 11] as [CGFloat]).enumerated() {
            let r = CGRect(x: x + CGFloat(i) * 4.5, y: cy + 5.5 - h, width: 3, height: h)
            ctx.addPath(CGPath(roundedRect: r, cornerWidth: 1, cornerHeight: 1, transform: nil))
            ctx.fillPath()
        }
        x += 17 + 5
        // Wi-Fi: a dot and two arcs around a point below the icon.
        let base = CGPoint(x: x + 7.5, y: cy + 5.5)
        ctx.fillEllipse(in: CGRect(x: base.x - 1.6, y: base.y - 3.2, width: 3.2, height: 3.2))
        ctx.setLineWidth(2)
        ctx.setLineCap(.round)
        for radius in [6.0, 10.0] as [CGFloat] {
            var pts: [CGPoint] = []
            for k in 0...12 {
                let a = -CGFloat.pi * 3 / 4 + CGFloat(k) / 12 * (CGFloat.pi / 2)
                pts.append(CGPoint(x: base.x + radius * cos(a), y: base.y - 0.5 + radius * sin(a)))
            }
            ctx.addLines(between: pts)
            ctx.strokePath()
        }
        x = iconsSplit ? iconsOrigin.x : x + 15 + 5
        // Battery: a translucent outline, a full charge, the terminal cap.
        let body = CGRect(x: x, y: cy - 6, width: 25, height: 12)
        ctx.saveGState()
        ctx.setAlpha(0.35)
        ctx.setLineWidth(1)
        ctx.addPath(CGPath(roundedRect: body.insetBy(dx: 0.5, dy: 0.5), cornerWidth: 3.5, cornerHeight: 3.5, transform: nil))
        ctx.strokePath()
        ctx.setAlpha(0.4)
        ctx.addPath(CGPath(roundedRect: CGRect(x: body.maxX + 1, y: cy - 2, width: 1.5, height: 4), cornerWidth: 0.75, cornerHeight: 0.75, transform: nil))
        ctx.fillPath()
        ctx.restoreGState()
        ctx.addPath(CGPath(roundedRect: body.insetBy(dx: 2, dy: 2), cornerWidth: 1.8, cornerHeight: 1.8, transform: nil))
        ctx.fillPath()
    }
}
