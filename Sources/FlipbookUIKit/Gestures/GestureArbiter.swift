import Foundation

/// Decides what gesture recognizers' state changes mean, as UIKit's gesture environment does.
///
/// A subclass sets `state`; the setter hands the change here. While touches are being delivered
/// to a recognizer the change waits until its handler returns (so a handler never sees actions
/// run in the middle of its own code); otherwise (timers, action closures) it is decided at
/// once. Changes made by action closures while a decision runs join the queue, so re-entrant
/// state changes are decided in order, never nested.
///
/// A recognition (`.possible` → `.began` or `.ended`) is refused (→ `.failed`) when the
/// delegate's or view's `gestureRecognizerShouldBegin` says no, or another recognizer sharing
/// the touches has already recognized and may prevent it; it waits while a recognizer it
/// requires to fail is still possible, and fails if that one recognizes. Once accepted, the
/// other recognizers sharing a touch fail (or are cancelled) unless a delegate allows
/// simultaneity, and the views' touches are cancelled when `cancelsTouchesInView`.
@preconcurrency @MainActor
final class GestureArbiter {
    private var queue: [UIGestureRecognizer] = []
    private var isDeciding = false
    private var deliveryDepth = 0
    /// Recognizers that received touches since their last reset.
    private(set) var involved: [UIGestureRecognizer] = []
    /// Recognizers whose recognition waits for another to fail.
    private var waiting: [UIGestureRecognizer] = []

    // MARK: Entry points

    /// A subclass set `state`.
    func request(_ r: UIGestureRecognizer, _ newState: UIGestureRecognizer.State) {
        r.requestState(newState)
        enqueue(r)
    }

    /// The recognizer was disabled, removed from its view, or its view left the window:
    /// a gesture in progress is cancelled, one still possible fails.
    func stop(_ r: UIGestureRecognizer) {
        guard r.isInvolved || r.committedState != .possible || r.hasRequests else { return }
        r.dropPendingDecisions()
        waiting.removeAll { $0 === r }
        switch r.committedState {
        case .possible: commit(r, .failed)
        case .began, .changed: commit(r, .cancelled)
        default: break
        }
        r.stopTracking()
        decideQueued()
        resetIfDone(r)
        UIApplication.shared.touchDelivery.releaseHeldPhases()
    }

    /// Runs `body` (a handler of `r`) with decisions deferred until it returns.
    func deliver(_ body: () -> Void) {
        deliveryDepth += 1
        body()
        deliveryDepth -= 1
        if deliveryDepth == 0 { decideQueued() }
    }

    /// A recognizer received its first touch since its reset.
    func noteInvolved(_ r: UIGestureRecognizer) {
        if !involved.contains(where: { $0 === r }) { involved.append(r) }
    }

    /// Resets every finished recognizer whose touches are all up.
    func resetFinished() {
        for r in involved { resetIfDone(r) }
    }

    // MARK: Deciding

    private func enqueue(_ r: UIGestureRecognizer) {
        if !queue.contains(where: { $0 === r }) { queue.append(r) }
        if deliveryDepth == 0 { decideQueued() }
    }

    private func decideQueued() {
        guard !isDeciding else { return }
        isDeciding = true
        defer { isDeciding = false }
        repeat {
            while !queue.isEmpty {
                let r = queue.removeFirst()
                var refused = false
                while let s = r.takeRequest() {
                    // A subclass that read back the `.began` it had just set and then cancelled
                    // or failed (`if state == .began, wrongDirection { state = .cancelled }`)
                    // asked for nothing more once that recognition was refused: on iOS the
                    // refusal came first and it never saw `.began`.
                    if refused, s == .cancelled || s == .failed { continue }
                    let before = r.committedState
                    apply(r, s)
                    refused = refused || (before == .possible && r.committedState == .failed && (s == .began || s == .ended))
                }
                resolveWaiting()
                UIApplication.shared.touchDelivery.releaseHeldPhases()
                resetIfDone(r)
            }
            // A waiting recognizer may have recognized (or failed) meanwhile with its touches
            // long up; a subclass's reset() may set state again (queued, decided next round).
            resetFinished()
        } while !queue.isEmpty
    }

    private func apply(_ r: UIGestureRecognizer, _ to: UIGestureRecognizer.State) {
        let from = r.committedState
        switch (from, to) {
        case (.possible, .failed):
            r.forgetHeldRecognition()
            waiting.removeAll { $0 === r }
            commit(r, .failed)
        case (.possible, .began), (.possible, .ended):
            if let pending = r.pendingRecognition {
                r.holdRecognition((pending == .ended || to == .ended) ? .ended : .began)
                return
            }
            tryRecognize(r, to)
        case (.possible, .changed) where r.pendingRecognition != nil:
            r.show(.possible)
        case (.possible, .cancelled) where r.pendingRecognition != nil:
            r.forgetHeldRecognition()
            waiting.removeAll { $0 === r }
            commit(r, .failed)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
            (.began, .cancelled), (.changed, .cancelled):
            commit(r, to)
        case (.possible, .possible):
            r.show(.possible)
        default:
            FlipbookDiagnostics.report(
                "\(type(of: r)): invalid state change \(from) → \(to); ignored.",
                once: "UIGestureRecognizer.transition.\(from).\(to)")
            r.show(r.pendingRecognition != nil ? .possible : from)
        }
    }

    private enum Requirements { case clear, waiting, recognized }

    private func tryRecognize(_ r: UIGestureRecognizer, _ to: UIGestureRecognizer.State) {
        guard shouldBegin(r), preventer(of: r) == nil else {
            commit(r, .failed)
            return
        }
        switch requirements(of: r) {
        case .recognized:
            commit(r, .failed)
        case .waiting:
            r.holdRecognition(to)
            if !waiting.contains(where: { $0 === r }) { waiting.append(r) }
        case .clear:
            recognize(r, to)
        }
    }

    private func recognize(_ r: UIGestureRecognizer, _ to: UIGestureRecognizer.State) {
        r.forgetHeldRecognition()
        waiting.removeAll { $0 === r }
        r.commit(to)
        for o in peers(of: r)
        where o.committedState == .possible || o.committedState == .began || o.committedState == .changed {
            if simultaneous(r, o) && !requires(o, toFail: r) { continue }
            if requires(o, toFail: r) || (r.canPrevent(o) && o.canBePrevented(by: r)) { force(o) }
        }
        // A recognizer that must wait for r's failure fails now, even when it shares no touch.
        for o in waiting where o !== r && requires(o, toFail: r) { force(o) }
        if r.cancelsTouchesInView { UIApplication.shared.touchDelivery.cancelViewTouches(of: r) }
        r.sendActions()
    }

    /// Fails (possible) or cancels (in progress) a prevented recognizer.
    private func force(_ o: UIGestureRecognizer) {
        o.dropPendingDecisions()
        waiting.removeAll { $0 === o }
        commit(o, o.committedState == .possible ? .failed : .cancelled)
    }

    private func commit(_ r: UIGestureRecognizer, _ s: UIGestureRecognizer.State) {
        r.commit(s)
        if s != .failed && s != .possible { r.sendActions() }
    }

    /// Re-examines waiting recognitions after any decision.
    private func resolveWaiting() {
        var progress = true
        while progress {
            progress = false
            for r in waiting {
                guard let to = r.pendingRecognition, r.committedState == .possible else {
                    waiting.removeAll { $0 === r }
                    progress = true
                    break
                }
                switch requirements(of: r) {
                case .waiting: continue
                case .recognized:
                    force(r)
                case .clear:
                    waiting.removeAll { $0 === r }
                    if preventer(of: r) != nil { commit(r, .failed) } else { recognize(r, to) }
                }
                progress = true
                break
            }
        }
    }

    private func resetIfDone(_ r: UIGestureRecognizer) {
        let s = r.committedState
        guard s == .ended || s == .cancelled || s == .failed, !r.hasLiveTouches, !r.hasRequests else { return }
        involved.removeAll { $0 === r }
        waiting.removeAll { $0 === r }
        r.resetForNextGesture()
    }

    // MARK: Relations

    /// Recognizers that share a touch with `r` in the current sequence.
    private func peers(of r: UIGestureRecognizer) -> [UIGestureRecognizer] {
        let mine = Set(r.sequenceTouches.map(\.serial))
        return involved.filter { o in o !== r && o.sequenceTouches.contains { mine.contains($0.serial) } }
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// Whether `a` must wait for `b` to fail.
    private func requires(_ a: UIGestureRecognizer, toFail b: UIGestureRecognizer) -> Bool {
        if a.failureRequirements.contains(where: { $0.recognizer === b }) { return true }
        return a.shouldRequireFailure(of: b) || b.shouldBeRequiredToFail(by: a)
            || (a.delegate?.gestureRecognizer(a, shouldRequireFailureOf: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) ?? false)
    }

    private func requirements(of r: UIGestureRecognizer) -> Requirements {
        var candidates = r.failureRequirements.compactMap(\.recognizer)
        for p in peers(of: r) where !candidates.contains(where: { $0 === p }) && requires(r, toFail: p) {
            candidates.append(p)
        }
        var result = Requirements.clear
        for p in candidates {
            switch p.committedState {
            case .began, .changed, .ended, .cancelled: return .recognized
            case .possible where p.isInvolved && p.isEnabled: result = .waiting
            default: break
            }
        }
        return result
    }

    /// A recognizer sharing the touches that has already recognized and may prevent `r`.
    private func preventer(of r: UIGestureRecognizer) -> UIGestureRecognizer? {
        peers(of: r).first { o in
            (o.committedState == .began || o.committedState == .changed || o.committedState == .ended)
                && !simultaneous(o, r) && o.canPrevent(r) && r.canBePrevented(by: o)
        }
    }

    private func shouldBegin(_ r: UIGestureRecognizer) -> Bool {
        if let view = r.view, !view.gestureRecognizerShouldBegin(r) { return false }
        // Controls under the touches may decline an ancestor's recognizer (UIButton declines
        // single taps, as UIKit documents).
        for t in r.sequenceTouches {
            var v = t.view
            while let cur = v, cur !== r.view {
                if cur is UIControl, !cur.gestureRecognizerShouldBegin(r) { return false }
                v = cur.superview
            }
        }
        if let d = r.delegate, !d.gestureRecognizerShouldBegin(r) { return false }
        return true
    }
}
