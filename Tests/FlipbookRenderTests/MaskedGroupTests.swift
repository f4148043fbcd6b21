import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// A masked group is drawn only within its mask's reach, its mask only within what the group
/// drew (`DisplayListExecutor.run`): every frame must be the reference's (the group and its mask
/// drawn whole, the whole frame redrawn), byte for byte.
@MainActor
@Suite(.freshRuntime) struct MaskedGroupTests {
    /// A card slider as libraries write it (scale 2): a dark screen, cards of 120 × 160 points
    /// whose content (a picture larger than the card, a caption bar, a fading shade) is clipped
    /// by a mask: a rounded-rect `CAShapeLayer` without a frame on even cards, a plain layer
    /// with a corner radius on odd ones.
    struct Slider {
        let root: CALayer
        let cards: [CALayer]
        let pictures: [CALayer]
        let shades: [CALayer]
    }

    func slider(cards count: Int = 4) -> Slider {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 260, height: 300), CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1))
        var cards: [CALayer] = [], pictures: [CALayer] = [], shades: [CALayer] = []
        let tints = [red, blue, CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1), CGColor(red: 0.9, green: 0.7, blue: 0.1, alpha: 1)]
        for i in 0..<count {
            let card = makeLayer(CGRect(x: 70, y: 70, width: 120, height: 160), tints[i % tints.count], in: root)
            let picture = makeLayer(CGRect(x: -30, y: -40, width: 180, height: 240), tints[(i + 1) % tints.count], in: card)
            _ = makeLayer(CGRect(x: 100, y: 60, width: 40, height: 40), white, in: picture)
            _ = makeLayer(CGRect(x: 0, y: 120, width: 120, height: 40), CGColor(red: 0, green: 0, blue: 0, alpha: 0.5), in: card)
            let shade = makeLayer(CGRect(x: -2, y: -2, width: 124, height: 164), white, in: card)
            withoutActions {
                picture.cornerRadius = 30
                shade.opacity = 0
                if i % 2 == 0 {
                    let shape = CAShapeLayer()
                    shape.path = CGPath(
                        roundedRect: CGRect(x: 0, y: 0, width: 120, height: 160), cornerWidth: 16, cornerHeight: 16, transform: nil)
                    card.mask = shape
                } else {
                    let mask = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 160), .black)
                    mask.cornerRadius = 16
                    card.mask = mask
                }
            }
            cards.append(card)
            pictures.append(picture)
            shades.append(shade)
        }
        return Slider(root: root, cards: cards, pictures: pictures, shades: shades)
    }

    /// Frame `i` of the slide: card k moves from slot k to slot k − i/8, scaling and rising,
    /// its picture zooming and its shade fading as it comes forward; the last two frames hold
    /// still (kept groups).
    func pose(_ s: Slider, frame i: Int) {
        let t = Double(min(i, 8)) / 8
        for (k, card) in s.cards.enumerated() {
            let slot = Double(k) - t
            let scale = slot < 0 ? 1 : max(0.6, 1 - 0.12 * slot)
            card.position = CGPoint(x: 130 + (slot < 0 ? slot * 190 : slot * 14), y: 160 - max(0, slot) * 18)
            card.transform = CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1)
            card.zPosition = CGFloat(-k)
            s.pictures[k].transform = CATransform3DMakeScale(CGFloat(1 + 0.3 * (1 - scale)), CGFloat(1 + 0.3 * (1 - scale)), 1)
            s.shades[k].opacity = Float(min(0.7, max(0, slot) * 0.3))
        }
    }

    /// Every frame of the slide, drawn with the shortcut (and change tracking) and by the
    /// reference (masked groups drawn whole, every frame redrawn), is the same image.
    @Test func maskedCardsGiveTheReferencesBytes() {
        let s = slider()
        let fast = LayerRenderer(scale: 2), reference = LayerRenderer(scale: 2)
        reference.limitsMaskedGroups = false
        reference.drawsOnlyChangedRegions = false
        for i in 0..<11 {
            withoutActions { pose(s, frame: i) }
            let a = fast.render(s.root), b = reference.render(s.root)
            let same = a == b  // compared first: a failure does not print two whole images
            #expect(same, "frame \(i) differs from the reference")
        }
    }

    /// Masks that reach beyond their group, nested masked groups, a mask with its own mask and
    /// a translucent group inside a masked one, at scale 1 and 3: the same bytes either way.
    @Test func nestedAndOddMasksGiveTheReferencesBytes() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 100), white)
        let outer = makeLayer(CGRect(x: 10, y: 10, width: 80, height: 70), blue, in: root)
        let inner = makeLayer(CGRect(x: 20, y: -10, width: 90, height: 50), red, in: outer)
        let fading = makeLayer(CGRect(x: 5, y: 30, width: 50, height: 30), red, in: outer)
        _ = makeLayer(CGRect(x: 5, y: 5, width: 20, height: 10), white, in: fading)
        withoutActions {
            let wide = makeLayer(CGRect(x: -30, y: 20, width: 200, height: 30), .black)  // beyond the group
            wide.cornerRadius = 15
            outer.mask = wide
            let round = CAShapeLayer()
            round.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 50), transform: nil)
            let maskOfMask = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 50), .black)
            round.mask = maskOfMask
            inner.mask = round
            fading.opacity = 0.6
            outer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        }
        for scale in [1.0, 3.0] {
            let fast = LayerRenderer(scale: CGFloat(scale)), reference = LayerRenderer(scale: CGFloat(scale))
            reference.limitsMaskedGroups = false
            reference.drawsOnlyChangedRegions = false
            for i in 0..<4 {
                withoutActions { outer.position.x = 50 + CGFloat(i) * 7.3 }
                let same = fast.render(root) == reference.render(root)
                #expect(same, "scale \(scale), frame \(i)")
            }
        }
    }

    /// A masked group is drawn within its mask's reach: with a mask of 20 × 20 points over a
    /// 200 × 200 point picture, the group's raster gets only the mask's reach (its 2-pixel
    /// slack included), and the mask only what the group drew.
    @Test func aMaskedGroupIsDrawnWithinItsMasksReach() {
        let group = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), blue)
        let mask = makeLayer(CGRect(x: 50, y: 60, width: 20, height: 20), .black)
        withoutActions { group.mask = mask }
        let items = DisplayListBuilder(scale: 1, cache: ContentCache()).build(root: group)
        #expect(DisplayListExecutor.maskedGroupEnds(items) == [0: items.count - 1])
        guard case .endGroup(_, let maskItems?)? = items.last else {
            Issue.record("no masked group")
            return
        }
        let reach = FrameDamage.reach(of: maskItems[...])
        #expect(reach == PixelRect(x0: 48, y0: 58, x1: 72, y1: 82))
        let limited = FrameDamage.limit(nil, to: reach, width: 200, height: 200)
        #expect(limited.area == 24 * 24)
        #expect(limited.columns(58) == (48, 72) && limited.columns(57).0 >= limited.columns(57).1)
        // Within an earlier damage: the intersection, row by row.
        var damage = FrameDamage(width: 200, height: 200)
        damage.add(PixelRect(x0: 0, y0: 70, x1: 60, y1: 200))
        #expect(FrameDamage.limit(damage, to: reach, width: 200, height: 200).area == 12 * 12)
    }

    /// Golden: the slide's fourth frame, drawn after the three before it (masked groups within
    /// their masks' reach, damaged regions only).
    @Test func maskedCardsGolden() {
        let s = slider()
        let renderer = LayerRenderer(scale: 2)
        var image: RenderedImage?
        for i in 0...3 {
            withoutActions { pose(s, frame: i) }
            image = renderer.render(s.root)
        }
        if let image {
            Snapshot.assert(image, named: "masked-cards", tolerance: SnapshotTolerance(channel: 2, pixelFraction: 0.001))
        }
    }
}
