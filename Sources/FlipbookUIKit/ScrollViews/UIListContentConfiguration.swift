import Foundation

/// A view's state that configurations adapt to, UIKit's `UIConfigurationState`.
@preconcurrency @MainActor
public protocol UIConfigurationState {}

/// A cell's state, UIKit's `UICellConfigurationState` (the parts Flipbook tracks).
public struct UICellConfigurationState: UIConfigurationState, Hashable, Sendable {
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false
    public var isSwiped = false
    public var isExpanded = false
    public init() {}
}

/// Something that describes a view's content and makes the view, UIKit's
/// `UIContentConfiguration`.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView
    func updated(for state: UIConfigurationState) -> Self
}

/// A view built from a content configuration, UIKit's `UIContentView`.
@preconcurrency @MainActor
public protocol UIContentView: NSObjectProtocol {
    var configuration: UIContentConfiguration { get set }
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool { true }
}

/// The standard list row content (text, secondary text, image), UIKit's
/// `UIListContentConfiguration`: the basics of `.cell()`, `.subtitleCell()`, `.valueCell()`
/// and the header/footer forms.
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text is drawn.
    public struct TextProperties {
        public var font: UIFont
        public var color: UIColor
        public var numberOfLines: Int = 1
        public var alignment: Alignment = .natural
        public enum Alignment: Int, Hashable, Sendable { case natural, center, justified }
        public var resolvedColor: UIColor { color }
    }
    /// How the image is drawn.
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var maximumSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
    }

    enum Kind: Hashable { case cell, subtitle, value, header, footer }
    var kind: Kind

    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var prefersSideBySideTextAndSecondaryText: Bool

    init(kind: Kind) {
        self.kind = kind
        textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
        secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel)
        prefersSideBySideTextAndSecondaryText = kind == .value
        switch kind {
        case .subtitle: secondaryTextProperties.color = .label
        case .value: secondaryTextProperties.font = .systemFont(ofSize: 17)
        case .header, .footer:
            textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel)
            directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16)
        case .cell: break
        }
    }

    public static func cell() -> UIListContentConfiguration { .init(kind: .cell) }
    public static func subtitleCell() -> UIListContentConfiguration { .init(kind: .subtitle) }
    public static func valueCell() -> UIListContentConfiguration { .init(kind: .value) }
    public static func plainHeader() -> UIListContentConfiguration { .init(kind: .header) }
    public static func plainFooter() -> UIListContentConfiguration { .init(kind: .footer) }
    public static func groupedHeader() -> UIListContentConfiguration { .init(kind: .header) }
    public static func groupedFooter() -> UIListContentConfiguration { .init(kind: .footer) }

    public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }
    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view a `UIListContentConfiguration` makes, UIKit's `UIListContentView`.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    let textLabel = UILabel()
    let secondaryLabel = UILabel()
    let imageView = UIImageView(image: nil)
    var listConfiguration: UIListContentConfiguration

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        addSubview(imageView)
        addSubview(textLabel)
        addSubview(secondaryLabel)
        apply()
    }

    public required init?(coder: NSCoder) { nil }

    public var configuration: UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let c = newValue as? UIListContentConfiguration else {
                FlipbookDiagnostics.report(
                    "UIListContentView.configuration: \(type(of: newValue)) is not a UIListContentConfiguration; ignored.",
                    once: "UIListContentView.configuration")
                return
            }
            listConfiguration = c
            apply()
        }
    }

    public func supports(_ configuration: UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func apply() {
        let c = listConfiguration
        textLabel.text = c.text
        textLabel.font = c.textProperties.font
        textLabel.textColor = c.textProperties.color
        textLabel.numberOfLines = c.textProperties.numberOfLines
        secondaryLabel.text = c.secondaryText
        secondaryLabel.font = c.secondaryTextProperties.font
        secondaryLabel.textColor = c.secondaryTextProperties.color
        secondaryLabel.isHidden = c.secondaryText == nil
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        if let tint = c.imageProperties.tintColor { imageView.tintColor = tint }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let c = listConfiguration
        let m = c.directionalLayoutMargins
        let b = bounds
        var x = m.leading
        if let image = c.image {
            var s = image.size
            let maxS = c.imageProperties.maximumSize
            if maxS.width > 0, s.width > maxS.width { s = CGSize(width: maxS.width, height: s.height * maxS.width / s.width) }
            if maxS.height > 0, s.height > maxS.height { s = CGSize(width: s.width * maxS.height / s.height, height: maxS.height) }
            imageView.frame = CGRect(x: x, y: (b.height - s.height) / 2, width: s.width, height: s.height)
            x += s.width + c.imageToTextPadding
        }
        let right = b.width - m.trailing
        let h1 = ceil(textLabel.intrinsicContentSize.height)
        let h2 = c.secondaryText == nil ? 0 : ceil(secondaryLabel.intrinsicContentSize.height)
        if c.prefersSideBySideTextAndSecondaryText {
            let w2 = min(max(0, right - x), ceil(secondaryLabel.intrinsicContentSize.width))
            secondaryLabel.frame = CGRect(x: right - w2, y: (b.height - h2) / 2, width: w2, height: h2)
            textLabel.frame = CGRect(
                x: x, y: (b.height - h1) / 2, width: max(0, right - w2 - c.textToSecondaryTextHorizontalPadding - x),
                height: h1)
        } else {
            let gap = c.secondaryText == nil ? 0 : c.textToSecondaryTextVerticalPadding
            let top = (b.height - h1 - gap - h2) / 2
            textLabel.frame = CGRect(x: x, y: top, width: max(0, right - x), height: h1)
            secondaryLabel.frame = CGRect(x: x, y: top + h1 + gap, width: max(0, right - x), height: h2)
        }
    }
}
