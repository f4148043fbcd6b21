import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// How a recorded UIView animation is paced.
enum AnimationTiming: Equatable {
    /// A cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1).
    case bezier(Float, Float, Float, Float)
    /// A damped spring (mass, stiffness, damping in UIKit's units, initial velocity in
    /// whole distances per second, and whether it may overdamp: the curve the mapping from
    /// UIKit's parameters made, whole). `runsToRest` uses the spring's settling duration
    /// instead of the block's duration.
    case spring(SpringCurve, runsToRest: Bool)

    init(curve: UIView.AnimationCurve) {
        let p = curve.controlPoints
        self = .bezier(p.0, p.1, p.2, p.3)
    }
}

/// The parameters shared by every animation an animation block creates.
struct AnimationSpec {
    var duration: TimeInterval
    var delay: TimeInterval
    var timing: AnimationTiming
    var repeats = false
    var autoreverses = false
    var beginFromCurrentState = false
    /// `.allowUserInteraction`: the animated views keep receiving touches (docs/Semantics.md,
    /// "UIView animations").
    var allowsUserInteraction = false
}

/// Stands in for a recorded change until its block ends.
///
/// Added under the property's key by `ChangeCaptureAction` (replacing, and so interrupting, an
/// animation in flight), with the start value in `fromValue`; the block's end reads that
/// from-value and puts the real animation in its place.
@preconcurrency @MainActor
final class RecordingPlaceholderAnimation: CABasicAnimation {}

/// The action the view's hook answers for the first change of a key in a block.
///
/// Core Animation asks the view for an action after the property has changed and runs it with
/// the model value before the change (`"previousValue"`). For a key that stacks additively
/// (docs/Semantics.md, "UIView animations") the action only keeps that value as the change's
/// start: animations in flight keep running. Otherwise it adds a `RecordingPlaceholderAnimation`
/// starting from the presented value (when the key was animating and the block begins from the
/// current state) or the previous model value (the in-flight animation's end, UIKit's rule
/// without `.beginFromCurrentState`).
@preconcurrency @MainActor
final class ChangeCaptureAction: CAAction {
    weak var change: RecordedChange?
    let beginsFromPresentedValue: Bool

    init(change: RecordedChange, beginsFromPresentedValue: Bool) {
        self.change = change
        self.beginsFromPresentedValue = beginsFromPresentedValue
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let change else { return }
        let previous: Any?
        if let recorded = dict?["previousValue"] {
            previous = recorded is NSNull ? nil : recorded
        } else {
            previous = AnimatableLayerKeys.value(of: layer, forKey: event)
        }
        if change.isAdditive {
            change.setStart(previous)
            return
        }
        var animating = false
        var additiveKeys: [String] = []
        for key in layer.animationKeys() ?? [] {
            guard let animation = layer.animation(forKey: key) as? CAPropertyAnimation, let path = animation.keyPath,
                path == event || path.hasPrefix(event + ".")
            else { continue }
            animating = true
            if animation.isAdditive, path == event, key != event { additiveKeys.append(key) }
        }
        var start = previous
        if animating && beginsFromPresentedValue {
            if additiveKeys.isEmpty && !((layer.animation(forKey: event) as? CAPropertyAnimation)?.isAdditive ?? false) {
                start = layer.presentationValue(forKeyPath: event)
            } else {
                // Additive motions in flight are offsets from the previous model value: read what
                // was on screen with that value back in place.
                let current = AnimatableLayerKeys.value(of: layer, forKey: event)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                if let previous { AnimatableLayerKeys.setValue(previous, on: layer, forKey: event) }
                start = AnimatableLayerKeys.presentedValue(of: layer, forKey: event)
                if let current { AnimatableLayerKeys.setValue(current, on: layer, forKey: event) }
                CATransaction.commit()
            }
        }
        // The placeholder replaces the animation under the key; stacked additive ones go too.
        let placeholder = RecordingPlaceholderAnimation(keyPath: event)
        placeholder.fromValue = start
        layer.add(placeholder, forKey: event)
        for key in additiveKeys { layer.removeAnimation(forKey: key) }
    }
}

/// One property of one layer changed inside an animation block.
@preconcurrency @MainActor
final class RecordedChange {
    let layer: CALayer
    let key: String
    /// Whether the change becomes an additive animation over those in flight (a basic block
    /// changing position, bounds or transform); its start is then the previous model value.
    let isAdditive: Bool
    /// The value on screen before the block first changed the property, once resolved (for an
    /// additive change, the model value before the change).
    private(set) var start: Any?
    /// Keyframes (fractions of the keyframe animation's duration), in the order they were added.
    var keyframes: [(start: Double, end: Double, value: Any)] = []

    init(layer: CALayer, key: String, isAdditive: Bool = false) {
        self.layer = layer
        self.key = key
        self.isAdditive = isAdditive
    }

    /// Sets the start of an additive change (once).
    func setStart(_ value: Any?) {
        if start == nil { start = value }
    }

    /// Reads the start value from the placeholder the layer added (once). Without one
    /// (actions disabled, or a nested block already took the key), the change has no start
    /// and makes no animation.
    func resolveStart() {
        guard start == nil, !isAdditive,
            let placeholder = layer.animation(forKey: key) as? RecordingPlaceholderAnimation
        else { return }
        start = placeholder.fromValue ?? (AnimatableLayerKeys.colorKeys.contains(key) ? AnimatableLayerKeys.clearColor : nil)
    }

    /// Removes this change's placeholder if it is still on the layer.
    func removePlaceholder() {
        if layer.animation(forKey: key) is RecordingPlaceholderAnimation { layer.removeAnimation(forKey: key) }
    }

    /// The property's current model value (its value at the end of the block).
    var currentValue: Any { AnimatableLayerKeys.anyValue(of: layer, forKey: key) ?? start ?? 0 }
}

/// UIKit's per-block animation state: collects the property changes made while an animation
/// block (or a keyframe, or a property animator's animations) runs.
@preconcurrency @MainActor
final class UIViewAnimationState {
    enum Kind {
        /// `UIView.animate…`: one animation per changed property.
        case basic
        /// `UIView.animateKeyframes…`: one keyframe animation per changed property.
        case keyframes(UIView.KeyframeAnimationOptions)
        /// One `addKeyframe` block inside a keyframe animation (fractions of its duration).
        case keyframe(start: Double, duration: Double)
        /// A property animator's animations: changes are handed to the animator.
        case capture
        /// Changes apply immediately (performWithoutAnimation, transition bodies).
        case suppressed
    }

    let kind: Kind
    /// Settable until the block commits: `beginAnimations(_:context:)` blocks take their duration,
    /// delay and curve from the `setAnimation…` calls made inside them.
    var spec: AnimationSpec
    private(set) var changes: [RecordedChange] = []
    private var lookup: [ChangeKey: RecordedChange] = [:]
    /// The views whose layers changed, in order (for the layoutSubviews option).
    private(set) var views: [UIView] = []
    /// The same views, for a constant-time membership test (a block can move thousands).
    private var viewIDs: Set<ObjectIdentifier> = []

    private struct ChangeKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    init(kind: Kind, spec: AnimationSpec) {
        self.kind = kind
        self.spec = spec
    }

    var isRecording: Bool {
        if case .suppressed = kind { return false }
        return true
    }

    /// Records a change of `key` on `layer`; nil when it was already recorded in this block.
    func record(_ layer: CALayer, key: String) -> RecordedChange? {
        let id = ChangeKey(layer: ObjectIdentifier(layer), key: key)
        if lookup[id] != nil { return nil }
        var additive = false
        if case .basic = kind { additive = AnimatableLayerKeys.additiveKeys.contains(key) }
        let change = RecordedChange(layer: layer, key: key, isAdditive: additive)
        lookup[id] = change
        changes.append(change)
        return change
    }

    /// Whether a non-additive change starts from the presented value of an animation in flight
    /// (`.beginFromCurrentState`; always for a property animator's changes).
    var beginsFromPresentedValue: Bool {
        if case .capture = kind { return true }
        return spec.beginFromCurrentState
    }

    /// Notes `view` as changed inside the block.
    func noteView(_ view: UIView) {
        if viewIDs.insert(ObjectIdentifier(view)).inserted { views.append(view) }
    }

    /// Adopts a change recorded by a nested keyframe block, keeping the first start value.
    func adopt(_ change: RecordedChange) -> RecordedChange {
        let id = ChangeKey(layer: ObjectIdentifier(change.layer), key: change.key)
        if let existing = lookup[id] { return existing }
        lookup[id] = change
        changes.append(change)
        return change
    }
}

/// UIView's class-level animation state: the stack of blocks being recorded and the global
/// enable switch. This is UIKit's own class state (`UIView.areAnimationsEnabled`,
/// `UIView.inheritedAnimationDuration`), not a Flipbook addition. The blocks (being recorded,
/// begun with `beginAnimations` and not committed, the transition's alongside offer) belong to
/// the current runtime (`AnimationBlocks`): `UIView.animate` is a receiver-less spelling, and a
/// block one app leaves open never records another app's changes.
@preconcurrency @MainActor
enum UIViewAnimationRegistry {
    /// The current runtime's blocks being recorded, innermost last.
    static var stack: [UIViewAnimationState] {
        get { openInAnyRuntime == 0 ? [] : AnimationBlocks.current.stack }
        set {
            let blocks = AnimationBlocks.current
            openInAnyRuntime += newValue.count - blocks.stack.count
            blocks.stack = newValue
        }
    }

    /// How many blocks all runtimes' stacks hold together: while none does (most of the time),
    /// the view layers' action hook reads no runtime. A runtime dropped with a block still open
    /// leaves it above zero, which only costs that lookup.
    private static var openInAnyRuntime = 0

    static var animationsEnabled = true
    static var suppressionDepth = 0

    /// The view layer's hook: while a block is recorded, records an animatable property
    /// change and returns a placeholder animation the first time (the real animation is
    /// built when the block ends), `NSNull` afterwards; nil (no animation) otherwise.
    static func action(for view: UIView, layer: CALayer, key: String) -> CAAction? {
        guard animationsEnabled, suppressionDepth == 0, let state = stack.last, state.isRecording,
            AnimatableLayerKeys.captures(key, on: layer)
        else { return nil }
        state.noteView(view)
        guard let change = state.record(layer, key: key) else { return NSNull() }
        return ChangeCaptureAction(change: change, beginsFromPresentedValue: state.beginsFromPresentedValue)
    }

    /// Runs `body` with `state` on top of the stack.
    static func run(_ state: UIViewAnimationState, _ body: () -> Void) {
        stack.append(state)
        body()
        if let i = stack.lastIndex(where: { $0 === state }) { stack.remove(at: i) }
    }

    /// The innermost block that records changes, if any.
    static var current: UIViewAnimationState? { stack.last }

    // MARK: Alongside animations

    /// The transition coordinator's queued alongside blocks, offered to the first top-level
    /// animation block started while an animator's `animateTransition(using:)` (or an
    /// interaction controller's `startInteractiveTransition(_:)`) runs: UIKit's
    /// `+[UIView _setAlongsideAnimations:toRunByEndOfBlock:]`. The block that takes them runs
    /// them after its own animations, so they share its duration, delay, curve and completion
    /// (docs/Semantics.md, "Alongside animations join the animator's block").
    private static var alongsideOffer: AlongsideOffer? {
        get { AnimationBlocks.current.alongsideOffer }
        set { AnimationBlocks.current.alongsideOffer = newValue }
    }

    /// Offers `offer` to the animation blocks `body` starts; withdrawn when `body` returns
    /// (the caller then runs what was not taken).
    static func offeringAlongside(_ offer: AlongsideOffer, during body: () -> Void) {
        let outer = alongsideOffer
        alongsideOffer = offer
        body()
        alongsideOffer = outer
    }

    /// Hands the offer, once, to a block of `duration` that is starting: a top-level block
    /// (no block is being recorded), animated, of positive duration, while the offer still
    /// accepts. Nested blocks, blocks inside `performWithoutAnimation` and zero-duration blocks
    /// leave it to the next block.
    static func takeAlongsideOffer(duration: TimeInterval) -> AlongsideOffer? {
        guard let offer = alongsideOffer, duration > 0, stack.isEmpty, animationsEnabled, suppressionDepth == 0,
            offer.accepts()
        else { return nil }
        alongsideOffer = nil
        return offer
    }
}

/// The alongside blocks a transition offers to the animator's first animation block (see
/// `UIViewAnimationRegistry.offeringAlongside(_:during:)`).
@preconcurrency @MainActor
struct AlongsideOffer {
    /// Whether a block may take the blocks now (an interruptible animator takes them instead).
    let accepts: () -> Bool
    /// Runs the blocks inside `state`, the block being recorded, after its own animations.
    let join: (UIViewAnimationState) -> Void
}

/// The animation blocks of one app, kept in its runtime (`AppRuntime.state(_:make:)`): those
/// being recorded, those begun with `beginAnimations(_:context:)` and not yet committed, and the
/// alongside blocks a starting transition offers. UIKit keeps them as class state of `UIView`;
/// here each app has its own, so a block one app (or test) leaves open, or an offer, never
/// reaches another's `UIView.animate` (docs/ARCHITECTURE.md, "Process-wide state").
@preconcurrency @MainActor
final class AnimationBlocks {
    var stack: [UIViewAnimationState] = []
    var legacyOpen: [UIViewAnimationState] = []
    var alongsideOffer: AlongsideOffer?

    /// The current runtime's (UIView's animation calls are receiver-less spellings).
    static var current: AnimationBlocks { AppRuntime.current.state(AnimationBlocks.self) { AnimationBlocks() } }
}
