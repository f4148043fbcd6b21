import Foundation
import Testing
import TestSupport
import Flipbook

/// Dynamic Type: UIFontMetrics, preferred fonts per content size category, labels and fields
/// that adjust their fonts, and the accessibility display settings (a banner library, an alert
/// library).
@Suite(.freshRuntime) @MainActor struct DynamicTypeTests {
    let xxl = UITraitCollection(preferredContentSizeCategory: .extraExtraLarge)

    @Test func metricsScaleByTheBodyCurve() {
        let metrics = UIFontMetrics(forTextStyle: .title1)
        let base = UIFont.systemFont(ofSize: 20, weight: .bold)
        // At Large (the default) nothing changes.
        #expect(metrics.scaledFont(for: base).pointSize == 20)
        #expect(metrics.scaledValue(for: 10) == 10)
        #expect(UIFontMetrics.default.scaledValue(for: 17, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large)) == 17)
        // The body sizes: 14 at extra small … 53 at the largest accessibility size.
        let sizes: [(UIContentSizeCategory, CGFloat)] = [
            (.extraSmall, 14), (.small, 15), (.medium, 16), (.large, 17), (.extraLarge, 19), (.extraExtraLarge, 21),
            (.extraExtraExtraLarge, 23), (.accessibilityMedium, 28), (.accessibilityLarge, 33),
            (.accessibilityExtraLarge, 40), (.accessibilityExtraExtraLarge, 47), (.accessibilityExtraExtraExtraLarge, 53),
        ]
        for (category, size) in sizes {
            let traits = UITraitCollection(preferredContentSizeCategory: category)
            #expect(abs(UIFontMetrics.default.scaledValue(for: 17, compatibleWith: traits) - size) < 1e-9)
        }
        let scaled = metrics.scaledFont(for: base, compatibleWith: xxl)
        #expect(abs(scaled.pointSize - 20 * 21 / 17) < 1e-9)
        #expect(scaled.fontName == base.fontName)
        #expect(metrics.scaledFont(for: base, maximumPointSize: 22, compatibleWith: xxl).pointSize == 22)
        // Without traits: the current ones.
        xxl.performAsCurrent {
            #expect(abs(metrics.scaledFont(for: base, maximumPointSize: 100).pointSize - 20 * 21 / 17) < 1e-9)
            #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 21)
        }
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: xxl).pointSize == 21)
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: nil).fontName == UIFont.preferredFont(forTextStyle: .headline).fontName)
        // Bad input is reported, not scaled.
        let reports = FlipbookDiagnostics.capture {
            #expect(metrics.scaledValue(for: .nan).isNaN)
            #expect(metrics.scaledFont(for: base, maximumPointSize: -.infinity).pointSize == 20)
        }
        #expect(reports.count == 2)
        #expect(UIContentSizeCategory.accessibilityMedium > .extraExtraExtraLarge && UIContentSizeCategory.small < .large)
        #expect(UIFont.TextStyle.caption1.metrics.scaledValue(for: 12, compatibleWith: xxl) == UIFontMetrics.default.scaledValue(for: 12, compatibleWith: xxl))
        // A scaled font given again is scaled again from its size, as UIKit does with preferred fonts.
        let twice = metrics.scaledFont(for: scaled, compatibleWith: xxl)
        #expect(abs(twice.pointSize - scaled.pointSize * 21 / 17) < 1e-9)
    }

    @Test func labelsAndFieldsThatAdjustFollowTheirTraits() {
        final class Recorder: UILabel {
            var sizesAtChange: [CGFloat] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                sizesAtChange.append(font.pointSize)
            }
        }
        let parent = UIViewController()
        let app = AppDriver(rootViewController: parent)
        let child = UIViewController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let adjusting = Recorder()
        adjusting.font = .preferredFont(forTextStyle: .body)
        adjusting.adjustsFontForContentSizeCategory = true
        adjusting.text = "Saved"
        let fixed = UILabel()
        fixed.font = .preferredFont(forTextStyle: .body)        // does not adjust
        let custom = UILabel()
        custom.font = .systemFont(ofSize: 13)                   // not a Dynamic Type font
        custom.adjustsFontForContentSizeCategory = true
        let scaledCustom = UILabel()
        scaledCustom.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        scaledCustom.adjustsFontForContentSizeCategory = true
        let field = UITextField()
        field.font = .preferredFont(forTextStyle: .callout)
        field.adjustsFontForContentSizeCategory = true
        let button = UIButton(type: .system)
        button.setTitle("Undo", for: .normal)
        button.titleLabel?.font = .preferredFont(forTextStyle: .subheadline)
        button.titleLabel?.adjustsFontForContentSizeCategory = true
        for v in [adjusting, fixed, custom, scaledCustom, field, button] as [UIView] { child.view.addSubview(v) }
        app.advanceFrames(1)
        let narrow = button.intrinsicContentSize.width
        #expect(adjusting.font.pointSize == 17)

        parent.setOverrideTraitCollection(xxl, forChild: child)
        #expect(adjusting.font.pointSize == 21)
        #expect(adjusting.sizesAtChange == [21])                // rescaled before it hears of the change
        #expect(fixed.font.pointSize == 17)
        #expect(custom.font.pointSize == 13)
        #expect(abs(scaledCustom.font.pointSize - 13 * 21 / 17) < 1e-9)
        #expect(abs((field.font?.pointSize ?? 0) - 16 * 21 / 17) < 1e-9)
        #expect(abs((button.titleLabel?.font.pointSize ?? 0) - 15 * 21 / 17) < 1e-9)
        #expect(button.intrinsicContentSize.width > narrow)      // the button follows its label

        parent.setOverrideTraitCollection(nil, forChild: child)
        #expect(adjusting.font.pointSize == 17)
        #expect(abs((field.font?.pointSize ?? 0) - 16) < 1e-9)

        // A label that joins a hierarchy with a larger category takes it on arrival.
        parent.setOverrideTraitCollection(UITraitCollection(preferredContentSizeCategory: .extraSmall), forChild: child)
        let late = UILabel()
        late.font = .preferredFont(forTextStyle: .body)
        late.adjustsFontForContentSizeCategory = true
        child.view.addSubview(late)
        #expect(late.font.pointSize == 14)
        let conforming: [any UIContentSizeCategoryAdjusting] = [late, field]
        #expect(conforming.allSatisfy { $0.adjustsFontForContentSizeCategory })
    }

    @Test func accessibilityDisplaySettingsAreOff() {
        #expect(!UIAccessibility.isDarkerSystemColorsEnabled)
        #expect(!UIAccessibility.isBoldTextEnabled && !UIAccessibility.shouldDifferentiateWithoutColor)
        #expect(!UIAccessibility.isInvertColorsEnabled && !UIAccessibility.isGrayscaleEnabled)
        #expect(!UIAccessibility.prefersCrossFadeTransitions && !UIAccessibility.isVoiceOverRunning)
        #expect(!UIAccessibility.isReduceMotionEnabled && !UIAccessibility.isReduceTransparencyEnabled)
        #expect(UIAccessibility.darkerSystemColorsStatusDidChangeNotification.rawValue
            == "UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
        #expect(UIAccessibility.differentiateWithoutColorDidChangeNotification.rawValue
            == "UIAccessibilityShouldDifferentiateWithoutColorDidChangeNotification")
        #expect(UIAccessibility.prefersCrossFadeTransitionsStatusDidChange.rawValue
            == "UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")
    }
}
