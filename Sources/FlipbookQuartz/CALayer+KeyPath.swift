import Foundation
import FlipbookGeometry

// BEGIN GENERATED layer-key (scripts/codegen/layer-properties.tsv; `make generate`)
/// A CALayer property the engine reads and writes without string matching: every property
/// of the table with a key-value-coding key, and `custom` for any other key.
enum LayerKey: Hashable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case opacity, hidden, masksToBounds, cornerRadius, borderWidth, borderColor, backgroundColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, contents, contentsRect
    case contentsCenter, shouldRasterize, rasterizationScale, allowsGroupOpacity
    case drawsAsynchronously, allowsEdgeAntialiasing
    case custom(String)

    init(_ name: String) {
        switch name {
        case "bounds": self = .bounds
        case "position": self = .position
        case "zPosition": self = .zPosition
        case "anchorPoint": self = .anchorPoint
        case "anchorPointZ": self = .anchorPointZ
        case "transform": self = .transform
        case "sublayerTransform": self = .sublayerTransform
        case "opacity": self = .opacity
        case "hidden", "isHidden": self = .hidden
        case "masksToBounds": self = .masksToBounds
        case "cornerRadius": self = .cornerRadius
        case "borderWidth": self = .borderWidth
        case "borderColor": self = .borderColor
        case "backgroundColor": self = .backgroundColor
        case "shadowColor": self = .shadowColor
        case "shadowOpacity": self = .shadowOpacity
        case "shadowOffset": self = .shadowOffset
        case "shadowRadius": self = .shadowRadius
        case "shadowPath": self = .shadowPath
        case "contents": self = .contents
        case "contentsRect": self = .contentsRect
        case "contentsCenter": self = .contentsCenter
        case "shouldRasterize": self = .shouldRasterize
        case "rasterizationScale": self = .rasterizationScale
        case "allowsGroupOpacity": self = .allowsGroupOpacity
        case "drawsAsynchronously": self = .drawsAsynchronously
        case "allowsEdgeAntialiasing": self = .allowsEdgeAntialiasing
        default: self = .custom(name)
        }
    }
}
// END GENERATED layer-key

/// A part of a structured value named by the rest of a key path ("position.x",
/// "bounds.size.width", "transform.rotation.z", ...).
enum ValueComponent: Hashable {
    case x, y, width, height, origin, size, originX, originY, sizeWidth, sizeHeight
    case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    init?(_ path: Substring) {
        switch path {
        case "x": self = .x
        case "y": self = .y
        case "width": self = .width
        case "height": self = .height
        case "origin": self = .origin
        case "size": self = .size
        case "origin.x": self = .originX
        case "origin.y": self = .originY
        case "size.width": self = .sizeWidth
        case "size.height": self = .sizeHeight
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "rotation.z", "rotation": self = .rotationZ
        case "scale": self = .scale
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "translation": self = .translation
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// Reads the component out of `value`; nil when `value` has no such component.
    func get(from value: AnimatableValue) -> AnimatableValue? {
        switch (self, value) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.sizeWidth, .rect(let r)): return .number(r.size.width)
        case (.sizeHeight, .rect(let r)): return .number(r.size.height)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(r.origin.x)
        case (.originY, .rect(let r)): return .number(r.origin.y)
        case (_, .transform(let t)): return TransformComponents.get(self, from: t)
        case (_, .affine(let a)):
            return TransformComponents.get(self, from: CATransform3DMakeAffineTransform(a))
        default: return nil
        }
    }

    /// Returns `value` with the component replaced by `part`; nil on a kind mismatch.
    func set(_ part: AnimatableValue, in value: AnimatableValue) -> AnimatableValue? {
        switch (self, value, part) {
        case (.x, .point(var p), .number(let n)): p.x = n; return .point(p)
        case (.y, .point(var p), .number(let n)): p.y = n; return .point(p)
        case (.width, .size(var s), .number(let n)): s.width = n; return .size(s)
        case (.height, .size(var s), .number(let n)): s.height = n; return .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (.originX, .rect(var r), .number(let n)): r.origin.x = n; return .rect(r)
        case (.originY, .rect(var r), .number(let n)): r.origin.y = n; return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let n)): r.size.width = n; return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let n)): r.size.height = n; return .rect(r)
        case (_, .transform(let t), _):
            return TransformComponents.set(self, part, in: t).map { .transform($0) }
        case (_, .affine(let a), _):
            return TransformComponents.set(self, part, in: CATransform3DMakeAffineTransform(a))
                .map { .affine(CATransform3DGetAffineTransform($0)) }
        default: return nil
        }
    }
}

/// Reading and replacing rotation, scale and translation inside a transform.
///
/// Rotations are read as the angle of a pure rotation about that axis (exact for the
/// identity and for transforms built as translate · rotate · scale about one axis);
/// setting a rotation rotates the linear part by the difference, keeping translation.
/// Scale is the length of the matching row; translation is m41…m43.
///
/// Perspective comes last, as in Core Animation's recomposition (`… · rotation ·
/// translation · perspective`, see `DecomposedTransform3D`): a transform with a perspective
/// column is split into its affine part and that perspective, the component is replaced in
/// the affine part, and the perspective is applied after it again. So animating
/// `transform.rotation.x` on a layer whose transform is only `m34 = -1/d` tilts it in
/// perspective (the near edge larger), as on iOS, instead of rotating flat.
enum TransformComponents {
    static func get(_ c: ValueComponent, from t: CATransform3D) -> AnimatableValue? {
        switch c {
        case .rotationZ: return .number(Double(atan2(t.m12, t.m11)))
        case .rotationX: return .number(Double(atan2(t.m23, t.m22)))
        case .rotationY: return .number(Double(atan2(t.m31, t.m33)))
        case .scaleX: return .number(Double(rowLength(t, 1)))
        case .scaleY: return .number(Double(rowLength(t, 2)))
        case .scaleZ: return .number(Double(rowLength(t, 3)))
        case .scale: return .number(Double((rowLength(t, 1) + rowLength(t, 2) + rowLength(t, 3)) / 3))
        case .translation: return .size(CGSize(width: t.m41, height: t.m42))
        case .translationX: return .number(Double(t.m41))
        case .translationY: return .number(Double(t.m42))
        case .translationZ: return .number(Double(t.m43))
        default: return nil
        }
    }

    static func set(_ c: ValueComponent, _ part: AnimatableValue, in t: CATransform3D) -> CATransform3D? {
        guard let (affine, perspective) = splitPerspective(t) else { return setAffine(c, part, in: t) }
        return setAffine(c, part, in: affine).map { CATransform3DConcat($0, perspective) }
    }

    /// `t` as `affine · perspective` (row vectors: the perspective applies last), where
    /// `affine` has the column (0, 0, 0, 1) and `perspective` is the identity but for its last
    /// column; nil when `t` has no perspective or its linear part cannot be inverted.
    static func splitPerspective(_ t: CATransform3D) -> (CATransform3D, CATransform3D)? {
        guard t.m14 != 0 || t.m24 != 0 || t.m34 != 0 || t.m44 != 1 else { return nil }
        var affine = t
        affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
        // affine · column = t's last column: solve with the affine part's inverse.
        guard let inverse = affine.inverse else { return nil }
        let (a, b, c, d) = (t.m14, t.m24, t.m34, t.m44)
        var perspective = CATransform3DIdentity
        perspective.m14 = inverse.m11 * a + inverse.m12 * b + inverse.m13 * c + inverse.m14 * d
        perspective.m24 = inverse.m21 * a + inverse.m22 * b + inverse.m23 * c + inverse.m24 * d
        perspective.m34 = inverse.m31 * a + inverse.m32 * b + inverse.m33 * c + inverse.m34 * d
        perspective.m44 = inverse.m41 * a + inverse.m42 * b + inverse.m43 * c + inverse.m44 * d
        guard perspective.isFinite else { return nil }
        return (affine, perspective)
    }

    /// Replaces a component of a transform without perspective.
    private static func setAffine(_ c: ValueComponent, _ part: AnimatableValue, in t: CATransform3D) -> CATransform3D? {
        var r = t
        if case .translation = c {
            switch part {
            case .size(let s): r.m41 = s.width; r.m42 = s.height
            case .point(let p): r.m41 = p.x; r.m42 = p.y
            case .number(let n): r.m41 = n; r.m42 = n
            default: return nil
            }
            return r
        }
        guard case .number(let n) = part else { return nil }
        let v = CGFloat(n)
        switch c {
        case .translationX: r.m41 = v
        case .translationY: r.m42 = v
        case .translationZ: r.m43 = v
        case .scaleX: setRowLength(&r, 1, v)
        case .scaleY: setRowLength(&r, 2, v)
        case .scaleZ: setRowLength(&r, 3, v)
        case .scale: setRowLength(&r, 1, v); setRowLength(&r, 2, v); setRowLength(&r, 3, v)
        case .rotationX, .rotationY, .rotationZ:
            guard case .number(let current)? = get(c, from: t) else { return nil }
            let delta = CGFloat(n - current)
            let axis: (CGFloat, CGFloat, CGFloat) = c == .rotationX ? (1, 0, 0) : c == .rotationY ? (0, 1, 0) : (0, 0, 1)
            let rot = CATransform3DMakeRotation(delta, axis.0, axis.1, axis.2)
            // Rotate the linear part after the current one; keep translation and perspective.
            r = CATransform3DConcat(t, rot)
            r.m14 = t.m14; r.m24 = t.m24; r.m34 = t.m34
            r.m41 = t.m41; r.m42 = t.m42; r.m43 = t.m43; r.m44 = t.m44
        default: return nil
        }
        return r
    }

    private static func rowLength(_ t: CATransform3D, _ row: Int) -> CGFloat {
        switch row {
        case 1: return (t.m11 * t.m11 + t.m12 * t.m12 + t.m13 * t.m13).squareRoot()
        case 2: return (t.m21 * t.m21 + t.m22 * t.m22 + t.m23 * t.m23).squareRoot()
        default: return (t.m31 * t.m31 + t.m32 * t.m32 + t.m33 * t.m33).squareRoot()
        }
    }

    private static func setRowLength(_ t: inout CATransform3D, _ row: Int, _ v: CGFloat) {
        let len = rowLength(t, row)
        let k = len > 1e-12 ? v / len : 0
        switch row {
        case 1: if len > 1e-12 { t.m11 *= k; t.m12 *= k; t.m13 *= k } else { t.m11 = v; t.m12 = 0; t.m13 = 0 }
        case 2: if len > 1e-12 { t.m21 *= k; t.m22 *= k; t.m23 *= k } else { t.m21 = 0; t.m22 = v; t.m23 = 0 }
        default: if len > 1e-12 { t.m31 *= k; t.m32 *= k; t.m33 *= k } else { t.m31 = 0; t.m32 = 0; t.m33 = v }
        }
    }
}

/// A parsed animation key path: a layer property and an optional component of it.
struct LayerKeyPath: Hashable {
    var key: LayerKey
    var component: ValueComponent?
    var string: String
    /// The name of the key alone ("position" for "position.x"): what `needsDisplay(forKey:)`
    /// is asked about.
    var rootName: String

    init(_ path: String) {
        string = path
        if let dot = path.firstIndex(of: ".") {
            let root = String(path[..<dot])
            let rest = path[path.index(after: dot)...]
            if let c = ValueComponent(rest) {
                key = LayerKey(root)
                component = c
                rootName = root
                return
            }
        }
        key = LayerKey(path)
        component = nil
        rootName = path
    }
}
