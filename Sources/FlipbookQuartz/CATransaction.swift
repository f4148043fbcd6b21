import Foundation
import FlipbookGeometry

/// The settings of one open transaction.
@preconcurrency @MainActor
final class CATransactionState {
    let isImplicit: Bool
    let group = TransactionGroup()
    var values: [String: Any] = [:]
    init(isImplicit: Bool) { self.isImplicit = isImplicit }
}

/// Groups layer changes and animations, Core Animation's `CATransaction`.
///
/// There is always an implicit transaction while anything changes; it commits when the
/// clock runs its next frame (Apple commits at the end of the run-loop turn).
/// `begin()`/`commit()` nest explicit transactions inside it. Settings
/// (`animationDuration`, `disableActions`, ...) are read from the innermost transaction
/// that set them. A completion block runs once every animation added while its
/// transaction (or a nested one) was open has stopped, finished or removed, after their
/// `animationDidStop` calls; with no animations it runs on the next frame.
@preconcurrency @MainActor
public enum CATransaction {
    static var engine: AnimationEngine { MediaClock.main.engine }

    public static func begin() { engine.beginTransaction() }

    public static func commit() { engine.commitTransaction() }

    /// Commits the implicit transaction now and gives pending animations their begin time.
    public static func flush() { engine.flush(clock: MediaClock.main) }

    /// The settings lookup: innermost transaction first.
    public static func value(forKey key: String) -> Any? {
        for state in engine.transactionStack.reversed() {
            if let v = state.values[key] { return v }
        }
        return nil
    }

    public static func setValue(_ anObject: Any?, forKey key: String) {
        engine.currentTransaction.values[key] = anObject
    }

    /// The duration of implicit animations, seconds (default 0.25).
    public static func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval) ?? 0.25
    }

    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            FlipbookDiagnostics.report(
                "CATransaction.setAnimationDuration: \(dur) is invalid; ignored.", once: "CATransaction.duration")
            return
        }
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of implicit animations (nil: Core Animation's default curve).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their actions (no implicit animations).
    public static func disableActions() -> Bool {
        (value(forKey: kCATransactionDisableActions) as? Bool) ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    @preconcurrency public static func completionBlock() -> (@MainActor () -> Void)? { engine.currentTransaction.group.completion }

    /// Sets the block run when the current transaction's animations have all stopped.
    @preconcurrency public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        engine.currentTransaction.group.completion = block
    }

    /// Accepted for API parity; Flipbook has one thread, so there is nothing to lock.
    public static func lock() {}
    public static func unlock() {}
}

public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"
