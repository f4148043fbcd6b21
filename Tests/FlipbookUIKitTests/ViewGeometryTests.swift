import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
@Suite(.freshRuntime) struct ViewGeometryTests {
    func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }
    func close(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
    }

    @Test func frameBoundsCenterAreViewsOfTheLayer() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.layer.position == CGPoint(x: 60, y: 45))
        #expect(v.layer.bounds.size == CGSize(width: 100, height: 50))
        v.center = CGPoint(x: 0, y: 0)
        #expect(v.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        v.bounds = CGRect(x: 5, y: 5, width: 20, height: 10)
        #expect(v.frame == CGRect(x: -10, y: -5, width: 20, height: 10))
    }

    @Test func frameUnderTransformIsTheBoundingBox() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        v.transform = CGAffineTransform(scaleX: 2, y: 3)
        // Scaled about the centre (50, 25): 200 × 150 centred there.
        #expect(close(v.frame, CGRect(x: -50, y: -50, width: 200, height: 150)))
        #expect(v.bounds.size == CGSize(width: 100, height: 50))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(v.frame, CGRect(x: 25, y: -25, width: 50, height: 100), 1e-9))
        v.transform = .identity
        #expect(close(v.frame, CGRect(x: 0, y: 0, width: 100, height: 50)))
    }

    /// CALayer.h: setting the frame changes `position` and `bounds.size` "to match the given
    /// frame". Under a transform that only scales and translates (a pan-to-dismiss leaves one),
    /// the frame read back is the frame set, and the layer's `affineTransform()` is the view's.
    @Test func frameSetUnderAScaleAndTranslationReadsBack() {
        let v = UIView(frame: CGRect(x: 0, y: 67, width: 393, height: 785))
        v.transform = CGAffineTransform(translationX: 0, y: 120)
        #expect(v.layer.affineTransform() == CGAffineTransform(translationX: 0, y: 120))
        #expect(v.frame == CGRect(x: 0, y: 187, width: 393, height: 785))
        v.frame = CGRect(x: 0, y: 852, width: 393, height: 785)
        #expect(v.frame == CGRect(x: 0, y: 852, width: 393, height: 785))
        #expect(v.center == CGPoint(x: 196.5, y: 852 + 392.5 - 120))
        v.layer.setAffineTransform(CGAffineTransform(scaleX: -2, y: 0.5).translatedBy(x: 10, y: 10))
        #expect(v.transform == CGAffineTransform(scaleX: -2, y: 0.5).translatedBy(x: 10, y: 10))
        v.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        #expect(close(v.frame, CGRect(x: 10, y: 20, width: 100, height: 40), 1e-9))
        #expect(v.bounds.size == CGSize(width: 50, height: 80))
    }

    /// A view turned a quarter turn and placed by its (swapped) frame keeps its bounds; under
    /// a small turn the frame read back is the frame set; at 45° no size fits and the frame's
    /// own size is taken.
    @Test func frameSetUnderARotationReadsBack() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        v.transform = CGAffineTransform(rotationAngle: -.pi / 2)
        let turned = v.frame
        #expect(close(turned.size == .zero ? .zero : CGRect(origin: .zero, size: turned.size), CGRect(x: 0, y: 0, width: 852, height: 393), 1e-9))
        v.frame = CGRect(x: 0, y: -852 + 98, width: turned.width, height: turned.height)
        #expect(close(CGRect(origin: .zero, size: v.bounds.size), CGRect(x: 0, y: 0, width: 393, height: 852), 1e-9))
        #expect(close(v.frame, CGRect(x: 0, y: -754, width: turned.width, height: turned.height), 1e-9))
        v.transform = CGAffineTransform(rotationAngle: 0.2).scaledBy(x: 1.5, y: 1.5)
        let target = CGRect(x: 12, y: 30, width: 700, height: 1200)
        v.frame = target
        #expect(close(v.frame, target, 1e-9))
        v.transform = CGAffineTransform(rotationAngle: .pi / 4)
        v.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(v.bounds.size == CGSize(width: 100, height: 100))
    }

    @Test func alphaIsOpacityAndBackgroundIsLayerColour() {
        let v = UIView()
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.backgroundColor = .systemRed
        #expect(v.layer.backgroundColor == CGColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1))
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.isHidden = true
        #expect(v.layer.isHidden)
    }

    @Test func convertThroughDeepHierarchyWithTransforms() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let b = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(a)
        a.addSubview(b)
        a.bounds.origin = CGPoint(x: 10, y: 0)  // scrolled 10 to the right
        // b's (0,0) sits at a-bounds (50,50) → a-frame (40,50) → root (140,150).
        #expect(close(b.convert(CGPoint.zero, to: root), CGPoint(x: 140, y: 150)))
        // Rotate a by 90° about its centre (200,200 in root).
        a.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // a-bounds point (50,50) is (-50,-50) from a's bounds centre (110,100)… minus origin:
        // local (50 - 10 - 100, 50 - 100) = (-60, -50); rotated by 90°: (50, -60); + (200,200).
        let p = b.convert(CGPoint.zero, to: root)
        #expect(close(p, CGPoint(x: 250, y: 140), 1e-9))
        #expect(close(b.convert(p, from: root), .zero, 1e-9))
        let r = b.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: root)
        #expect(close(r, CGRect(x: 230, y: 140, width: 20, height: 10), 1e-9))
    }

    @Test func convertThroughPerspectiveIsInvertible() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        root.addSubview(card)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.layer.sublayerTransform = p
        card.layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        // The card's centre stays on the axis, so it maps to the root centre exactly.
        #expect(close(card.convert(CGPoint(x: 100, y: 100), to: root), CGPoint(x: 200, y: 200), 1e-9))
        let q = card.convert(CGPoint(x: 0, y: 0), to: root)
        // x' = -100·cos45 / (1 + 100·sin45/500) relative to the centre (the near edge grows).
        let c = cos(CGFloat.pi / 4), s = sin(CGFloat.pi / 4)
        let w = 1 - (-100 * s) * (-1.0 / 500)
        #expect(abs(q.x - (200 + (-100 * c) / w)) < 1e-9)
        #expect(abs(q.y - (200 + (-100) / w)) < 1e-9)
        #expect(close(card.convert(q, from: root), .zero, 1e-9))
    }

    /// A view scaled to nothing (the first frame of a pop-in) still receives its subviews'
    /// points and rectangles: the map up to an ancestor composes transforms and inverts
    /// nothing. Only the way down has no answer, and only that is reported.
    @Test func convertUpToAnAncestorScaledToNothing() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let button = UIView(frame: CGRect(x: 100, y: 300, width: 50, height: 50))
        let icon = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        window.addSubview(button)
        button.addSubview(icon)
        button.transform = CGAffineTransform(scaleX: 0, y: 0)
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        #expect(icon.convert(icon.bounds, to: button) == icon.frame)
        #expect(icon.convert(CGPoint(x: 5, y: 5), to: button) == CGPoint(x: 15, y: 15))
        #expect(icon.safeAreaInsets == .zero)
        #expect(close(icon.convert(CGPoint.zero, to: window), CGPoint(x: 125, y: 325)), "everything lands on the centre")
        #expect(reports.isEmpty)
        _ = button.convert(CGPoint(x: 1, y: 1), from: window)
        #expect(reports.count == 1, "the way down inverts a singular map")
    }

    @Test func hitTestPicksTheFrontmostInteractiveView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === child)
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        front.isUserInteractionEnabled = true
        front.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 250, y: 250), with: nil) === root)
        front.alpha = 1
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 350, y: 10), with: nil) == nil)
        front.isHidden = false
        front.transform = CGAffineTransform(translationX: 100, y: 0)
        #expect(root.hitTest(CGPoint(x: 215, y: 115), with: nil) === child)
    }

    @Test func autoresizingSharesTheSizeChange() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let pinned = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let both = UIView(frame: CGRect(x: 20, y: 0, width: 60, height: 10))
        both.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        for v in [fill, pinned, both] { parent.addSubview(v) }
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 130))
        #expect(pinned.frame == CGRect(x: 110, y: 60, width: 20, height: 20))
        // Margins 20 / 60 / 20 share +100 proportionally: +20, +60, +20.
        #expect(both.frame == CGRect(x: 40, y: 0, width: 120, height: 10))
        parent.autoresizesSubviews = false
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 130))
    }

    @Test func badGeometryIsIgnoredWithADiagnostic() {
        let v = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        let messages = FlipbookDiagnostics.capture {
            v.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            v.center = CGPoint(x: CGFloat.infinity, y: 0)
            v.alpha = .nan
        }
        #expect(messages.count == 3)
        #expect(v.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(v.alpha == 1)
    }

    @Test func safeAreaFollowsTheWindowPreset() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let full = UIView(frame: window.bounds)
        let middle = UIView(frame: CGRect(x: 0, y: 100, width: 393, height: 100))
        let top = UIView(frame: CGRect(x: 0, y: 20, width: 393, height: 100))
        window.addSubview(full)
        window.addSubview(middle)
        window.addSubview(top)
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(full.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 39, left: 0, bottom: 0, right: 0))
        #expect(full.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 852 - 59 - 34))
    }
}
