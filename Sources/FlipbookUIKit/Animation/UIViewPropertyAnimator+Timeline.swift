import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIViewPropertyAnimator {
    // MARK: UIViewAnimating

    /// Starts (or resumes) the animation now.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts (or resumes) the animation after `delay` seconds, moving towards the end (or the
    /// start when reversed) over the remaining share of the duration.
    public func startAnimation(afterDelay delay: TimeInterval) {
        let delay = UIView.validatedTime(delay, name: "delay", method: "UIViewPropertyAnimator.startAnimation(afterDelay:)")
        switch state {
        case .stopped:
            FlipbookDiagnostics.report("UIViewPropertyAnimator.startAnimation: the animator is stopped; call finishAnimation(at:) first.")
            return
        case .inactive:
            becomeActive()
        case .active:
            if isRunning { return }
        }
        self.delay = delay
        let target: Double = reversed ? 0 : 1
        runSegment(to: target, duration: totalDuration * abs(target - storedProgress), delay: delay)
    }

    /// Pauses the animation, holding the values on screen.
    public func pauseAnimation() {
        guard refusesInterruption("pauseAnimation()") == false else { return }
        switch state {
        case .stopped:
            FlipbookDiagnostics.report("UIViewPropertyAnimator.pauseAnimation: the animator is stopped.")
        case .inactive:
            becomeActive()
            showProgress(storedProgress)
        case .active:
            guard let running = segment else { return }
            storedProgress = running.progress(at: clock.now)
            running.token.cancel()
            segment = nil
            for item in items { hold(item, item.displayedValue) }
        }
    }

    /// Stops the animation where it is. `withoutFinishing` true: the animator becomes inactive
    /// without calling its completions; false: it becomes stopped, awaiting `finishAnimation(at:)`.
    /// Either way the properties keep the values on screen.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard refusesInterruption("stopAnimation(_:)") == false else { return }
        guard state == .active else {
            FlipbookDiagnostics.report("UIViewPropertyAnimator.stopAnimation: the animator is not active; ignored.")
            return
        }
        if let running = segment {
            storedProgress = running.progress(at: clock.now)
            running.token.cancel()
            segment = nil
        }
        let shown = items.map(\.displayedValue)
        removeOwnAnimations()
        UIView.performWithoutAnimation {
            for (item, value) in zip(items, shown) { AnimatableLayerKeys.setValue(value, on: item.layer, forKey: item.key) }
        }
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { items = [] }
    }

    /// Ends a stopped animator at `finalPosition`: the properties take their end values,
    /// their start values, or stay as they are; then the completions run with that position.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            FlipbookDiagnostics.report("UIViewPropertyAnimator.finishAnimation(at:) needs a stopped animator (call stopAnimation(false) first); ignored.")
            return
        }
        complete(at: finalPosition)
    }

    /// Whether the animation runs towards its start. Changing it while running turns the motion around.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, refusesInterruption("isReversed") == false else { return }
            reversed = newValue
            guard let running = segment else { return }
            storedProgress = running.progress(at: clock.now)
            running.token.cancel()
            segment = nil
            let target: Double = reversed ? 0 : 1
            runSegment(to: target, duration: totalDuration * abs(target - storedProgress), delay: 0)
        }
    }

    /// Progress from 0 (start values) to 1 (end values), linear in time while running. Setting
    /// it activates an inactive animator and shows the values at that progress; it is ignored
    /// while running.
    public var fractionComplete: CGFloat {
        get { CGFloat(segment?.progress(at: clock.now) ?? storedProgress) }
        set {
            guard newValue.isFinite else {
                FlipbookDiagnostics.report("UIViewPropertyAnimator.fractionComplete: \(newValue) is not a number; ignored.")
                return
            }
            switch state {
            case .stopped: return
            case .inactive: becomeActive()
            case .active: if isRunning { return }
            }
            storedProgress = min(max(Double(newValue), 0), 1)
            showProgress(storedProgress)
        }
    }

    /// Resumes a paused animator with new timing and a duration of `durationFactor` × the
    /// animator's original `duration` for the rest of the motion (UIKit's interactive-transition
    /// finish; Apple documents the factor as a multiplier of that original duration, whatever
    /// the new timing, so a mass-stiffness spring given here runs for that time too).
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else {
            FlipbookDiagnostics.report("UIViewPropertyAnimator.continueAnimation: the animator is not active; ignored.")
            return
        }
        if isRunning { pauseAnimation() }
        var factor = Double(durationFactor)
        if !factor.isFinite || factor < 0 {
            FlipbookDiagnostics.report("UIViewPropertyAnimator.continueAnimation: invalid durationFactor \(durationFactor); using 1.")
            factor = 1
        }
        if let parameters { activeTiming = parameters }
        runSegment(to: reversed ? 0 : 1, duration: duration * factor, delay: 0)
    }

    /// A non-interruptible animator that is active refuses to be paused, stopped or reversed
    /// (reported); returns whether it refused.
    func refusesInterruption(_ name: String) -> Bool {
        guard !interruptible, state == .active else { return false }
        FlipbookDiagnostics.report(
            "UIViewPropertyAnimator.\(name): the animator is not interruptible (isInterruptible is false) and runs to its end; ignored.")
        return true
    }

    // MARK: Engine

    /// The length of the whole timeline: the duration, or a physical spring's settling time.
    var totalDuration: Double {
        if let spring = activeTiming?.springTimingParameters, let settle = spring.settlingDuration { return settle }
        return duration
    }

    /// inactive → active: runs the pending animation closures and records their changes.
    func becomeActive() {
        state = .active
        storedProgress = 0
        let blocks = pendingBlocks
        pendingBlocks = []
        for entry in blocks { captureAndInstall(entry.block, delayFactor: entry.delayFactor) }
    }

    /// Runs `block` as a recorded block and adds its changes as items. While running, new
    /// items move over the rest of the current segment; while paused they show their start.
    func captureAndInstall(_ block: () -> Void, delayFactor: Double) {
        let spec = AnimationSpec(duration: duration, delay: 0, timing: AnimationTiming(curve: .linear))
        let state = UIViewAnimationState(kind: .capture, spec: spec)
        if flushUpdates { UIView.flushPendingUpdates() }
        UIViewAnimationRegistry.run(state) {
            block()
            if flushUpdates { UIView.flushPendingUpdates() }
        }
        let progressNow = Double(fractionComplete)
        for change in state.changes {
            change.resolveStart()
            let to = change.currentValue
            guard let from = change.start, !AnimatableLayerKeys.isEqual(from, to) else {
                change.removePlaceholder()
                continue
            }
            let item = AnimatorItem(layer: change.layer, key: change.key, from: from, to: to, delayFactor: max(delayFactor, progressNow))
            items.append(item)
            if let running = segment {
                let now = clock.now
                let left = max(running.startTime + running.duration - now, 0)
                install(item, segmentDuration: left, from: running.progress(at: now), to: running.toProgress, delay: max(running.startTime - now, 0))
            } else {
                hold(item, from)
            }
        }
    }

    /// Moves the timeline from the stored progress to `target` over `seconds`, after `delay`.
    func runSegment(to target: Double, duration seconds: Double, delay: Double) {
        let start = storedProgress
        for item in items { install(item, segmentDuration: seconds, from: start, to: target, delay: delay) }
        // The clock keeps a running animator alive until its segment ends, as UIKit keeps every
        // running animator: code that starts one without keeping a reference (DrawerKit's
        // transition animators, `runningPropertyAnimator(…)` whose result is discarded) still
        // sees it finish and its completions run. A pause or a stop cancels the token and lets go.
        let token = clock.schedule(after: delay + seconds) { [self] in segmentDidEnd() }
        segment = AnimatorSegment(
            startTime: clock.now + delay, fromProgress: start, toProgress: target, duration: seconds, token: token)
    }

    /// The natural end of a segment: complete, or stay paused with `pausesOnCompletion`.
    func segmentDidEnd() {
        guard let running = segment else { return }
        segment = nil
        storedProgress = running.toProgress
        if pausesOnCompletion {
            for item in items { hold(item, storedProgress >= 1 ? item.to : item.from) }
            return
        }
        complete(at: storedProgress >= 1 ? .end : .start)
    }

    /// Sets the final model values, drops the animator's animations, becomes inactive and
    /// runs the completions.
    func complete(at position: UIViewAnimatingPosition) {
        let shown = items.map(\.displayedValue)
        removeOwnAnimations()
        UIView.performWithoutAnimation {
            for (item, value) in zip(items, shown) {
                let final: Any = switch position {
                case .end: item.to
                case .start: item.from
                case .current: value
                }
                AnimatableLayerKeys.setValue(final, on: item.layer, forKey: item.key)
            }
        }
        items = []
        state = .inactive
        reversed = false
        storedProgress = 0
        let blocks = completions
        completions = []
        for block in blocks { block(position) }
    }

    /// Adds `item`'s animation for a segment from progress `p0` to `p1` lasting `seconds`.
    func install(_ item: AnimatorItem, segmentDuration seconds: Double, from p0: Double, to p1: Double, delay: Double) {
        let shown = item.displayedValue
        let target = p1 >= p0 ? item.to : item.from
        var begin = 0.0
        var length = 0.0
        if p1 > p0 {
            let startP = max(item.delayFactor, p0)
            begin = seconds * (startP - p0) / (p1 - p0)
            length = seconds - begin
        } else if p1 < p0 {
            let endP = max(item.delayFactor, p1)
            length = p0 > endP ? seconds * (p0 - endP) / (p0 - p1) : 0
        }
        guard length > 1e-9 else { return hold(item, p1 >= p0 && p1 >= item.delayFactor ? target : shown) }
        let velocity = Double(activeTiming?.springTimingParameters?.initialVelocity.dx ?? 0)
        let timing = timing(forDuration: length, velocity: velocity)
        let spec = AnimationSpec(duration: length, delay: 0, timing: timing)
        let animation = UIViewAnimationState.makeAnimation(keyPath: item.key, from: shown, to: target, spec: spec)
        if case .spring = timing { animation.duration = length }
        animation.beginTime = item.layer.convertTime(clock.now, from: nil) + delay + begin
        addOwn(animation, to: item)
    }

    /// Shows `value` for `item` until told otherwise (a frozen animation).
    func hold(_ item: AnimatorItem, _ value: Any) {
        let animation = CABasicAnimation(keyPath: item.key)
        animation.fromValue = value
        animation.toValue = value
        animation.duration = 1
        animation.speed = 0
        addOwn(animation, to: item)
    }

    /// Shows every item at timeline progress `p` (linear in progress when `scrubsLinearly`,
    /// else shaped by the timing curve).
    func showProgress(_ p: Double) {
        for item in items {
            let q = item.delayFactor < 1 ? min(max((p - item.delayFactor) / (1 - item.delayFactor), 0), 1) : (p >= 1 ? 1 : 0)
            // At the very end hold the end value: a frozen animation whose time offset equals
            // its duration wraps round to its start (Core Animation's timeOffset is cyclic).
            guard q < 1 else {
                hold(item, item.to)
                continue
            }
            let length = max(totalDuration * (1 - item.delayFactor), 1e-6)
            let timing: AnimationTiming = scrubsLinearly ? AnimationTiming(curve: .linear) : timing(forDuration: length, velocity: 0)
            let spec = AnimationSpec(duration: length, delay: 0, timing: timing)
            let animation = UIViewAnimationState.makeAnimation(keyPath: item.key, from: item.from, to: item.to, spec: spec)
            animation.duration = length
            animation.speed = 0
            animation.timeOffset = q * length
            addOwn(animation, to: item)
        }
    }

    /// The animation timing of the active timing provider for a stretch of `seconds`.
    func timing(forDuration seconds: Double, velocity: Double) -> AnimationTiming {
        if let spring = activeTiming?.springTimingParameters { return spring.timing(forDuration: seconds, velocity: velocity) }
        if let cubic = activeTiming?.cubicTimingParameters {
            return .bezier(
                Float(cubic.controlPoint1.x), Float(cubic.controlPoint1.y), Float(cubic.controlPoint2.x),
                Float(cubic.controlPoint2.y))
        }
        return AnimationTiming(curve: .easeInOut)
    }

    private func addOwn(_ animation: CAAnimation, to item: AnimatorItem) {
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.delegate = marker
        item.layer.add(animation, forKey: item.key)
    }

    /// Removes the animations this animator added that are still on their layers.
    func removeOwnAnimations() {
        for item in items where (item.layer.animation(forKey: item.key)?.delegate as? AnimatorMarker) === marker {
            item.layer.removeAnimation(forKey: item.key)
        }
    }
}
