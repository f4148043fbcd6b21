import Foundation
import FlipbookQuartz

/// Collects a history of events as strings, to compare in one `#expect`.
@MainActor
public final class EventRecorder {
    public private(set) var events: [String] = []
    public init() {}
    public func record(_ event: String) { events.append(event) }
    public func reset() { events = [] }
}

/// An animation delegate that records "start <name>" and "stop <name> <finished>".
@MainActor
public final class RecordingAnimationDelegate: NSObject, CAAnimationDelegate {
    public let name: String
    public let recorder: EventRecorder
    public init(_ name: String, recorder: EventRecorder) {
        self.name = name
        self.recorder = recorder
    }
    public func animationDidStart(_ anim: CAAnimation) { recorder.record("start \(name)") }
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        recorder.record("stop \(name) \(flag)")
    }
}
