import Foundation

extension UIButton {
    /// A button's styled appearance, UIKit's `UIButton.Configuration` (iOS 15) basics.
    ///
    /// Styles: `plain()` (tinted text, no background), `tinted()` (tinted text on a 15% tint
    /// background), `gray()` (tinted text on systemFill), `filled()` (white text on the tint),
    /// and the bordered variants mapped to them. Content insets default to 7 × 12 points
    /// (UIKit's medium size); corner styles use 6 (dynamic/medium), 4 (small), 10 (large) points
    /// or half the height (capsule) — Flipbook's reading of UIKit's look.
    public struct Configuration: Sendable {
        /// Corner rounding, UIKit's `UIButton.Configuration.CornerStyle`.
        public enum CornerStyle: Sendable { case fixed, dynamic, small, medium, large, capsule
            func radius(height: CGFloat, fixed: CGFloat) -> CGFloat {
                switch self {
                case .fixed: fixed
                case .dynamic, .medium: 6
                case .small: 4
                case .large: 10
                case .capsule: height / 2
                }
            }
        }

        enum Style: Sendable { case plain, tinted, gray, filled }

        /// Background settings (Flipbook keeps colour and corner radius).
        public struct Background: Sendable {
            public var backgroundColor: UIColor?
            public var cornerRadius: CGFloat = 0
            public init() {}
        }

        var style: Style
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        /// The padding between image and title (default 0; UIKit's default is small too).
        public var imagePadding: CGFloat = 0
        /// Base colours: the background and content colours before state effects.
        public var baseBackgroundColor: UIColor?
        public var baseForegroundColor: UIColor?
        public var cornerStyle: CornerStyle = .dynamic
        public var background = Background()
        public var contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        public var showsActivityIndicator = false

        init(style: Style) { self.style = style }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .plain) }
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }

        func resolvedForegroundColor(tint: UIColor) -> UIColor {
            if let c = baseForegroundColor { return c }
            return style == .filled ? .white : (baseBackgroundColor ?? tint)
        }

        func resolvedBackgroundColor(tint: UIColor) -> UIColor? {
            if let c = background.backgroundColor { return c }
            switch style {
            case .plain: return nil
            case .tinted: return (baseBackgroundColor ?? tint).withAlphaComponent(0.15)
            case .gray: return baseBackgroundColor ?? .systemFill
            case .filled: return baseBackgroundColor ?? tint
            }
        }
    }
}
