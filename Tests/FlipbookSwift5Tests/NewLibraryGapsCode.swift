// UIKit API that newly tried public libraries call (an image slideshow's page indicator, a
// banner and an alert that follow Dynamic Type, a transition library's presentation controller,
// a swipe-action button), written as those libraries write it and compiled in the Swift 5
// language mode. Only the import differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A page indicator any view can be, as the slideshow declares it.
protocol SlideshowPageIndicator: AnyObject {
    var view: UIView { get }
    var page: Int { get set }
    var numberOfPages: Int { get set }
}

extension UIPageControl: SlideshowPageIndicator {
    public var view: UIView { self }
    public var page: Int {
        get { currentPage }
        set { currentPage = newValue }
    }

    static func withSlideshowColors() -> UIPageControl {
        let pageControl = UIPageControl()
        if #available(iOS 13.0, *) {
            pageControl.currentPageIndicatorTintColor = UIColor { traits in traits.userInterfaceStyle == .dark ? .white : .lightGray }
            pageControl.pageIndicatorTintColor = UIColor { traits in traits.userInterfaceStyle == .dark ? .systemGray : .black }
        } else {
            pageControl.currentPageIndicatorTintColor = .lightGray
            pageControl.pageIndicatorTintColor = .black
        }
        if #available(iOS 14.0, *) {
            pageControl.backgroundStyle = .minimal
            pageControl.allowsContinuousInteraction = false
            pageControl.preferredIndicatorImage = UIImage(systemName: "circle.fill")
        }
        return pageControl
    }
}

extension UIFont {
    /// A preferred font at another weight, scaled as its text style.
    static func preferredFont(forTextStyle style: TextStyle, weight: Weight, addPoints: CGFloat = 0) -> UIFont {
        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style)
        let font = UIFont.systemFont(ofSize: descriptor.pointSize + addPoints, weight: weight)
        let metrics = UIFontMetrics(forTextStyle: style)
        return metrics.scaledFont(for: font)
    }
}

/// A banner's labels.
final class BannerView: UIView {
    lazy var subtitleLabel: UILabel = {
        let label = UILabel()
        label.textColor = UIAccessibility.isDarkerSystemColorsEnabled ? .label : .secondaryLabel
        label.font = UIFont.preferredFont(forTextStyle: .subheadline)
        label.adjustsFontForContentSizeCategory = true
        return label
    }()
}

/// A presentation controller that keeps the presented content at the base level.
final class BaseLevelPresentationController: UIPresentationController {
    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        if #available(iOS 13.0, *) {
            overrideTraitCollection = UITraitCollection(userInterfaceLevel: .base)
        }
    }
}

/// A swipe action's button: image above title, by the overridable rectangles.
final class SwipeStyleButton: UIButton {
    var spacing: CGFloat = 8
    var maximumImageHeight: CGFloat = 0

    var alignmentRect: CGRect {
        let contentRect = self.contentRect(forBounds: bounds)
        let titleHeight = titleBoundingRect(with: contentRect.size).integral.height
        let total = (currentImage == nil ? 0 : maximumImageHeight) + titleHeight + spacing
        return CGRect(x: contentRect.minX, y: contentRect.midY - total / 2, width: contentRect.width, height: total)
    }

    func titleBoundingRect(with size: CGSize) -> CGRect {
        guard let title = currentTitle, let font = titleLabel?.font else { return .zero }
        return title.boundingRect(
            with: size, options: [.usesLineFragmentOrigin], attributes: [NSAttributedString.Key.font: font], context: nil
        ).integral
    }

    override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        var rect = titleBoundingRect(with: contentRect.size)
        rect.origin.x = contentRect.midX - rect.width / 2
        rect.origin.y = alignmentRect.minY + maximumImageHeight + spacing
        return rect.integral
    }

    override func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        let size = currentImage?.size ?? .zero
        return CGRect(x: contentRect.midX - size.width / 2, y: alignmentRect.minY, width: size.width, height: size.height)
    }
}

final class NewLibraryGapsTests: XCTestCase {
    func testThePageIndicatorIsAPageControl() {
        let indicator: SlideshowPageIndicator = UIPageControl.withSlideshowColors()
        indicator.numberOfPages = 3
        indicator.page = 2
        XCTAssertEqual((indicator as? UIPageControl)?.currentPage, 2)
        XCTAssertEqual(indicator.view.intrinsicContentSize.height, 26)
    }

    func testScaledFontsAtTheDefaultSize() {
        let font = UIFont.preferredFont(forTextStyle: .body, weight: .semibold, addPoints: -2)
        XCTAssertEqual(font.pointSize, 15)
        XCTAssertEqual(UIFontMetrics.default.scaledValue(for: 12), 12)
        XCTAssertTrue(BannerView().subtitleLabel.adjustsFontForContentSizeCategory)
    }

    func testTheSwipeButtonStacksItsTitleBelowItsImage() {
        let button = SwipeStyleButton(frame: CGRect(x: 0, y: 0, width: 80, height: 100))
        button.maximumImageHeight = 0
        button.setTitle("More", for: .normal)
        button.layoutIfNeeded()
        let title = button.titleLabel?.frame ?? .zero
        XCTAssertEqual(title.midX, 40, accuracy: 1)
        XCTAssertEqual(title.minY, button.alignmentRect.minY + 8, accuracy: 1)
    }
}
