import Foundation

/// Velocity of a gesture value (translation, scale, angle) from its recent samples: the
/// change between the oldest and newest sample of the last `window` seconds (at least two
/// samples), divided by their time apart. A steady 1000 pt/s drag sampled once per frame reads
/// 1000 pt/s exactly; a finger that stopped before lifting reads close to 0.
struct GestureVelocityTracker {
    /// How far back samples count: 0.1 s (UIKit's window is not documented; see docs/Divergences.md).
    static let window: Double = 0.1

    private var samples: [(time: Double, value: CGPoint)] = []

    mutating func add(_ value: CGPoint, at time: Double) {
        guard value.x.isFinite, value.y.isFinite, time.isFinite else { return }
        // Several changes at one instant (two fingers moved in one frame) are one sample.
        if let last = samples.last, abs(last.time - time) < 1e-9 {
            samples[samples.count - 1].value = value
            return
        }
        samples.append((time, value))
        // Keep what the window needs plus one older sample.
        if let last = samples.last?.time, let cut = samples.lastIndex(where: { $0.time < last - Self.window - 1e-9 }),
            cut > 0
        {
            samples.removeFirst(cut)
        }
    }

    /// Shifts every sample (the value was rebased: velocity does not change).
    mutating func shift(by d: CGPoint) {
        for i in samples.indices {
            samples[i].value = CGPoint(x: samples[i].value.x + d.x, y: samples[i].value.y + d.y)
        }
    }

    mutating func clear() { samples.removeAll() }

    var velocity: CGPoint {
        guard let last = samples.last else { return .zero }
        let inWindow = samples.filter { $0.time >= last.time - Self.window - 1e-9 }
        var first = inWindow.first ?? last
        if inWindow.count < 2, samples.count >= 2 { first = samples[samples.count - 2] }
        let dt = last.time - first.time
        guard dt > 1e-9 else { return .zero }
        return CGPoint(x: (last.value.x - first.value.x) / dt, y: (last.value.y - first.value.y) / dt)
    }
}
