import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CATransformLayer's true 3D (docs/Divergences.md, "CATransformLayer"): the sublayers of a
/// transform layer keep their own z, are drawn back to front by depth, back faces are culled
/// when `isDoubleSided` is false, the perspective comes from the superlayer's
/// `sublayerTransform`, and the transform layer itself draws nothing and groups nothing.
@MainActor
@Suite(.freshRuntime) struct TransformLayerTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// The six faces' colours: front, back, right, left, top, bottom.
    static let faceColors: [CGColor] = [
        CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1),
        CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1), CGColor(red: 0.95, green: 0.75, blue: 0.1, alpha: 1),
        CGColor(red: 0.6, green: 0.3, blue: 0.8, alpha: 1), CGColor(red: 0.1, green: 0.75, blue: 0.8, alpha: 1),
    ]

    /// A root `size` × `size` (white) whose sublayerTransform has m34 = −1/`eye`, holding a
    /// CATransformLayer cube of side `side` at its centre, turned by `turn`.
    static func cubeScene(
        size: CGFloat = 200, side: CGFloat = 80, eye: CGFloat = 500, turn: CATransform3D, faceAlpha: CGFloat = 1,
        doubleSided: Bool = true
    ) -> (root: CALayer, cube: CATransformLayer, faces: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = white
        var p = CATransform3DIdentity
        p.m34 = -1 / eye
        root.sublayerTransform = p
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        cube.position = CGPoint(x: size / 2, y: size / 2)
        cube.transform = turn
        let h = side / 2
        let placements: [CATransform3D] = [
            CATransform3DMakeTranslation(0, 0, h),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -h), .pi, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(h, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-h, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -h, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, h, 0), -.pi / 2, 1, 0, 0),
        ]
        var faces: [CALayer] = []
        for (k, t) in placements.enumerated() {
            let f = CALayer()
            f.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            f.position = CGPoint(x: h, y: h)
            f.transform = t
            f.backgroundColor = faceColors[k].copy(alpha: faceAlpha)
            f.isDoubleSided = doubleSided
            f.name = ["front", "back", "right", "left", "top", "bottom"][k]
            cube.addSublayer(f)
            faces.append(f)
        }
        root.addSublayer(cube)
        return (root, cube, faces)
    }

    static let turn = CATransform3DRotate(CATransform3DMakeRotation(-.pi / 7, 1, 0, 0), .pi / 5, 0, 1, 0)

    /// Straight 8-bit colour of `c`.
    static func bytes(_ c: CGColor) -> (Int, Int, Int) {
        let k = c.components ?? [0, 0, 0, 1]
        return (Int((k[0] * 255).rounded()), Int((k[1] * 255).rounded()), Int((k[2] * 255).rounded()))
    }

    /// Where a face's centre lands on screen (Core Animation's maths through `convert`).
    static func centre(of face: CALayer, in root: CALayer) -> CGPoint {
        face.convert(CGPoint(x: face.bounds.midX, y: face.bounds.midY), to: root)
    }

    // MARK: Depth order and culling

    @Test("An opaque cube shows, at each visible face's centre, that face (not one behind it), whatever the sublayer order")
    func depthOrder() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        for reversed in [false, true] {
            let s = Self.cubeScene(turn: Self.turn)
            if reversed { s.cube.sublayers = s.faces.reversed() }
            let img = LayerRenderer(scale: 1).render(s.root)
            // With this turn the front, left and top faces face the viewer (x tilted up, y turned right).
            for (k, name) in [(0, "front"), (3, "left"), (4, "top")] {
                let c = Self.centre(of: s.faces[k], in: s.root)
                let (r, g, b) = Self.bytes(Self.faceColors[k])
                let p = img.pixel(x: Int(c.x), y: Int(c.y))
                #expect(matches(p, r, g, b, tolerance: 2), "\(name) face at \(c) shows \(p) (reversed: \(reversed))")
            }
        }
    }

    @Test("Depth order golden: opaque double-sided cube mid-turn (faces sorted, not in tree order)")
    func cubeGolden() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let s = Self.cubeScene(turn: Self.turn)
        Snapshot.assert(LayerRenderer(scale: 2).render(s.root), named: "transform-layer-cube", tolerance: .init(channel: 2, pixelFraction: 0.001))
    }

    @Test("Translucent faces: double-sided shows the back faces through the front ones; isDoubleSided = false culls them")
    func cullingGolden() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let both = Self.cubeScene(turn: Self.turn, faceAlpha: 0.6, doubleSided: true)
        let culled = Self.cubeScene(turn: Self.turn, faceAlpha: 0.6, doubleSided: false)
        let r = LayerRenderer(scale: 2)
        let a = r.render(both.root), b = LayerRenderer(scale: 2).render(culled.root)
        guard let strip = GoldenImage.filmstrip([a, b]) else { Issue.record("no filmstrip"); return }
        Snapshot.assert(strip, named: "transform-layer-culling", tolerance: .init(channel: 2, pixelFraction: 0.001))
        // At the front face's centre: culled shows front (0.6) over white; double-sided also has,
        // drawn first, the face the line of sight leaves the cube through: with this turn the
        // right one (turned away from the viewer).
        let c = Self.centre(of: culled.faces[0], in: culled.root)
        let white = 255.0, front = Self.bytes(Self.faceColors[0]), back = Self.bytes(Self.faceColors[2])
        func over(_ top: Int, _ under: Double) -> Double { 0.6 * Double(top) + 0.4 * under }
        let pc = b.pixel(x: Int(c.x * 2), y: Int(c.y * 2))
        #expect(matches(pc, Int(over(front.0, white).rounded()), Int(over(front.1, white).rounded()), Int(over(front.2, white).rounded()), tolerance: 2))
        let pb = a.pixel(x: Int(c.x * 2), y: Int(c.y * 2))
        let e = (over(front.0, over(back.0, white)), over(front.1, over(back.1, white)), over(front.2, over(back.2, white)))
        #expect(matches(pb, Int(e.0.rounded()), Int(e.1.rounded()), Int(e.2.rounded()), tolerance: 2), "\(pb)")
    }

    @Test("A face turned away is culled when isDoubleSided is false, drawn when true")
    func culling() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        for doubleSided in [true, false] {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let t = CATransformLayer()
            t.frame = root.bounds
            t.transform = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0)
            let f = CALayer()
            f.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
            f.backgroundColor = pureRed
            f.isDoubleSided = doubleSided
            t.addSublayer(f)
            root.addSublayer(t)
            let p = LayerRenderer(scale: 1).render(root).pixel(x: 50, y: 50)
            #expect(doubleSided ? isRed(p) : p.a == 0, "doubleSided \(doubleSided): \(p)")
        }
    }

    @Test("Nested transform layers form one context: a nearer face in an inner transform layer covers a farther later sibling")
    func nestedContext() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        var p = CATransform3DIdentity
        p.m34 = -1 / 400
        root.sublayerTransform = p
        let outer = CATransformLayer()
        outer.frame = root.bounds
        let inner = CATransformLayer()
        inner.frame = outer.bounds
        inner.transform = CATransform3DMakeTranslation(0, 0, 30)  // the inner context is nearer
        let near = CALayer()
        near.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        near.backgroundColor = pureBlue
        inner.addSublayer(near)
        let far = CALayer()
        far.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
        far.backgroundColor = pureRed
        outer.addSublayer(inner)
        outer.addSublayer(far)  // later in tree order, but farther
        root.addSublayer(outer)
        let img = LayerRenderer(scale: 1).render(root)
        let c = near.convert(CGPoint(x: 35, y: 35), from: root)
        #expect(near.bounds.contains(c))
        #expect(matches(img.pixel(x: 52, y: 52), 0, 0, 255), "overlap shows the nearer blue: \(img.pixel(x: 52, y: 52))")
        // Flattened (plain layers in place of both transform layers), the later red covers it.
        let flatOuter = CALayer(), flatInner = CALayer()
        flatOuter.frame = root.bounds
        flatInner.frame = outer.bounds
        flatInner.transform = inner.transform
        flatInner.addSublayer(near)
        flatOuter.sublayers = [flatInner, far]
        root.sublayers = [flatOuter]
        let flat = LayerRenderer(scale: 1).render(root)
        #expect(isRed(flat.pixel(x: 52, y: 52)))
    }

    // MARK: Projected corners against closed forms

    @Test("A face pushed out along z inside a turned transform layer lands where the closed-form projection puts it")
    func projectedCorners() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let d = 500.0, side = 60.0, push = 40.0, size = 200.0
        for theta in [0.3, -0.7, 1.1] {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            var p = CATransform3DIdentity
            p.m34 = CGFloat(-1 / d)
            root.sublayerTransform = p
            let t = CATransformLayer()
            t.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            t.position = CGPoint(x: size / 2, y: size / 2)
            t.transform = CATransform3DMakeRotation(CGFloat(theta), 0, 1, 0)
            let f = CALayer()
            f.frame = t.bounds
            f.transform = CATransform3DMakeTranslation(0, 0, CGFloat(push))
            f.backgroundColor = pureRed
            t.addSublayer(f)
            root.addSublayer(t)
            // Closed form: corner (x, y) about the centre, pushed to z = push, turned by θ about y
            // (row vectors: x' = x cos θ + z sin θ, z' = −x sin θ + z cos θ), then w = 1 − z'/d
            // about the root's centre (its anchor point).
            func project(_ x: Double, _ y: Double) -> CGPoint {
                let xr = x * cos(theta) + push * sin(theta), zr = -x * sin(theta) + push * cos(theta)
                let w = 1 - zr / d
                return CGPoint(x: size / 2 + xr / w, y: size / 2 + y / w)
            }
            let h = side / 2
            let expected = [project(-h, -h), project(h, -h), project(h, h), project(-h, h)]
            // 1. Core Animation's geometry (convert through the transform layer).
            let got = [CGPoint(x: 0, y: 0), CGPoint(x: side, y: 0), CGPoint(x: side, y: side), CGPoint(x: 0, y: side)]
                .map { f.convert($0, to: root) }
            for (g, e) in zip(got, expected) {
                #expect(abs(g.x - e.x) < 1e-6 && abs(g.y - e.y) < 1e-6, "θ \(theta): convert gives \(g), closed form \(e)")
            }
            // 2. The renderer: the red quad's extent is the corners' bounding box (to 1 px).
            let img = LayerRenderer(scale: 1).render(root)
            let box = extent(img) { $0.a > 127 && $0.r > 127 }
            let ex = [expected.map(\.x).min()!, expected.map(\.y).min()!, expected.map(\.x).max()!, expected.map(\.y).max()!]
            if let box {
                let ok = abs(Double(box[0]) - ex[0]) <= 1 && abs(Double(box[1]) - ex[1]) <= 1 && abs(Double(box[2]) - ex[2]) <= 1
                    && abs(Double(box[3]) - ex[3]) <= 1
                #expect(ok, "θ \(theta): drawn \(box), closed form \(ex)")
            } else {
                Issue.record("θ \(theta): nothing drawn")
            }
        }
    }

    // MARK: What a transform layer does not do

    @Test("A transform layer draws none of its own background, border or shadow, and ignores masksToBounds")
    func drawsNothing() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        let t = CATransformLayer()
        t.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        t.backgroundColor = pureGreen
        t.borderWidth = 3
        t.borderColor = pureBlue
        t.shadowOpacity = 1
        t.masksToBounds = true
        let f = CALayer()
        f.frame = CGRect(x: 10, y: 10, width: 30, height: 30)  // overflows t's bounds
        f.backgroundColor = pureRed
        t.addSublayer(f)
        root.addSublayer(t)
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 12, y: 12).a == 0, "no background or border: \(img.pixel(x: 12, y: 12))")
        #expect(isRed(img.pixel(x: 35, y: 35)), "sublayer not clipped to the transform layer's bounds")
        #expect(img.pixel(x: 5, y: 50).a == 0)
    }

    @Test("A transform layer's opacity applies to each sublayer separately (no compositing group)")
    func opacityPerSublayer() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.backgroundColor = Self.white
        let t = CATransformLayer()
        t.frame = root.bounds
        t.opacity = 0.5
        let back = CALayer(), front = CALayer()
        back.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        back.backgroundColor = pureRed
        front.frame = CGRect(x: 20, y: 20, width: 30, height: 30)
        front.backgroundColor = pureBlue
        front.zPosition = 1
        t.addSublayer(back)
        t.addSublayer(front)
        root.addSublayer(t)
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 30, y: 30)
        // Blue at ½ over (red at ½ over white); a group would be (127.5, 127.5, 255).
        #expect(matches(p, 128, 64, 191, tolerance: 1), "\(p)")
    }

    @Test("hitTest passes over the transform layer to the frontmost face and never returns it")
    func hitTesting() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let s = Self.cubeScene(turn: Self.turn)
        let c = Self.centre(of: s.faces[0], in: s.root)
        #expect(s.root.hitTest(c) === s.faces[0])
        let top = Self.centre(of: s.faces[4], in: s.root)
        #expect(s.root.hitTest(top) === s.faces[4])
        #expect(s.root.hitTest(CGPoint(x: 3, y: 3)) === s.root)
        #expect(s.cube.hitTest(CGPoint(x: 3, y: 3)) == nil)
        #expect(s.cube.hitTest(c) === s.faces[0])
    }

    @Test("A presentation copy of a transform layer is a transform layer (the renderer draws presentation trees)")
    func presentationClass() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let t = CATransformLayer()
        #expect(t.presentation() is CATransformLayer)
    }

    @Test("The flat path is untouched: a tree without transform layers gives the same display list as before the 3D path (no 3D members)")
    func flatTreesStayFlat() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        // A plain layer holding a pushed-out sublayer stays flattened: z is dropped.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let plain = CALayer()
        plain.frame = root.bounds
        plain.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        let f = CALayer()
        f.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        f.transform = CATransform3DMakeTranslation(0, 0, 40)
        f.backgroundColor = pureRed
        plain.addSublayer(f)
        root.addSublayer(plain)
        let flat = LayerRenderer(scale: 1).render(root)
        let g = f.convert(CGPoint(x: 0, y: 0), to: root)
        // Flattened: the push along z is dropped before the turn (x = 50 + (−25)·cos 0.5).
        #expect(abs(g.x - (50 - 25 * cos(0.5))) < 1e-9)
        #expect(extent(flat, where: isRed) != nil)
    }
}
