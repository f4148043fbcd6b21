import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookUIKit

/// UIVisualEffectView, UIBlurEffect and UIVibrancyEffect: styles, structure, animation of
/// `effect`, and the blur in rendered pixels.
@MainActor
@Suite(.freshRuntime) struct VisualEffectViewTests {
    /// Vertical bars of four colours on white: a backdrop whose blur is easy to see.
    func stripedBackground(_ size: CGSize) -> UIView {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = .white
        let colors: [UIColor] = [.systemRed, .systemBlue, .systemYellow, .black]
        var x: CGFloat = 0, k = 0
        while x < size.width {
            let bar = UIView(frame: CGRect(x: x, y: 0, width: 12, height: size.height))
            bar.backgroundColor = colors[k % colors.count]
            root.addSubview(bar)
            x += 24; k += 1
        }
        return root
    }

    /// A striped scene with an effect view over its middle and a label in its content view.
    func scene(_ effect: UIVisualEffect?, dark: Bool = false, label: Bool = true) -> (root: UIView, effectView: UIVisualEffectView) {
        let root = stripedBackground(CGSize(width: 160, height: 120))
        root.overrideUserInterfaceStyle = dark ? .dark : .light
        let v = UIVisualEffectView(effect: effect)
        v.frame = CGRect(x: 20, y: 25, width: 120, height: 70)
        v.layer.cornerRadius = 14
        v.clipsToBounds = true
        if label {
            let l = UILabel(frame: v.contentView.bounds)
            l.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            l.text = "Blur"
            l.textAlignment = .center
            l.font = .boldSystemFont(ofSize: 22)
            l.textColor = dark ? .white : .black
            v.contentView.addSubview(l)
        }
        root.addSubview(v)
        root.layoutIfNeeded()
        return (root, v)
    }

    @Test func everyStyleResolves() {
        #expect(UIBlurEffect.Style.allCases.count == 21)
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        for style in UIBlurEffect.Style.allCases {
            for traits in [light, dark] {
                let m = UIBlurEffect(style: style).material(for: traits)
                #expect(m.radius > 0 && m.saturation > 1 && m.tintAlpha > 0 && m.tintAlpha <= 1, "\(style)")
            }
        }
        // Adaptive styles follow the traits; fixed ones do not.
        #expect(UIBlurEffect(style: .regular).material(for: light) == UIBlurEffect(style: .light).material(for: dark))
        #expect(UIBlurEffect(style: .regular).material(for: dark) == UIBlurEffect(style: .dark).material(for: light))
        #expect(UIBlurEffect(style: .systemMaterial).material(for: dark) == UIBlurEffect(style: .systemMaterialDark).material(for: light))
        #expect(UIBlurEffect(style: .systemMaterialLight).material(for: dark) == UIBlurEffect(style: .systemMaterial).material(for: light))
        // Apple's published numbers (UIImage+ImageEffects) for the iOS 7/8 styles.
        #expect(UIBlurEffect(style: .light).material(for: light) == BlurMaterial(radius: 30, saturation: 1.8, tintWhite: 1, tintAlpha: 0.3))
        #expect(UIBlurEffect(style: .dark).material(for: light) == BlurMaterial(radius: 20, saturation: 1.8, tintWhite: 0.11, tintAlpha: 0.73))
        // Thicker materials are more opaque.
        let alphas = [UIBlurEffect.Style.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial]
            .map { UIBlurEffect(style: $0).material(for: light).tintAlpha }
        #expect(alphas == alphas.sorted() && Set(alphas).count == 4)
        #expect(UIBlurEffect(style: .dark).isEqual(UIBlurEffect(style: .dark)))
        #expect(!UIBlurEffect(style: .dark).isEqual(UIBlurEffect(style: .light)))
    }

    @Test func structureAndDirectSubviewDiagnostic() {
        let v = UIVisualEffectView(effect: UIBlurEffect(style: .light))
        v.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        v.layoutIfNeeded()
        #expect(v.contentView.isDescendant(of: v))
        #expect(v.contentView.frame == v.bounds)
        #expect(v.backdropLayer.blurRadius == 30 && v.backdropLayer.saturation == 1.8)
        let ok = FlipbookDiagnostics.capture { v.contentView.addSubview(UIView()) }
        #expect(ok.isEmpty)
        let direct = UIView()
        let messages = FlipbookDiagnostics.capture { v.addSubview(direct) }
        #expect(messages.count == 1 && messages.first?.contains("contentView") == true)
        #expect(direct.superview === v)  // kept, as UIKit keeps it
        let none = UIVisualEffectView(effect: nil)
        #expect(none.backdropLayer.blurRadius == 0 && none.currentMaterial == .none)
    }

    @Test func traitsSwitchTheAdaptiveStyle() {
        let (root, v) = scene(UIBlurEffect(style: .systemMaterial), label: false)
        let lightAlpha = v.currentMaterial.tintAlpha
        #expect(v.currentMaterial == BlurMaterial.resolve(.systemMaterial, dark: false))
        root.overrideUserInterfaceStyle = .dark
        #expect(v.currentMaterial == BlurMaterial.resolve(.systemMaterial, dark: true))
        let tint = v.tintView.backgroundColor?.cgColor.components ?? []
        #expect(tint.count >= 2 && abs(tint[0] - 0.11) < 1e-6)
        #expect(v.backdropLayer.animationKeys()?.isEmpty ?? true)  // switched at once
        _ = lightAlpha
        // Made, then added under a dark parent: the dark numbers from the start.
        let (darkRoot, darkView) = scene(UIBlurEffect(style: .regular), dark: true, label: false)
        #expect(darkView.currentMaterial == BlurMaterial.resolve(.regular, dark: true))
        #expect(darkView.backdropLayer.blurRadius == 20)
        #expect(abs((darkView.tintView.backgroundColor?.cgColor.components?.first ?? 0) - 0.11) < 1e-6)
        withExtendedLifetime(darkRoot) {}
    }

    /// The presented blur radius of the effect view now.
    func presentedRadius(_ v: UIVisualEffectView) -> CGFloat {
        (v.backdropLayer.presentation() as? BackdropLayer)?.blurRadius ?? v.backdropLayer.blurRadius
    }

    /// The same scene with the effect's numbers put on directly (no animation): the picture an
    /// animation must show when its presented values are these.
    func still(radius: CGFloat, saturation: CGFloat, tintWhite: CGFloat, tintAlpha: CGFloat) -> RenderedImage {
        let (root, v) = scene(nil)
        UIView.performWithoutAnimation {
            v.backdropLayer.blurRadius = radius
            v.backdropLayer.saturation = saturation
            v.tintView.backgroundColor = UIColor(white: tintWhite, alpha: tintAlpha)
        }
        return LayerRenderer(scale: 2).render(root.layer)
    }

    func maxDifference(_ a: RenderedImage, _ b: RenderedImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        for k in 0..<a.premultipliedPixels.count { worst = max(worst, abs(Int(a.premultipliedPixels[k]) - Int(b.premultipliedPixels[k]))) }
        return worst
    }

    @Test func animatingEffectFromNilBlursIn() {
        let (root, v) = scene(nil)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            v.effect = UIBlurEffect(style: .dark)
        }
        MediaClock.main.advance(by: 0.5)
        #expect(abs(presentedRadius(v) - 10) < 1e-6)
        let saturation = (v.backdropLayer.presentation() as? BackdropLayer)?.saturation ?? 0
        #expect(abs(saturation - 1.4) < 1e-6)
        let tint = v.tintView.layer.presentation()?.backgroundColor?.components ?? []
        #expect(abs((tint.last ?? 0) - 0.365) < 1e-3)
        // The pixels half way are the still picture of the half-way numbers.
        let half = LayerRenderer(scale: 2).render(root.layer)
        let reference = still(radius: 10, saturation: 1.4, tintWhite: tint.first ?? 0, tintAlpha: tint.last ?? 0)
        #expect(maxDifference(half, reference) <= 1)
        let sharp = LayerRenderer(scale: 2).render(scene(nil).root.layer)
        #expect(maxDifference(half, sharp) > 40)
        MediaClock.main.advance(by: 0.6)
        #expect(presentedRadius(v) == 20 && v.backdropLayer.animationKeys()?.isEmpty ?? true)
        // And back to nil: the blur fades out.
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear) { v.effect = nil }
        MediaClock.main.advance(by: 0.2)
        #expect(abs(presentedRadius(v) - 10) < 1e-6)
        MediaClock.main.advance(by: 0.3)
        #expect(presentedRadius(v) == 0)
        #expect(maxDifference(LayerRenderer(scale: 2).render(root.layer), sharp) == 0)
    }

    @Test func pausedPropertyAnimatorGivesAPartialBlur() {
        let (root, v) = scene(nil)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            v.effect = UIBlurEffect(style: .light)
        }
        animator.pausesOnCompletion = true
        animator.fractionComplete = 0.3
        MediaClock.main.advance(by: 0.1)
        #expect(abs(presentedRadius(v) - 9) < 1e-6)
        let tint = v.tintView.layer.presentation()?.backgroundColor?.components ?? []
        #expect(abs((tint.last ?? 0) - 0.09) < 1e-3)
        let partial = LayerRenderer(scale: 2).render(root.layer)
        let reference = still(radius: 9, saturation: 1.24, tintWhite: tint.first ?? 0, tintAlpha: tint.last ?? 0)
        #expect(maxDifference(partial, reference) <= 1)
        // Stays there; running it to the end keeps it active at the full blur.
        MediaClock.main.advance(by: 1)
        #expect(abs(presentedRadius(v) - 9) < 1e-6)
        animator.startAnimation()
        MediaClock.main.advance(by: 1)
        #expect(presentedRadius(v) == 30)
        #expect(animator.state == .active)
        animator.stopAnimation(true)
    }

    @Test func vibrancyDrawsContentAtTheStyleOpacity() {
        let blur = UIBlurEffect(style: .dark)
        let vibrancy = UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel)
        #expect(vibrancy.blurEffect === blur && vibrancy.vibrancyStyle == .secondaryLabel)
        #expect(UIVibrancyEffect(blurEffect: blur).vibrancyStyle == nil)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        root.backgroundColor = .black
        let blurView = UIVisualEffectView(effect: blur)
        blurView.frame = root.bounds
        root.addSubview(blurView)
        let vibrancyView = UIVisualEffectView(effect: vibrancy)
        vibrancyView.frame = blurView.contentView.bounds
        blurView.contentView.addSubview(vibrancyView)
        let square = UIView(frame: CGRect(x: 20, y: 10, width: 20, height: 20))
        square.backgroundColor = .white
        vibrancyView.contentView.addSubview(square)
        #expect(vibrancyView.backdropLayer.blurRadius == 0)
        let image = LayerRenderer(scale: 1).render(root.layer)
        let outside = image.pixel(x: 5, y: 5), inside = image.pixel(x: 30, y: 20)
        // White at 0.6 over the dark tint (28 × 0.73 over black ≈ 20).
        let expected = 0.6 * 255 + 0.4 * Double(outside.r)
        #expect(abs(Double(inside.r) - expected) <= 2)
    }

    @Test func stylesGolden() {
        var frames: [RenderedImage] = []
        let styles: [(UIBlurEffect.Style, Bool)] = [
            (.extraLight, false), (.light, false), (.dark, false), (.regular, true), (.prominent, true),
            (.systemUltraThinMaterial, false), (.systemMaterial, false), (.systemThickMaterial, false),
            (.systemMaterial, true), (.systemChromeMaterialDark, false),
        ]
        for (style, dark) in styles {
            frames.append(LayerRenderer(scale: 1).render(scene(UIBlurEffect(style: style), dark: dark).root.layer))
        }
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "VisualEffectViewTests/blur-styles",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }
}

