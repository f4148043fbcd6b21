import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// A range of floating-point values, UIKit's `UIFloatRange`.
public struct UIFloatRange: Sendable, Hashable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init(minimum: CGFloat, maximum: CGFloat) { self.minimum = minimum; self.maximum = maximum }
    public init() { minimum = 0; maximum = 0 }
    /// Zero to zero.
    public static let zero = UIFloatRange()
    /// −∞ to +∞: no limit.
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
    /// Whether both ends are infinite.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// Connects an item to a point or to another item, UIKit's `UIAttachmentBehavior`.
///
/// Kinds (Apple's factory methods) and their joints: the plain initialisers make a distance
/// joint, rigid when `frequency` is 0 (a rod of `length`) and a spring of `frequency` Hz and
/// damping ratio `damping` otherwise; `limitAttachment` a rope (at most `length`);
/// `fixedAttachment` a weld; `pinAttachment` a revolute joint (`attachmentRange`: angle
/// limits in radians; `frictionTorque` in mass·pt²/s²); `slidingAttachment` a prismatic joint
/// (`attachmentRange`: translation limits in points). `length` defaults to the distance
/// between the two attachment points when the behaviour is created. Offsets are in the
/// item's own coordinates, from its centre.
@preconcurrency @MainActor
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What the attachment connects, UIKit's `UIAttachmentBehavior.AttachmentType`.
    public enum AttachmentType: Int, Sendable {
        /// Two items.
        case items
        /// An item and a fixed point.
        case anchor
    }

    enum Kind: Equatable { case distance, limit, fixed, pin, sliding(axis: CGVector) }

    let kind: Kind
    /// `.items` or `.anchor`.
    public let attachedBehaviorType: AttachmentType
    private let offsetA: UIOffset
    private let offsetB: UIOffset
    private var anchorStorage: CGPoint
    /// Angle of each item at creation, for welds, pins and sliders.
    private let anglesAtCreation: (CGFloat, CGFloat)

    private init(kind: Kind, items: [UIDynamicItem], offsets: (UIOffset, UIOffset), anchor: CGPoint?) {
        self.kind = kind
        attachedBehaviorType = items.count == 2 ? .items : .anchor
        offsetA = Self.finite(offsets.0); offsetB = Self.finite(offsets.1)
        anchorStorage = anchor ?? .zero
        anglesAtCreation = (
            items.first.map { DynamicsEngine.rotation(of: $0.transform) } ?? 0,
            items.count > 1 ? DynamicsEngine.rotation(of: items[1].transform) : 0
        )
        super.init()
        itemStorage = items
        if let anchor, !(anchor.x.isFinite && anchor.y.isFinite) {
            FlipbookDiagnostics.report("UIAttachmentBehavior: non-finite anchor point \(anchor); using (0, 0).")
            anchorStorage = .zero
        }
        if items.count == 2, items[0] === items[1] {
            FlipbookDiagnostics.report("UIAttachmentBehavior: an item cannot be attached to itself; the attachment does nothing.")
        }
        lengthStorage = currentDistance()
    }

    private static func finite(_ o: UIOffset) -> UIOffset {
        if o.horizontal.isFinite && o.vertical.isFinite { return o }
        FlipbookDiagnostics.report("UIAttachmentBehavior: non-finite offset \(o); using zero.")
        return .zero
    }

    /// Attaches the item's centre to `point`.
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from the item's centre to `point`.
    public convenience init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(kind: .distance, items: [item], offsets: (offset, .zero), anchor: point)
    }

    /// Attaches two items' centres.
    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches points of two items.
    public convenience init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        self.init(kind: .distance, items: [item1, item2], offsets: (offset1, offset2), anchor: nil)
    }

    /// Lets two items slide along `axis` (reference coordinates) through `point`, without turning.
    public class func slidingAttachment(
        with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .sliding(axis: axis), items: [item1, item2], offsets: (.zero, .zero), anchor: point)
    }

    /// Lets an item slide along `axis` through the fixed `point`, without turning.
    public class func slidingAttachment(with item: UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .sliding(axis: axis), items: [item], offsets: (.zero, .zero), anchor: point)
    }

    /// A rope between points of two items: they stay at most `length` apart.
    public class func limitAttachment(
        with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .limit, items: [item1, item2], offsets: (offset1, offset2), anchor: nil)
    }

    /// Welds two items together at `point`.
    public class func fixedAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .fixed, items: [item1, item2], offsets: (.zero, .zero), anchor: point)
    }

    /// Pins two items together at `point`; they may turn about it.
    public class func pinAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .pin, items: [item1, item2], offsets: (.zero, .zero), anchor: point)
    }

    /// The attached items (one or two).
    open var items: [UIDynamicItem] { itemStorage }

    /// The fixed point (anchor attachments), or the joint point given at creation.
    open var anchorPoint: CGPoint {
        get { anchorStorage }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                FlipbookDiagnostics.report("UIAttachmentBehavior.anchorPoint: non-finite point \(newValue); ignored.")
                return
            }
            anchorStorage = newValue
            parametersDidChange()
        }
    }

    private var lengthStorage: CGFloat = 0
    /// The distance kept between the attachment points (points).
    open var length: CGFloat {
        get { lengthStorage }
        set { setChecked(newValue, "length", \.lengthStorage) }
    }
    private var frequencyStorage: CGFloat = 0
    /// Spring frequency in Hz; 0 (default) makes a rigid rod.
    open var frequency: CGFloat {
        get { frequencyStorage }
        set { setChecked(newValue, "frequency", \.frequencyStorage) }
    }
    private var dampingStorage: CGFloat = 0
    /// Spring damping ratio (1 = critical).
    open var damping: CGFloat {
        get { dampingStorage }
        set { setChecked(newValue, "damping", \.dampingStorage) }
    }
    private var frictionTorqueStorage: CGFloat = 0
    /// Pin attachments: the torque that resists turning (mass·pt²/s²).
    open var frictionTorque: CGFloat {
        get { frictionTorqueStorage }
        set { setChecked(newValue, "frictionTorque", \.frictionTorqueStorage) }
    }
    /// Pin: angle limits (radians); sliding: translation limits (points). Default infinite.
    open var attachmentRange: UIFloatRange {
        get { _attachmentRange }
        set {
            let oldValue = _attachmentRange
            _attachmentRange = newValue
            if attachmentRange.minimum.isNaN || attachmentRange.maximum.isNaN || attachmentRange.minimum > attachmentRange.maximum {
                FlipbookDiagnostics.report("UIAttachmentBehavior.attachmentRange: invalid range \(attachmentRange); kept \(oldValue).")
                _attachmentRange = oldValue
                return
            }
            parametersDidChange()
        }
    }
    private var _attachmentRange: UIFloatRange = .infinite

    private func setChecked(_ value: CGFloat, _ name: String, _ keyPath: ReferenceWritableKeyPath<UIAttachmentBehavior, CGFloat>) {
        guard value.isFinite, value >= 0 else {
            FlipbookDiagnostics.report("UIAttachmentBehavior.\(name): \(value) is invalid (must be finite and ≥ 0); kept \(self[keyPath: keyPath]).")
            return
        }
        self[keyPath: keyPath] = value
        parametersDidChange()
    }

    /// World positions of the two attachment points right now (from the items' state).
    private func currentDistance() -> CGFloat {
        guard let a = itemStorage.first else { return 0 }
        let pa = Self.point(a, offsetA)
        let pb = itemStorage.count > 1 ? Self.point(itemStorage[1], offsetB) : anchorStorage
        let d = ((pa.x - pb.x) * (pa.x - pb.x) + (pa.y - pb.y) * (pa.y - pb.y)).squareRoot()
        return d.isFinite ? d : 0
    }

    private static func point(_ item: UIDynamicItem, _ offset: UIOffset) -> CGPoint {
        let angle = DynamicsEngine.rotation(of: item.transform)
        let c = cos(angle), s = sin(angle)
        return CGPoint(
            x: item.center.x + c * offset.horizontal - s * offset.vertical,
            y: item.center.y + s * offset.horizontal + c * offset.vertical)
    }

    override func makeJoints(_ engine: DynamicsEngine) {
        guard let a = itemStorage.first, let bodyA = engine.body(for: a) else { return }
        let bodyB: PhysicsBodyID? = itemStorage.count > 1 ? engine.body(for: itemStorage[1]) : nil
        if itemStorage.count > 1 && (bodyB == nil || bodyB == bodyA) { return }
        let localA = engine.localAnchor(a, offsetA)
        let localB = itemStorage.count > 1 ? engine.localAnchor(itemStorage[1], offsetB) : .zero
        let w = engine.world
        let length = Double(lengthStorage)
        switch kind {
        case .distance:
            let f = Double(frequencyStorage), d = Double(dampingStorage)
            if !(f > 0) && length < w.settings.linearSlop {
                // A rod shorter than the slop (an item attached at the anchor itself, a guillotine
                // menu's pivot): a pin. A rod of length 0 has no direction to act along, so the
                // point wanders about the anchor and the item never rests (docs/Divergences.md).
                if let bodyB {
                    engine.addJoint(.revolute(bodyA, localA, bodyB, localB))
                } else {
                    engine.addJoint(.revolute(nil, PhysicsVector(anchorStorage), bodyA, localA))
                }
            } else if let bodyB {
                engine.addJoint(.distance(bodyA, localA, bodyB, localB, length: length, frequency: f, dampingRatio: d))
            } else {
                engine.addJoint(.distance(nil, PhysicsVector(anchorStorage), bodyA, localA, length: length, frequency: f, dampingRatio: d))
            }
        case .limit:
            guard let bodyB else { return }
            engine.addJoint(.rope(bodyA, localA, bodyB, localB, maxLength: length))
        case .fixed:
            guard let bodyB else { return }
            let p = PhysicsVector(anchorStorage)
            engine.addJoint(.weld(bodyA, w.localPoint(p, of: bodyA), bodyB, w.localPoint(p, of: bodyB),
                                  referenceAngle: w.angle(of: bodyB) - w.angle(of: bodyA)))
        case .pin:
            guard let bodyB else { return }
            let p = PhysicsVector(anchorStorage)
            let range = attachmentRange
            let limits: ClosedRange<Double>? = range.isInfinite ? nil : max(Double(range.minimum), -1e9)...min(Double(range.maximum), 1e9)
            engine.addJoint(.revolute(bodyA, w.localPoint(p, of: bodyA), bodyB, w.localPoint(p, of: bodyB),
                                      referenceAngle: Double(anglesAtCreation.1 - anglesAtCreation.0), limits: limits,
                                      frictionTorque: Double(frictionTorqueStorage)))
        case .sliding(let axis):
            let range = attachmentRange
            let limits: ClosedRange<Double>? = range.isInfinite ? nil : max(Double(range.minimum), -1e9)...min(Double(range.maximum), 1e9)
            let axisVector = PhysicsVector(Double(axis.dx), Double(axis.dy))
            guard axisVector.isFinite, axisVector.lengthSquared > 0 else {
                FlipbookDiagnostics.report("UIAttachmentBehavior.slidingAttachment: the axis \(axis) has no direction; the attachment does nothing.")
                return
            }
            let p = PhysicsVector(anchorStorage)
            if let bodyB {
                let localAxis = PhysicsRotation(angle: w.angle(of: bodyA)).applyInverse(axisVector)
                engine.addJoint(.prismatic(bodyA, w.localPoint(p, of: bodyA), bodyB, w.localPoint(p, of: bodyB), axis: localAxis,
                                           referenceAngle: w.angle(of: bodyB) - w.angle(of: bodyA), limits: limits))
            } else {
                engine.addJoint(.prismatic(nil, p, bodyA, w.localPoint(p, of: bodyA), axis: axisVector,
                                           referenceAngle: w.angle(of: bodyA), limits: limits))
            }
        }
    }
}
