import Foundation
import FlipbookGeometry

/// A display, UIKit's `UIScreen`. Flipbook's screens are virtual devices.
///
/// `UIScreen.main` is the main screen of the app the current code runs in (`AppRuntime.current`,
/// one per app as on iOS): the AppDriver's screen when a driver runs the app, so it rotates with
/// it, else the iPhone 15 preset (393 × 852 points at scale 3, like the device; renders default
/// to scale 2, see FlipbookRender). Tests and the renderer can pick another preset with
/// `UIScreen(device:)` and give it to a window.
@preconcurrency @MainActor
public final class UIScreen: NSObject {
    /// A device preset: size in points, scale, the safe-area insets of its portrait window and
    /// the radius of the display's rounded corners.
    public struct Device: Sendable, Hashable {
        /// A short identifier as the CLI spells it (`iphone-15`, `iphone-se`, `ipad`).
        public var name: String
        public var size: CGSize
        public var scale: CGFloat
        public var safeAreaInsets: UIEdgeInsets
        /// The radius, in points, of the display's corners (0 for square ones): the corners a
        /// window's container-concentric corner radii follow (UIView+CornerConfiguration.swift).
        public var displayCornerRadius: CGFloat
        public init(
            name: String, size: CGSize, scale: CGFloat, safeAreaInsets: UIEdgeInsets, displayCornerRadius: CGFloat = 0
        ) {
            self.name = name; self.size = size; self.scale = scale; self.safeAreaInsets = safeAreaInsets
            self.displayCornerRadius = displayCornerRadius
        }

        /// iPhone 15: 393 × 852 points, @3x, Dynamic Island (top 59, bottom 34), corners of 55 points.
        public static let iPhone15 = Device(
            name: "iphone-15", size: CGSize(width: 393, height: 852), scale: 3,
            safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0), displayCornerRadius: 55)
        /// iPhone SE (2nd/3rd generation): 375 × 667 points, @2x, status bar 20, square corners.
        public static let iPhoneSE = Device(
            name: "iphone-se", size: CGSize(width: 375, height: 667), scale: 2,
            safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        /// iPad (10th generation): 820 × 1180 points, @2x (top 24, bottom 20), corners of 18 points.
        public static let iPad = Device(
            name: "ipad", size: CGSize(width: 820, height: 1180), scale: 2,
            safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0), displayCornerRadius: 18)

        public static let all: [Device] = [.iPhone15, .iPhoneSE, .iPad]

        /// The preset with this CLI name, or nil.
        public static func named(_ name: String) -> Device? { all.first { $0.name == name } }
    }

    /// The main screen of the current app: its AppDriver's screen, else an iPhone 15's.
    public class var main: UIScreen { UIApplication.shared.mainScreen }

    /// The scale Flipbook's UIKit draws at where UIKit would take the main screen's: label text
    /// and its measured sizes, `UIGraphicsImageRendererFormat` and image contexts opened with
    /// scale 0. It is the iPhone 15's (3) in every app, whatever its screen, as before
    /// `UIScreen.main` was per app, so rendered frames stay the same (docs/Divergences.md,
    /// "Drawing scale").
    static let drawingScale: CGFloat = Device.iPhone15.scale

    /// The device this screen stands for.
    public let device: Device

    public init(device: Device) { self.device = device }

    /// The interface orientation the screen's coordinates follow (`AppDriver.rotate(to:)`).
    var interfaceOrientation: UIInterfaceOrientation = .portrait

    /// The screen's rectangle in points, origin zero, in the interface's orientation (width
    /// and height swap in landscape, as on iOS 8 and later).
    public var bounds: CGRect {
        let s = device.size
        return CGRect(origin: .zero, size: interfaceOrientation.isLandscape ? CGSize(width: s.height, height: s.width) : s)
    }
    /// The screen in pixels, always portrait (as on iOS).
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: device.size.width * device.scale, height: device.size.height * device.scale)
    }
    /// Pixels per point of the device.
    public var scale: CGFloat { device.scale }
    /// Pixels per point of the panel (the same as `scale` for the presets).
    public var nativeScale: CGFloat { device.scale }
    /// Frames per second (60; see `MediaClock.main.framesPerSecond`).
    public var maximumFramesPerSecond: Int { 60 }

    /// A display link for this screen, `displayLink(withTarget: self, selector: #selector(step(_:)))`
    /// ported (docs/Porting.md, Target-action): `selector` receives the target and the link. Add
    /// it to a run loop to start it, as on iOS.
    public func displayLink<Target: AnyObject>(
        withTarget target: Target, selector: @escaping @MainActor (Target, CADisplayLink) -> Void
    ) -> CADisplayLink? {
        CADisplayLink(target: target, selector: selector)
    }

    /// `displayLink(withTarget: self, selector: #selector(step))` ported: `selector` receives the target only.
    public func displayLink<Target: AnyObject>(
        withTarget target: Target, selector: @escaping @MainActor (Target) -> Void
    ) -> CADisplayLink? {
        CADisplayLink(target: target, selector: selector)
    }
}

extension UIScreen {
    /// A view showing what the screen shows now, UIKit's `snapshotView(afterScreenUpdates:)`:
    /// a snapshot of each of the current app's visible windows on this screen, placed where the
    /// window is, in the windows' order (docs/API-Status.md).
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView {
        let snapshot = UIView(frame: bounds)
        for window in UIApplication.shared.windows where window.screen === self && !window.isHidden {
            guard let picture = window.snapshotView(afterScreenUpdates: afterUpdates) else { continue }
            picture.frame = window.frame
            snapshot.addSubview(picture)
        }
        return snapshot
    }
}
