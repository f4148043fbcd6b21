import Foundation

/// Where a renderer's time goes, for the benchmarks (`ScenesBenchmark`): seconds summed over
/// `LayerRenderer.render(_:)` calls while `RenderPhases.recording` is set. Off by default; when
/// off, the renderer reads one flag per phase and nothing else.
@_spi(Benchmarks) public struct RenderPhaseTimes: Sendable {
    /// `LayerPresentation.presented`: the presentation tree at the current media time.
    public var presentation = 0.0
    /// Walking the presentation tree into a display list, without the content bitmaps drawn on the way.
    public var displayList = 0.0
    /// Drawing content bitmaps (cache misses: bodies, borders, shadows, images, rasterized layers).
    public var rasterizing = 0.0
    /// Damage, backdrop and running the display list into the frame (the compositor), with the copy out.
    public var compositing = 0.0
    /// `render(_:)` calls recorded.
    public var frames = 0
    public init() {}
}

@_spi(Benchmarks) public enum RenderPhases {
    /// Set to start recording (the benchmark's thread only; rendering runs on the main actor).
    nonisolated(unsafe) public static var recording = false
    nonisolated(unsafe) public static var times = RenderPhaseTimes()  // as `recording`: the rendering thread writes, the benchmark reads after
    /// Nesting depth of timed rasterisations (a shadow drawn from its body's bitmap, a shadow
    /// drawn whole from its layer's drawing): only the outermost is counted.
    nonisolated(unsafe) static var rasterDepth = 0
    /// Set while a recorded `render(_:)` runs (snapshots drawn during the app's step are not its).
    nonisolated(unsafe) static var active = false

    @inline(__always) static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Runs `make`, adding its time to `rasterizing` when recording (outermost call only).
    @inline(__always) static func rasterizing<V>(_ make: () -> V) -> V {
        guard active else { return make() }
        rasterDepth += 1
        let t0 = rasterDepth == 1 ? now() : 0
        let v = make()
        if rasterDepth == 1 { times.rasterizing += now() - t0 }
        rasterDepth -= 1
        return v
    }
}
