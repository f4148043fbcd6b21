import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import Flipbook

// Convenience initialisers declared in extensions of UIKit's own classes, as libraries write
// them (issue 37, C3). Swift runs no property observers for assignments in a type's own
// initialisers, extensions included; on iOS every property is an Objective-C setter that always
// runs. Each property set here must have the same effect as when set after `init`.

extension UIImageView {
    convenience init(testImage: UIImage, highlighted: UIImage? = nil) {
        self.init(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        self.image = testImage
        if let highlighted {
            highlightedImage = highlighted
            isHighlighted = true
        }
    }
}

extension UILabel {
    convenience init(testText: String) {
        self.init(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        self.text = testText
        self.textColor = .systemRed
        self.font = .boldSystemFont(ofSize: 20)
        self.textAlignment = .center
    }
}

extension UIView {
    convenience init(testContentMode: UIView.ContentMode) {
        self.init(frame: .zero)
        self.contentMode = testContentMode
    }
}

extension UIButton {
    convenience init(testConfiguration: UIButton.Configuration) {
        self.init(frame: CGRect(x: 0, y: 0, width: 120, height: 44))
        self.configuration = testConfiguration
    }
}

extension UISlider {
    convenience init(testTint: UIColor) {
        self.init(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        self.minimumTrackTintColor = testTint
        self.value = 0.5
    }
}

extension UIVisualEffectView {
    convenience init(testEffect: UIVisualEffect) {
        self.init(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        self.effect = testEffect
    }
}

extension UIViewController {
    convenience init(testTitle: String) {
        self.init(nibName: nil, bundle: nil)
        self.title = testTitle
    }
}

extension UIStackView {
    convenience init(testSpacing: CGFloat) {
        self.init(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        self.axis = .vertical
        self.spacing = testSpacing
    }
}

extension CAShapeLayer {
    convenience init(testLineWidth: CGFloat) {
        self.init()
        self.lineWidth = testLineWidth
    }
}

extension BackdropLayer {
    convenience init(testBlurRadius: CGFloat) {
        self.init()
        self.blurRadius = testBlurRadius
    }
}

extension UIGravityBehavior {
    convenience init(testDirection: CGVector) {
        self.init(items: [])
        self.gravityDirection = testDirection
    }
}

extension NSLayoutConstraint {
    convenience init(testItem: UIView, testConstant constant: CGFloat) {
        self.init(item: testItem, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 0)
        self.constant = constant
    }
}

@Suite("Properties set in convenience initialisers of extensions", .freshRuntime)
@MainActor
struct InitializerPropertyEffectTests {
    func image(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
    }

    func render(_ view: UIView) -> RenderedImage {
        view.layoutIfNeeded()
        return LayerRenderer(scale: 1).render(view.layer)
    }

    func reports(_ body: () -> Void) -> [String] {
        var messages: [String] = []
        let token = FlipbookDiagnostics.addObserver { messages.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return messages
    }

    @Test func imageViewShowsItsImage() {
        let view = UIImageView(testImage: image(.systemOrange))
        #expect(view.layer.contents != nil)
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 10))
        let reference = UIImageView(frame: view.frame)
        reference.image = image(.systemOrange)
        #expect(render(view) == render(reference))
        #expect(render(view) != render(UIImageView(frame: view.frame)))
    }

    @Test func imageViewShowsItsHighlightedImage() {
        let view = UIImageView(testImage: image(.systemOrange), highlighted: image(.systemTeal))
        let reference = UIImageView(frame: view.frame)
        reference.image = image(.systemOrange)
        reference.highlightedImage = image(.systemTeal)
        reference.isHighlighted = true
        #expect(render(view) == render(reference))
        #expect(render(view) != render(UIImageView(testImage: image(.systemOrange))))
    }

    @Test func labelDrawsItsText() {
        let label = UILabel(testText: "Hello")
        #expect(label.textLayer.string as? String == "Hello")
        let reference = UILabel(frame: label.frame)
        reference.text = "Hello"
        reference.textColor = .systemRed
        reference.font = .boldSystemFont(ofSize: 20)
        reference.textAlignment = .center
        #expect(render(label) == render(reference))
        #expect(render(label) != render(UILabel(frame: label.frame)))
    }

    @Test func contentModeReachesTheLayer() {
        let view = UIView(testContentMode: .scaleAspectFit)
        #expect(view.layer.contentsGravity == .resizeAspect)
        let redraw = UIView(testContentMode: .redraw)
        #expect(redraw.layer.needsDisplayOnBoundsChange)
    }

    @Test func buttonConfigurationIsShown() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Go"
        let button = UIButton(testConfiguration: configuration)
        let reference = UIButton(frame: button.frame)
        reference.configuration = configuration
        #expect(button.title(for: .normal) == reference.title(for: .normal) || button.titleLabel?.text == "Go")
        #expect(render(button) == render(reference))
        #expect(render(button) != render(UIButton(frame: button.frame)))
    }

    @Test func sliderTrackTakesItsTint() {
        let slider = UISlider(testTint: .systemGreen)
        let reference = UISlider(frame: slider.frame)
        reference.minimumTrackTintColor = .systemGreen
        reference.value = 0.5
        #expect(render(slider) == render(reference))
        let plain = UISlider(frame: slider.frame)
        plain.value = 0.5
        #expect(render(slider) != render(plain))
    }

    @Test func visualEffectViewBlurs() {
        let view = UIVisualEffectView(testEffect: UIBlurEffect(style: .systemMaterial))
        #expect(view.backdropLayer.blurRadius > 0)
        let reference = UIVisualEffectView(frame: view.frame)
        reference.effect = UIBlurEffect(style: .systemMaterial)
        #expect(view.backdropLayer.blurRadius == reference.backdropLayer.blurRadius)
        #expect(view.backdropLayer.saturation == reference.backdropLayer.saturation)
    }

    @Test func controllerTitleReachesItsNavigationItem() {
        let controller = UIViewController(testTitle: "Inbox")
        let reference = UIViewController()
        reference.title = "Inbox"
        #expect(controller.navigationItem.title == reference.navigationItem.title)
        let nav = UINavigationController(rootViewController: controller)
        nav.view.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
        nav.view.layoutIfNeeded()
        #expect(nav.navigationBar.topItem?.title == "Inbox")
    }

    @Test func stackViewSpacingLaysOut() {
        let stack = UIStackView(testSpacing: 10)
        let a = UIView()
        let b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            v.heightAnchor.constraint(equalToConstant: 10).isActive = true
            stack.addArrangedSubview(v)
        }
        stack.layoutIfNeeded()
        #expect(b.frame.minY - a.frame.maxY == 10)
    }

    @Test func invalidValuesAreRefusedAsAfterInit() {
        var shape: CAShapeLayer?
        let shapeReports = reports { shape = CAShapeLayer(testLineWidth: .nan) }
        #expect(shape?.lineWidth == 1)
        #expect(shapeReports.count <= 1)  // reported once per process

        var backdrop: BackdropLayer?
        _ = reports { backdrop = BackdropLayer(testBlurRadius: .infinity) }
        #expect(backdrop?.blurRadius == 0)

        var gravity: UIGravityBehavior?
        let gravityReports = reports { gravity = UIGravityBehavior(testDirection: CGVector(dx: CGFloat.nan, dy: 0)) }
        #expect(gravity?.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(gravityReports.count == 1)

        var constraint: NSLayoutConstraint?
        let constraintReports = reports { constraint = NSLayoutConstraint(testItem: UIView(), testConstant: CGFloat.nan) }
        #expect(constraint?.constant == 0)
        #expect(constraintReports.count == 1)
    }
}
