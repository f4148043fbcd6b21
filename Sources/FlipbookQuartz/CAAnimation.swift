import Foundation
import FlipbookGeometry

/// Told when an animation starts and stops, Core Animation's `CAAnimationDelegate`.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: NSObjectProtocol {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is true when the animation ran to its end, false when it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation, Core Animation's `CAAnimation`.
///
/// `CALayer.add(_:forKey:)` stores a copy, so changing an animation after adding it
/// affects nothing; the copy is what `animation(forKey:)` returns and what the delegate
/// is told about. As on Apple platforms, `delegate` is a strong reference.
/// `duration` 0 (the default) means 0.25 s.
@preconcurrency @MainActor
open class CAAnimation: NSObject, @preconcurrency NSCopying, CAMediaTiming, CAAction {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Paces the whole animation; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Strong, as on Apple platforms.
    open var delegate: CAAnimationDelegate?
    /// When true (the default) the layer drops the animation when it ends.
    open var isRemovedOnCompletion = true
    /// The frame rates the animation would like (iOS 15), default `.default`. Kept: every
    /// animation is sampled at each frame the media clock steps to (docs/API-Status.md).
    open var preferredFrameRateRange: CAFrameRateRange = .default

    /// Values set by key-value coding under keys that are not properties (CAAnimation+KeyValueCoding.swift).
    final var keyedValues: [String: Any] = [:]

    // Engine state of an added copy.
    final var isStarted = false
    final var isStopped = false
    final var beginPending = false
    final var transactionGroups: [TransactionGroup] = []
    /// The engine this copy was registered with (its layer's runtime's), which hears of its
    /// removal even if the layer has left that runtime's window since.
    final weak var engine: AnimationEngine?
    /// The timing read when the animation was added (and its begin time once committed).
    final var frozenTiming: TimingModel?
    /// The timing function read when the timing was frozen (changes after adding are
    /// ignored, like the other timing properties).
    final var frozenTimingFunction: CAMediaTimingFunction?

    public override init() { super.init() }

    /// An animation with default values: there is no archive to decode from here.
    public required init?(coder: NSCoder) { super.init() }

    /// Copies `other`'s public properties (not its engine state) into this new copy. Flipbook's
    /// subclasses override it to copy their own, calling `super` first. A subclass outside
    /// Flipbook copies its own properties in a `copy(with:)` override, as on iOS, where
    /// Core Animation's copy makes the new object with `init()` and copies only what it stores.
    func copyProperties(from other: CAAnimation) {
        keyedValues = other.keyedValues
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        preferredFrameRateRange = other.preferredFrameRateRange
    }

    /// A new animation of the receiver's dynamic class, through its `init()`: how `copy(with:)`
    /// makes copies (Core Animation does this through the Objective-C runtime). Inherited by
    /// every subclass that overrides all of CAAnimation's designated initializers (`init()` and
    /// `init?(coder:)`) or none of them, as Swift's rules for convenience initializers say; on
    /// iOS, too, such a class must have `init()` to be copied.
    public required convenience init(_flipbookNew: Void) { self.init() }

    /// A copy of the animation (`NSCopying`; `copy()` comes here): a new instance of the
    /// receiver's class made with `init()`, with Core Animation's properties copied. A
    /// subclass's own stored properties keep their initial values unless it overrides this,
    /// calls `super` and copies them, as on iOS.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init(_flipbookNew: ())
        copy.copyProperties(from: self)
        return copy
    }

    /// A default value for a property (Apple's class method); nil.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether changes to `key` are archived; always true here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Running the animation as an action adds it to the layer under the event key.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(self, forKey: event)
    }

    /// True when the animation repeats forever (its stop is never due); set when added.
    final var isEndless = false

    /// The animation's timing: frozen when it is added to a layer (later changes to an added
    /// animation are undefined on iOS and ignored here), else read from the properties.
    final var timing: TimingModel { frozenTiming ?? liveTiming }

    final var liveTiming: TimingModel {
        TimingModel(
            beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
            repeatCount: Double(repeatCount), repeatDuration: repeatDuration, autoreverses: autoreverses,
            fillMode: fillMode)
    }

    /// Checks the animation when it is added; reports bad timing once.
    func validate() {
        if !duration.isFinite || duration < 0 {
            FlipbookDiagnostics.report(
                "\(type(of: self)): duration \(duration) is invalid; using 0.25 s.", once: "CAAnimation.duration")
            duration = 0
        }
        if !speed.isFinite {
            FlipbookDiagnostics.report("\(type(of: self)): speed \(speed) is invalid; using 1.", once: "CAAnimation.speed")
            speed = 1
        }
        if !beginTime.isFinite {
            FlipbookDiagnostics.report(
                "\(type(of: self)): beginTime \(beginTime) is invalid; using 0 (now).", once: "CAAnimation.beginTime")
            beginTime = 0
        }
        if let note = timingFunction?.diagnostic { FlipbookDiagnostics.report(note, once: note) }
        if !timeOffset.isFinite { timeOffset = 0 }
        if repeatCount.isNaN || repeatCount < 0 { repeatCount = 0 }
        if repeatDuration.isNaN || repeatDuration < 0 { repeatDuration = 0 }
        isEndless = liveTiming.activeDuration.isInfinite
    }

    /// Applies the animation at `parentTime` (its layer's local time, or its group's) to
    /// the presentation copy `target`. Subclasses override `apply(_:to:)`.
    final func apply(to target: CALayer, parentTime: Double, beginTime begin: Double? = nil) {
        var timing = self.timing
        if let begin { timing.beginTime = begin }
        guard let active = timing.activeTime(atParentTime: parentTime) else { return }
        apply(active, to: target)
    }

    /// Freezes the timing of an added animation (and its group's children).
    func freezeTiming() {
        frozenTiming = liveTiming
        frozenTimingFunction = timingFunction
    }

    /// Applies the animation straight to stored values when it can (false: it needs a layer).
    func applyFast(_ active: ActiveTime, to values: inout LayerValues) -> Bool { false }

    /// Applies the animation at a resolved point of its timeline. The base does nothing.
    func apply(_ active: ActiveTime, to target: CALayer) {}

    /// The timing function's output for `fraction`.
    func eased(_ fraction: Double) -> Double {
        guard let f = frozenTiming != nil ? frozenTimingFunction : timingFunction else { return fraction }
        return f.value(at: fraction)
    }

    /// The key paths this animation writes (for `presentationValue(forKeyPath:)`), nil for all.
    var affectedKeys: Set<LayerKey>? { [] }
}

/// Runs its animations together on one timeline, Core Animation's `CAAnimationGroup`.
///
/// The children's times are relative to the group (beginTime 0 is the group's start) and
/// the group's duration cuts them off. Children's delegates are not called, as on iOS.
@preconcurrency @MainActor
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let g = other as? CAAnimationGroup { animations = g.animations?.compactMap { $0.copy() as? CAAnimation } }
    }

    override func validate() {
        super.validate()
        animations?.forEach { $0.validate() }
    }

    override func freezeTiming() {
        super.freezeTiming()
        animations?.forEach { $0.freezeTiming() }
    }

    override func apply(_ active: ActiveTime, to target: CALayer) {
        guard let animations else { return }
        for child in animations { child.apply(to: target, parentTime: eased(active.fraction) * active.duration) }
    }

    override var affectedKeys: Set<LayerKey>? {
        var keys: Set<LayerKey> = []
        for child in animations ?? [] {
            guard let k = child.affectedKeys else { return nil }
            keys.formUnion(k)
        }
        return keys
    }
}
