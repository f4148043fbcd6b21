import Foundation
import FlipbookQuartz

/// The bar at the top of a navigation controller, UIKit's `UINavigationBar`, kept minimal
/// for now: a background and the top controller's title centred in it (no back button,
/// bar button items or large titles yet; see docs/Divergences.md, "Navigation controller").
@MainActor
open class UINavigationBar: UIView {
    /// The bar's height in points (UIKit's compact bar on iPhone).
    public static let defaultHeight: CGFloat = 44

    /// Shows the title of the navigation controller's top controller.
    let titleLabel = UILabel(frame: .zero)
    /// The bar's background continued up under the status bar, as in UIKit.
    let backgroundExtension = UIView(frame: .zero)
    /// How far the background extends above the bar (the top safe area), in points.
    var backgroundExtensionHeight: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }

    open override var backgroundColor: UIColor? {
        didSet { backgroundExtension.backgroundColor = backgroundColor }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(backgroundExtension)
        backgroundColor = UIColor(white: 0.97, alpha: 1)
        titleLabel.textAlignment = .center
        titleLabel.font = .boldSystemFont(ofSize: 17)
        addSubview(titleLabel)
    }

    /// Archives do not exist in Flipbook: creates an empty bar.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(titleLabel)
    }

    /// The title shown in the middle of the bar.
    var title: String? {
        get { titleLabel.text }
        set {
            titleLabel.text = newValue
            setNeedsLayout()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = bounds.insetBy(dx: 16, dy: 0)
        backgroundExtension.frame = CGRect(
            x: 0, y: -backgroundExtensionHeight, width: bounds.width, height: backgroundExtensionHeight)
    }
}
