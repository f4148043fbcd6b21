import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Haptic feedback, UIKit's `UIFeedbackGenerator`. Flipbook has no Taptic Engine: each call
/// is recorded, with its time, in the `FeedbackLog` of the AppDriver running the app the
/// generator was made in (its view's app, for a generator made with a view)
/// (`AppDriver.haptics`), so a test can assert that a transition gives a haptic when it snaps.
/// With no driver the calls do nothing.
@preconcurrency @MainActor
open class UIFeedbackGenerator {
    /// The view the feedback belongs to (iOS 17.5's `init(view:)`), if given.
    public private(set) weak var view: UIView?

    public init() {}

    /// A generator for feedback in `view` (iOS 17.5).
    public init(view: UIView) { self.view = view }

    /// Readies the engine to reduce latency; recorded as `.prepare`.
    open func prepare() { record(.prepare(generator: String(describing: type(of: self)))) }

    /// The application of the app the generator was made in (its haptics go to that app's
    /// driver, on that app's clock).
    private let application = UIApplication.shared

    func record(_ kind: FeedbackEvent.Kind, location: CGPoint? = nil) {
        let application = view.map { UIApplication.of($0.layer.owningRuntime) } ?? application
        guard let env = application.driverEnvironment else { return }
        let now = (env.runtime?.clock ?? MediaClock.main).now
        env.haptics.append(FeedbackEvent(kind: kind, time: now - env.startTime, mediaTime: now, location: location))
    }
}

/// Impacts of physical objects, UIKit's `UIImpactFeedbackGenerator`.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// The mass and flexibility of the colliding objects.
    public enum FeedbackStyle: Int, Sendable {
        case light = 0, medium, heavy, soft, rigid
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A `.medium` generator.
    public override convenience init() { self.init(style: .medium) }

    /// A generator for impacts in `view` (iOS 17.5).
    public init(style: FeedbackStyle, view: UIView) {
        self.style = style
        super.init(view: view)
    }

    /// An impact at full intensity.
    open func impactOccurred() { impact(1, location: nil) }

    /// An impact at `intensity` (0…1; values outside are clamped; NaN is reported and ignored).
    open func impactOccurred(intensity: CGFloat) { impact(intensity, location: nil) }

    /// An impact at a point in the generator's view (iOS 17.5).
    open func impactOccurred(at location: CGPoint) { impact(1, location: location) }

    /// An impact at `intensity` and a point in the generator's view (iOS 17.5).
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) { impact(intensity, location: location) }

    private func impact(_ intensity: CGFloat, location: CGPoint?) {
        guard !intensity.isNaN else {
            FlipbookDiagnostics.report("UIImpactFeedbackGenerator.impactOccurred(intensity:): intensity is NaN; no impact recorded.")
            return
        }
        record(.impact(style, intensity: min(max(intensity, 0), 1)), location: location)
    }
}

/// Selection changes, UIKit's `UISelectionFeedbackGenerator`.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public override init() { super.init() }
    public override init(view: UIView) { super.init(view: view) }
    /// The selection changed.
    open func selectionChanged() { record(.selection) }
    /// The selection changed at a point in the generator's view (iOS 17.5).
    open func selectionChanged(at location: CGPoint) { record(.selection, location: location) }
}

/// Success, warning and error, UIKit's `UINotificationFeedbackGenerator`.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success = 0, warning, error
    }
    public override init() { super.init() }
    public override init(view: UIView) { super.init(view: view) }
    /// A notification of `notificationType`.
    open func notificationOccurred(_ notificationType: FeedbackType) { record(.notification(notificationType)) }
    /// A notification at a point in the generator's view (iOS 17.5).
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        record(.notification(notificationType), location: location)
    }
}

/// One haptic asked for (Flipbook's record of a `UIFeedbackGenerator` call).
public struct FeedbackEvent: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// `prepare()` on a generator of the named class.
        case prepare(generator: String)
        case impact(UIImpactFeedbackGenerator.FeedbackStyle, intensity: CGFloat)
        case selection
        case notification(UINotificationFeedbackGenerator.FeedbackType)
        /// AudioToolbox's `AudioServicesPlaySystemSound` (`alert` for `AudioServicesPlayAlertSound`);
        /// `kSystemSoundID_Vibrate` is the vibration (Media/AudioServices.swift).
        case systemSound(UInt32, alert: Bool)
    }
    public var kind: Kind
    /// Seconds since the AppDriver was created (the times `AppDriver.at(_:_:)` takes).
    public var time: CFTimeInterval
    /// `MediaClock.main.now` when it was asked for.
    public var mediaTime: CFTimeInterval
    /// The point given to the iOS 17.5 `…(at:)` forms.
    public var location: CGPoint?

    public init(kind: Kind, time: CFTimeInterval, mediaTime: CFTimeInterval, location: CGPoint? = nil) {
        self.kind = kind; self.time = time; self.mediaTime = mediaTime; self.location = location
    }

    public var description: String { "\(kind) at \(time) s" }
}

/// The haptics an app asked for, in order (`AppDriver.haptics`).
@preconcurrency @MainActor
public final class FeedbackLog {
    /// Every event, oldest first.
    public private(set) var events: [FeedbackEvent] = []
    /// The events other than `prepare()`.
    public var occurrences: [FeedbackEvent] {
        events.filter { if case .prepare = $0.kind { return false } else { return true } }
    }
    init() {}
    func append(_ e: FeedbackEvent) { events.append(e) }
    /// Forgets every event.
    public func removeAll() { events.removeAll() }
}
