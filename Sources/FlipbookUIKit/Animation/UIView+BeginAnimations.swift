import Foundation
import FlipbookQuartz

/// UIKit's animation blocks of before iOS 4: `beginAnimations(_:context:)`, the
/// `setAnimation…` calls, `commitAnimations()`. Deprecated since iOS 13, still common in older
/// libraries (a photo viewer springs its page back with one).
///
/// A begun block records the changes made until it is committed, like an `animate` block;
/// the settings made inside it (duration, delay, curve, repeat, from-current-state) apply to
/// all its changes when it commits, as UIKit applies them. Defaults are UIKit's: 0.2 s, ease in
/// and out, no delay. Blocks nest; a `setAnimation…` call outside a block does nothing. The
/// delegate and its selectors do not exist here (no Objective-C runtime).
extension UIView {
    /// Starts an animation block; `animationID` and `context` are kept for UIKit's delegate
    /// callbacks, which Flipbook does not make.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let spec = animationSpec(
            duration: 0.2, delay: 0, timing: AnimationTiming(curve: .easeInOut), flags: 0,
            method: "beginAnimations(_:context:)")
        let state = UIViewAnimationState(kind: .basic, spec: spec)
        UIViewAnimationRegistry.stack.append(state)
        LegacyAnimationBlocks.open.append(state)
    }

    /// Ends the innermost begun block: its changes animate with its settings.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func commitAnimations() {
        guard let state = LegacyAnimationBlocks.open.popLast() else {
            FlipbookDiagnostics.report("UIView.commitAnimations(): no block was begun with beginAnimations(_:context:); ignored.")
            return
        }
        if let i = UIViewAnimationRegistry.stack.lastIndex(where: { $0 === state }) { UIViewAnimationRegistry.stack.remove(at: i) }
        state.commitBasic(tracker: AnimationCompletionTracker(nil, spec: state.spec))
    }

    /// The begun block's duration in seconds (default 0.2).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationDuration(_ duration: TimeInterval) {
        LegacyAnimationBlocks.update { $0.duration = validatedTime(duration, name: "duration", method: "setAnimationDuration(_:)") }
    }

    /// The begun block's delay in seconds (default 0).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationDelay(_ delay: TimeInterval) {
        LegacyAnimationBlocks.update { $0.delay = validatedTime(delay, name: "delay", method: "setAnimationDelay(_:)") }
    }

    /// The begun block's curve (default `.easeInOut`).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationCurve(_ curve: UIView.AnimationCurve) {
        LegacyAnimationBlocks.update { $0.timing = AnimationTiming(curve: curve) }
    }

    /// Whether the begun block's animations play backwards after each forward run.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        LegacyAnimationBlocks.update { $0.autoreverses = repeatAutoreverses }
    }

    /// Whether the begun block's animations repeat. Flipbook repeats for ever for any count
    /// above zero (fractional and finite counts are not modelled; docs/Divergences.md).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        LegacyAnimationBlocks.update { $0.repeats = repeatCount > 0 }
    }

    /// Whether the begun block's animations start from what is on screen (an animation in
    /// flight's presented value) rather than from the model value.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        LegacyAnimationBlocks.update { $0.beginFromCurrentState = fromCurrentState }
    }
}

/// The blocks begun with `beginAnimations(_:context:)` and not yet committed, innermost last:
/// the current runtime's (`AnimationBlocks`), so a block one app leaves open is not another's.
@preconcurrency @MainActor
enum LegacyAnimationBlocks {
    static var open: [UIViewAnimationState] {
        get { AnimationBlocks.current.legacyOpen }
        set { AnimationBlocks.current.legacyOpen = newValue }
    }

    /// Changes the innermost begun block's settings (nothing outside a block, as in UIKit).
    static func update(_ change: (inout AnimationSpec) -> Void) {
        guard let state = open.last else { return }
        change(&state.spec)
    }
}
