import Foundation
import FlipbookGeometry

/// One animation stored on a layer.
struct AnimationEntry {
    var key: String?
    var animation: CAAnimation
}

/// The animations added while a transaction was open, and its completion block.
@preconcurrency @MainActor
final class TransactionGroup {
    var pending = 0
    var isCommitted = false
    @preconcurrency var completion: (@MainActor () -> Void)?
    var hasFired = false

    var isReady: Bool { isCommitted && pending == 0 && !hasFired }
}

/// The machinery `MediaClock` runs each frame: layers with animations, display links,
/// transactions and the callbacks due.
@preconcurrency @MainActor
final class AnimationEngine {
    /// Layers with animations, in the order their first animation was added.
    private var layers: [CALayer] = []
    private var layerIDs: Set<ObjectIdentifier> = []
    /// Animations waiting for their `beginTime` (added since the last flush).
    private var pendingBegins: [(layer: CALayer, animation: CAAnimation)] = []
    /// Layers inserted into a tree (or made a window's root) since the last flush and not yet
    /// committed: the flush commits those that are then in a window's tree.
    private var insertedSinceFlush: [CALayer] = []

    func noteInserted(_ layer: CALayer) { insertedSinceFlush.append(layer) }
    /// Layers holding a record of their state at the last commit (CALayer+CommittedState.swift),
    /// dropped at the next commit.
    private var changedSinceCommit: [CALayer] = []
    func noteChangedSinceCommit(_ layer: CALayer) { changedSinceCommit.append(layer) }

    /// Marks every layer inserted since the last flush that is now in a window's tree, and its
    /// uncommitted descendants, as committed (docs/Semantics.md, "Implicit animations of new layers").
    private func commitInsertedLayers() {
        guard !insertedSinceFlush.isEmpty else { return }
        let list = insertedSinceFlush
        insertedSinceFlush = []
        for layer in list where !layer.hasBeenCommitted {
            var root = layer
            while let parent = root.superlayer { root = parent }
            guard root.hostRuntime != nil else { continue }
            var stack = [layer]
            while let l = stack.popLast() {
                guard !l.hasBeenCommitted else { continue }
                l.hasBeenCommitted = true
                if let subs = l.storedSublayers { stack.append(contentsOf: subs) }
            }
        }
    }
    /// Stop callbacks for animations removed before their end, delivered next frame.
    private var removedStops: [CAAnimation] = []
    /// Committed transactions waiting for their animations, in commit order.
    private var waitingGroups: [TransactionGroup] = []
    /// Open transactions, outermost first; the first may be the implicit one.
    var transactionStack: [CATransactionState] = []
    var displayLinks: [CADisplayLink] = []
    /// Emitter layers whose particles have started (weak: an emitter nobody holds stops).
    private var emitters: [WeakEmitter] = []
    private struct WeakEmitter { weak var layer: CAEmitterLayer? }

    /// Notes an emitter whose simulation has started: while it is in a window and still emits
    /// or has particles alive, the clock is not idle (as for an endless animation).
    func noteEmitter(_ layer: CAEmitterLayer) {
        emitters.removeAll { $0.layer == nil }
        if !emitters.contains(where: { $0.layer === layer }) { emitters.append(WeakEmitter(layer: layer)) }
    }

    /// Whether an emitter in a window still changes.
    private func hasChangingEmitters(at now: Double) -> Bool {
        guard !emitters.isEmpty else { return false }
        emitters.removeAll { $0.layer == nil }
        return emitters.contains { $0.layer?.isChanging(atMediaTime: now) ?? false }
    }
    var needsLayoutLayers: [CALayer] = []
    var needsDisplayLayers: [CALayer] = []
    /// Layers whose layout is pending in a tree no window hosts yet (CALayer+Display.swift),
    /// held weakly: a detached view that goes away takes its pending layout with it.
    var layoutAwaitingHost: [WeakLayer] = []
    /// Layers whose redraw is pending in a tree no window hosts yet, likewise.
    var displayAwaitingHost: [WeakLayer] = []
    /// Shared memos of timing curves, colour pairs and angles for compiled presentation
    /// plans, so thousands of layers animating alike compute each value once per frame.
    let memos = PresentationMemos()

    // MARK: Registration

    func register(_ layer: CALayer, _ animation: CAAnimation) {
        if layerIDs.insert(ObjectIdentifier(layer)).inserted { layers.append(layer) }
        if animation.beginPending { pendingBegins.append((layer, animation)) }
        let open = openTransactionsForAnimation()
        for state in open { state.group.pending += 1 }
        animation.transactionGroups = open.map(\.group)
    }

    /// An animation left its layer before ending: deliver `finished: false` next frame.
    func animationRemoved(_ animation: CAAnimation) {
        guard !animation.isStopped else { return }
        animation.isStopped = true
        removedStops.append(animation)
    }

    private func openTransactionsForAnimation() -> [CATransactionState] {
        if transactionStack.isEmpty { transactionStack.append(CATransactionState(isImplicit: true)) }
        return transactionStack
    }

    // MARK: Transactions

    func beginTransaction() { transactionStack.append(CATransactionState(isImplicit: false)) }

    var currentTransaction: CATransactionState {
        if transactionStack.isEmpty { transactionStack.append(CATransactionState(isImplicit: true)) }
        return transactionStack[transactionStack.count - 1]
    }

    /// Commits the innermost open transaction. A `commit()` with no explicit `begin()` open
    /// commits the implicit transaction early, as Core Animation does: its completion block
    /// then waits for the animations added so far, and later changes open a new implicit
    /// one. With nothing open at all it does nothing (docs/Semantics.md, "Transactions").
    func commitTransaction() {
        guard let top = transactionStack.last else { return }
        transactionStack.removeLast()
        commitGroup(top.group)
    }

    private func commitGroup(_ group: TransactionGroup) {
        group.isCommitted = true
        waitingGroups.append(group)
    }

    /// Ends the implicit transaction (if any) and gives every animation added since the
    /// last flush its begin time: the current time in its layer's timeline.
    func flush(clock: MediaClock) {
        layoutAndDisplay()
        if transactionStack.count == 1, transactionStack[0].isImplicit {
            commitGroup(transactionStack.removeLast().group)
        }
        commitInsertedLayers()
        if !changedSinceCommit.isEmpty {
            for layer in changedSinceCommit { layer.committedState = nil }
            changedSinceCommit = []
        }
        guard !pendingBegins.isEmpty else { return }
        let list = pendingBegins
        pendingBegins = []
        for (layer, animation) in list where animation.beginPending {
            let local = layer.localTime(atMediaTime: clock.now)
            if local.isNaN {
                // The layer's timeline is not active: the animation begins when it is.
                if layer.animationEntries.contains(where: { $0.animation === animation }) {
                    pendingBegins.append((layer, animation))
                }
                continue
            }
            animation.beginPending = false
            animation.beginTime = local
            animation.freezeTiming()
            layer.invalidatePresentationPlan()
        }
    }

    // MARK: Frame work

    var hasActiveDisplayLinks: Bool { displayLinks.contains { !$0.isPaused } }

    func fireDisplayLinks(clock: MediaClock) {
        for link in displayLinks { link.fireIfDue(clock: clock) }
    }

    /// True when some animation is unfinished and its layer's time is moving.
    func hasProgressingAnimations(at now: Double) -> Bool {
        if !removedStops.isEmpty || waitingGroups.contains(where: \.isReady) { return true }
        if hasChangingEmitters(at: now) { return true }
        for layer in layers {
            let entries = layer.animationEntries
            guard entries.contains(where: { !$0.animation.isStopped }) else { continue }
            let speed = layer.effectiveSpeed
            if speed == 0 || !speed.isFinite { continue }
            if layer.timelineHasEnded(atMediaTime: now) { continue }
            // Any unstopped animation that time moves keeps the clock busy: a finite one has an
            // end still to come, and an endless one never lets the clock become idle.
            if entries.contains(where: { !$0.animation.isStopped && $0.animation.timing.speed != 0 }) { return true }
        }
        return false
    }

    /// Delivers stop callbacks for removed animations and ready completion blocks.
    func deliverPendingEvents(clock: MediaClock) {
        let stops = removedStops
        removedStops = []
        for animation in stops { stopped(animation, finished: false) }
        fireReadyCompletions()
    }

    /// Step 5 of a frame: starts, stops, removals, completion blocks.
    func processAnimationEvents(clock: MediaClock) {
        var starts: [CAAnimation] = []
        var finishes: [(CALayer, CAAnimation)] = []
        // Sibling layers (hundreds of tiles in one container) share their superlayer's local
        // time: walked up to the root once, not once per layer. Nothing below changes timing
        // before the callbacks, which run after this loop.
        var parentTime: (layer: ObjectIdentifier, local: CFTimeInterval)?
        func localTime(of layer: CALayer) -> CFTimeInterval {
            guard let parent = layer.superlayer else { return layer.localTime(atMediaTime: clock.now) }
            let id = ObjectIdentifier(parent)
            if let memo = parentTime, memo.layer == id { return layer.localTime(fromParentTime: memo.local) }
            let local = parent.localTime(atMediaTime: clock.now)
            parentTime = (id, local)
            return layer.localTime(fromParentTime: local)
        }
        for layer in layers {
            // Every animation already started and endless (or stopped): no event can be due.
            guard layer.hasAnimations, !layer.animationEventsSettled else { continue }
            var cachedLocal: Double?
            var settled = true
            for entry in layer.animationEntries where !entry.animation.isStopped {
                let anim = entry.animation
                if anim.isStarted, anim.isEndless { continue }
                let local = cachedLocal ?? localTime(of: layer)
                cachedLocal = local
                // The layer's timeline (or an ancestor's) is not active: no start or stop.
                if local.isNaN {
                    settled = false
                    break
                }
                let timing = anim.timing
                let elapsed = timing.elapsed(atParentTime: local)
                if !anim.isStarted, elapsed >= 0 || (timing.speed == 0 && local >= timing.beginTime) {
                    anim.isStarted = true
                    starts.append(anim)
                }
                if anim.isStarted, timing.speed != 0, elapsed >= timing.activeDuration - 1e-9 {
                    anim.isStopped = true
                    finishes.append((layer, anim))
                }
                if !anim.isStopped, !(anim.isStarted && anim.isEndless) { settled = false }
            }
            if settled { layer.animationEventsSettled = true }
        }
        for anim in starts { anim.delegate?.animationDidStart(anim) }
        for (layer, anim) in finishes where anim.isRemovedOnCompletion {
            layer.animationEntries.removeAll { $0.animation === anim }
        }
        let removed = removedStops
        removedStops = []
        for anim in removed { stopped(anim, finished: false) }
        for (_, anim) in finishes { stopped(anim, finished: true) }
        // Layers left without animations leave the list, in order. A loop rather than
        // `removeAll { }`, whose main-actor closure checked the executor for every animated
        // layer, every frame (hundreds of tiles in an explode animation).
        var kept = 0
        for index in layers.indices {
            let layer = layers[index]
            if layer.hasAnimations {
                if kept != index { layers[kept] = layer }
                kept += 1
            } else {
                layerIDs.remove(ObjectIdentifier(layer))
            }
        }
        if kept < layers.count { layers.removeSubrange(kept...) }
        fireReadyCompletions()
    }

    /// Forgets everything in flight without delivering a callback: every animation on every
    /// layer, animations waiting for their begin time, removed animations' pending stops,
    /// transactions open or waiting for their animations, display links, pending layout and
    /// display. `MediaClock.reset()` calls it, so what a test left running is let go when the
    /// test ends.
    func discardAll() {
        for layer in layers { layer.animationEntries = [] }
        layers = []
        layerIDs = []
        pendingBegins = []
        removedStops = []
        waitingGroups = []
        transactionStack = []
        for link in displayLinks { link.invalidate() }
        displayLinks = []
        needsLayoutLayers = []
        needsDisplayLayers = []
        layoutAwaitingHost = []
        displayAwaitingHost = []
    }

    private func stopped(_ animation: CAAnimation, finished: Bool) {
        animation.delegate?.animationDidStop(animation, finished: finished)
        for group in animation.transactionGroups { group.pending -= 1 }
        animation.transactionGroups = []
    }

    private func fireReadyCompletions() {
        while let index = waitingGroups.firstIndex(where: \.isReady) {
            let group = waitingGroups.remove(at: index)
            group.hasFired = true
            group.completion?()
        }
        waitingGroups.removeAll { $0.hasFired }
    }
}
