import Foundation
import FlipbookGeometry

/// The world one app runs in: its clock (with the animation engine, transactions and display
/// links the clock drives), the scale frames are drawn at, the observers of what happens in it
/// (`FlipbookDiagnostics` reports, the transition probe), and the state the layers above keep
/// per app (UIKit's application object with its touch router and gesture arbiter, running
/// transitions, the environment), held in typed slots (`state(_:)`).
///
/// Apple's process-wide spellings answer for the runtime the current code runs in:
/// `MediaClock.main`, `CACurrentMediaTime()`, `CATransaction`, `UIView.animate` and
/// `UIApplication.shared` all read `AppRuntime.current`. That is the runtime bound with
/// `run(_:)` on the current task (a task-local value, so concurrent tests and preview pages
/// each see their own), or, where none is bound, the process's own (`AppRuntime.process`), which
/// is what an app that never makes a runtime uses. `AppDriver` makes one per app; the exporter
/// and each preview page make their own; the `.freshRuntime` test trait binds a fresh one for each
/// test (docs/ARCHITECTURE.md, "The runtime").
///
/// The ownership rule (docs/ARCHITECTURE.md, "Ownership"): everything with a receiver belongs
/// to the runtime it was made in and uses that runtime directly (a layer, through its window; a
/// display link, scheduled work, scroll motion, a snapshot, a finger, a `SceneRun`); the bound
/// runtime answers only Apple's receiver-less spellings. In debug builds a receiver used while
/// another runtime is bound is reported once through `FlipbookDiagnostics`, naming both
/// (`checkBound(_:)`). Keep each app's work inside its own `run(_:)`.
@preconcurrency @MainActor
public final class AppRuntime {
    /// The runtime's clock: the only source of media time for the code that runs in it. Its
    /// frames run with this runtime bound, whoever advances it.
    public let clock: MediaClock

    /// A name for diagnostics ("runtime 3", "process"; `AppDriver` names its runtime after its
    /// root view controller).
    public var name: String

    /// The bound runtimes this one has been reported as used under (`checkBound(_:)`), so each
    /// pair is reported once.
    private var reportedForeignRuntimes: Set<ObjectIdentifier> = []

    /// How many runtimes `init()` made (numbers default names; only needs to be unique).
    private static var made = 0

    /// Pixels per point of the frames being made in this runtime: set by `SceneExporter` while
    /// it exports a scene and by the live preview while it runs one (set it yourself around a
    /// frame loop of your own); nil otherwise. Snapshots (`snapshotView(afterScreenUpdates:)`,
    /// `drawHierarchy`) are drawn at this scale, so a snapshot shows the very pixels of the frame
    /// it stands in for, as on iOS, where snapshots are drawn at the display's scale; without it
    /// they are drawn at the window's screen scale (docs/Divergences.md, "Snapshot scale").
    public var frameScale: CGFloat?

    private var slots: [ObjectIdentifier: AnyObject] = [:]

    /// The runtime's random numbers (RandomNumbers.swift), reachable from any thread.
    package nonisolated let random: RuntimeRandom

    /// The observers of the `FlipbookDiagnostics` reports made in this runtime
    /// (`FlipbookDiagnostics.addObserver(_:)` installs into the current runtime's). Those of
    /// `process` are the process-wide fallback: they hear the reports made with no runtime bound.
    package let diagnosticsObservers = ObserverList<FlipbookDiagnostics.Report>()

    /// A new runtime with its own clock at `MediaClock.initialTime`, nothing running.
    public init() {
        clock = MediaClock()
        random = RuntimeRandom()
        Self.made += 1
        name = "runtime \(Self.made)"
        clock.runtime = self
    }

    private init(processNamed name: String) {
        clock = MediaClock()
        random = .process  // the sequence of code that binds no runtime
        self.name = name
        clock.runtime = self
    }

    /// The runtime of code that binds none: the process's own.
    public static let process = AppRuntime(processNamed: "process")

    /// The runtime the current code runs in: the one bound with `run(_:)` on this task, else
    /// `process`.
    public static var current: AppRuntime { RuntimeBinding.bound ?? process }

    /// Runs `body` in this runtime: `MediaClock.main`, `UIApplication.shared` and the rest
    /// answer for it until `body` returns (also in tasks `body` starts, as task-local values are
    /// inherited), then for the runtime bound before.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        if RuntimeBinding.bound === self { return try body() }
        return try RuntimeBinding.$bound.withValue(self) { try body() }
    }

    /// The state of type `State` this runtime keeps for a layer above (one per type), made by
    /// `make` the first time it is asked for.
    package func state<State: AnyObject>(_ type: State.Type, make: () -> State) -> State {
        let key = ObjectIdentifier(type)
        if let existing = slots[key] { return existing as! State }
        let made = make()
        slots[key] = made
        return made
    }

    /// The state of type `State` this runtime keeps, if it was ever made (never makes it).
    package func existingState<State: AnyObject>(_ type: State.Type) -> State? {
        slots[ObjectIdentifier(type)] as? State
    }
}

extension AppRuntime {
    /// The debug check of the ownership rule: reports, once for each pair of runtimes, that
    /// something of this runtime (`what`, e.g. "a CALayer's animation") is used while another
    /// runtime is bound, as swift-nio's `NIOLoopBound` checks it runs on its event loop. It
    /// still runs on this runtime (its owner's clock), so the report is a warning about code
    /// that reads the bound runtime's receiver-less spellings (`UIView.animate`,
    /// `CACurrentMediaTime()`, `UIApplication.shared`) for another app's object. Nothing is
    /// checked when no runtime is bound (code outside every runtime) or in release builds.
    /// - Complexity: O(1): one task-local read and one comparison in debug builds.
    @inline(__always)
    package func checkBound(_ what: @autoclosure () -> String) {
        #if DEBUG
        guard let bound = RuntimeBinding.bound, bound !== self else { return }
        reportForeignUse(what(), bound: bound)
        #endif
    }

    /// Told to the observers of both runtimes: the bound one's code did it, to this one's object.
    private func reportForeignUse(_ what: String, bound: AppRuntime) {
        guard reportedForeignRuntimes.insert(ObjectIdentifier(bound)).inserted else { return }
        FlipbookDiagnostics.report(
            "\(what) belongs to \(name) but was used while \(bound.name) is bound; it runs on \(name)'s clock. "
                + "Run code that touches another app's objects inside its runtime's run { } "
                + "(docs/ARCHITECTURE.md, \"Ownership\").",
            to: [bound, self])
    }
}

/// The task-local binding behind `AppRuntime.current` (nonisolated, so an asynchronous caller such
/// as a test trait can bind a runtime around work that hops actors).
package enum RuntimeBinding {
    @TaskLocal package static var bound: AppRuntime?

    /// Runs the asynchronous `body` with `runtime` bound (see `AppRuntime.run(_:)`).
    package static func run<Result>(
        _ runtime: AppRuntime, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $bound.withValue(runtime) { try await body() }
    }
}

extension AppRuntime {
    /// The runtime `layer` belongs to: the one its window was made in (the runtime hosting the
    /// root of its layer tree), else, for a layer in no window, the current one.
    public static func owning(_ layer: CALayer) -> AppRuntime { layer.owningRuntime }
}

extension CALayer {
    /// The runtime this layer belongs to: its root layer's host (a window's layer is hosted by
    /// the runtime the window was made in), else, for a layer in no window or one whose runtime
    /// is gone, the current one. A layer's animations, display and layout requests and
    /// presentation time use this runtime's clock, so another app's layers keep their own time
    /// even when code touches them without binding their runtime (docs/ARCHITECTURE.md, "The
    /// runtime").
    /// - Complexity: O(depth of the layer in its tree).
    package var owningRuntime: AppRuntime {
        var root = self
        while let parent = root.superlayer { root = parent }
        return root.hostRuntime ?? AppRuntime.current
    }
}
